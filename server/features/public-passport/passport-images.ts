import QRCode from 'qrcode';
import sharp from 'sharp';
import { clip, escapeXml } from '../../media/og-image';

// The QR label of a passport.

export interface LabelFacts {
  url: string;
  code: string;
  name: string;
  maker: string | null;
}

/**
 * A label 60 × 30 mm: the QR code (error correction M, quiet zone of 4 modules) on the left, the code, name and
 * maker on the right. Vector, so it prints sharp at any size; the PNG is rendered from it at 600 dpi.
 */
export async function labelSvg(facts: LabelFacts): Promise<string> {
  const qr = QRCode.create(facts.url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const total = size + quiet * 2;
  let d = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (qr.modules.get(y, x)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  // Millimetres: QR 28 × 28 at (1,1); text from x = 31.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="30mm" viewBox="0 0 60 30">
  <rect width="60" height="30" fill="#fff"/>
  <svg x="1" y="1" width="28" height="28" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges"><path d="${d}" fill="#000"/></svg>
  <g font-family="DejaVu Sans,Arial,sans-serif" fill="#000">
    <text x="31" y="8" font-size="2.6">Luthier Registry</text>
    <text x="31" y="14" font-size="3.6" font-family="DejaVu Sans Mono,monospace" font-weight="bold">${escapeXml(facts.code)}</text>
    <text x="31" y="20" font-size="2.8">${escapeXml(clip(facts.name, 24))}</text>
    ${facts.maker ? `<text x="31" y="24.5" font-size="2.4">${escapeXml(clip(`by ${facts.maker}`, 28))}</text>` : ''}
  </g>
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
