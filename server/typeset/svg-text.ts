import { isBold, type FontStyle } from './fonts';
import { visualRuns, type Run } from './runs';
import { glyphOutline, shape } from './shape';
import { wrapText } from './wrap';
import { escapeXml } from './xml';

// Text in the SVG images the server makes (the QR label, the share images), drawn as glyph outlines from the same
// Noto faces the PDFs embed: the image looks the same in every viewer and in sharp (which has no web fonts), and
// the widths measured here are the widths drawn. Shaping and positions are HarfBuzz's for the scripts it shapes
// (shape.ts: Indic and South-East Asian conjuncts and reordering), fontkit's for the others (kerning, Arabic
// joining, marks).

const round = (n: number) => Math.round(n * 1000) / 1000;

interface Placed {
  /** Outline as SVG path data, font units, y up. */
  outline: string;
  x: number;
  y: number;
  advance: number;
}

/** A run's glyphs as placed by its shaper: HarfBuzz for the faces it shapes, fontkit's layout for the others. */
function placed(run: Run): Placed[] {
  if (run.face.harfbuzz)
    return shape(run.face, run.text).glyphs.map((g) => ({
      outline: glyphOutline(run.face, g.id),
      x: g.xOffset,
      y: g.yOffset,
      advance: g.xAdvance,
    }));
  const laid = run.face.font.layout(run.text);
  return laid.glyphs.map((glyph, i) => {
    const pos = laid.positions[i]!;
    return { outline: glyph.path.toSVG(), x: pos.xOffset, y: pos.yOffset, advance: pos.xAdvance };
  });
}

/** A run's width in font units. */
const runAdvance = (run: Run) =>
  run.face.harfbuzz ? shape(run.face, run.text).advance : run.face.font.layout(run.text).advanceWidth;

/** The width of a line at a size, in the image's units. */
export function svgTextWidth(text: string, size: number, style: FontStyle = 'sans'): number {
  return visualRuns(text, style).reduce((w, r) => w + (runAdvance(r) * size) / r.face.font.unitsPerEm, 0);
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
    let pen = 0;
    let d = '';
    for (const glyph of placed(run)) {
      // Font units, y up: moved to the pen position here, scaled and flipped by the group's transform.
      if (glyph.outline)
        d += `<path transform="translate(${round(pen + glyph.x)} ${round(glyph.y)})" d="${glyph.outline}"/>`;
      pen += glyph.advance;
    }
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
