import { isBold, type FontStyle } from './fonts';
import { visualRuns } from './runs';
import { wrapText } from './wrap';
import { escapeXml } from './xml';

// Text in the SVG images the server makes (the QR label, the share images), drawn as glyph outlines from the same
// Noto faces the PDFs embed: the image looks the same in every viewer and in sharp (which has no web fonts), and
// the widths measured here are the widths drawn. Shaping and positions (kerning, Arabic joining, marks) are
// fontkit's.

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The width of a line at a size, in the image's units. */
export function svgTextWidth(text: string, size: number, style: FontStyle = 'sans'): number {
  return visualRuns(text, style).reduce(
    (w, r) => w + (r.face.font.layout(r.text).advanceWidth * size) / r.face.font.unitsPerEm,
    0,
  );
}

/** Lines of at most `width`; at most maxLines, the last ending with "…" when text was left out. */
export const svgWrap = (
  text: string,
  width: number,
  size: number,
  style: FontStyle = 'sans',
  maxLines?: number,
) => wrapText(text, width, (t) => svgTextWidth(t, size, style), maxLines);

export interface SvgLineOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  style?: FontStyle;
  fill?: string;
  anchor?: 'start' | 'middle';
}

/**
 * One line as a group of glyph outlines, labelled with its text (aria-label, for assistive technology and for
 * tests that look for it).
 */
export function svgLine(text: string, options: SvgLineOptions): string {
  const { size, style = 'sans', fill = '#000' } = options;
  const width = svgTextWidth(text, size, style);
  let x = options.anchor === 'middle' ? options.x - width / 2 : options.x;
  const paths: string[] = [];
  for (const run of visualRuns(text, style)) {
    const { font } = run.face;
    const scale = size / font.unitsPerEm;
    const laid = font.layout(run.text);
    let pen = 0;
    let d = '';
    laid.glyphs.forEach((glyph, i) => {
      const pos = laid.positions[i]!;
      const gx = pen + pos.xOffset;
      const gy = pos.yOffset;
      // Font units, y up: moved to the pen position here, scaled and flipped by the group's transform.
      const outline = glyph.path.toSVG();
      if (outline) d += `<path transform="translate(${round(gx)} ${round(gy)})" d="${outline}"/>`;
      pen += pos.xAdvance;
    });
    const stroke =
      isBold(style) && run.face.synthesiseBold
        ? ` stroke="${fill}" stroke-width="${round(0.03 * font.unitsPerEm)}"`
        : '';
    paths.push(
      `<g transform="translate(${round(x)} ${round(options.y)}) scale(${round(scale * 1e4) / 1e4} ${-round(scale * 1e4) / 1e4})"${stroke}>${d}</g>`,
    );
    x += pen * scale;
  }
  return `<g class="text-line" role="img" aria-label="${escapeXml(text)}" fill="${fill}">${paths.join('')}</g>`;
}
