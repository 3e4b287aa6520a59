import QRCode from 'qrcode';
import sharp from 'sharp';
import { svgLine, svgWrap } from '../../typeset/svg-text';
import { escapeXml } from '../../typeset/xml';

// The QR label of a passport.

export interface LabelFacts {
  url: string;
  code: string;
  name: string;
  maker: string | null;
}

/** Millimetres: the QR is 28 × 28 at (1, 1); the text column runs from x = 31 to 1 mm short of the right edge. */
const LABEL_TEXT = { left: 31, right: 59 };
const WIDTH = LABEL_TEXT.right - LABEL_TEXT.left;

/**
 * A label 60 × 30 mm: the QR code (error correction M, quiet zone of 4 modules) on the left, the code, name and
 * maker on the right. Vector, so it prints sharp at any size; the PNG is rendered from it at 600 dpi. The text is
 * drawn as outlines of the fonts it was measured with, so it looks and fits the same everywhere: a long name or
 * shop wraps to two lines and ends with "…".
 */
export async function labelSvg(facts: LabelFacts): Promise<string> {
  const qr = QRCode.create(facts.url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const total = size + quiet * 2;
  let d = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (qr.modules.get(y, x)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  const x = LABEL_TEXT.left;
  const lines = [
    svgLine('Luthier Registry', { x, y: 5.6, size: 2.4 }),
    svgLine(svgWrap(facts.code, WIDTH, 3.4, 'mono-bold', 1)[0]!, {
      x,
      y: 10.4,
      size: 3.4,
      style: 'mono-bold',
    }),
  ];
  let y = 15.2;
  for (const line of svgWrap(facts.name, WIDTH, 2.8, 'sans-bold', 2)) {
    lines.push(svgLine(line, { x, y, size: 2.8, style: 'sans-bold' }));
    y += 3.3;
  }
  y += 0.6;
  if (facts.maker)
    for (const line of svgWrap(`by ${facts.maker}`, WIDTH, 2.4, 'sans', 2)) {
      lines.push(svgLine(line, { x, y, size: 2.4 }));
      y += 2.9;
    }
  const title = `Luthier Registry passport ${facts.code}: ${facts.name}${facts.maker ? `, by ${facts.maker}` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="30mm" viewBox="0 0 60 30" role="img">
  <title>${escapeXml(title)}</title>
  <rect width="60" height="30" fill="#fff"/>
  <svg x="1" y="1" width="28" height="28" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges"><path d="${d}" fill="#000"/></svg>
  ${lines.join('\n  ')}
</svg>`;
}

/** 600 dpi: 60 × 30 mm is 1417 × 709 pixels, marked as 600 dpi so it prints at its size. */
export async function labelPng(facts: LabelFacts): Promise<Buffer> {
  const svg = (await labelSvg(facts)).replace('width="60mm" height="30mm"', 'width="1417" height="709"');
  return sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#fff' })
    .withMetadata({ density: 600 })
    .png()
    .toBuffer();
}
