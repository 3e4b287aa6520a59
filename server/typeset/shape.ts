import * as hb from 'harfbuzzjs';
import type { Face } from './fonts';

// Complex shaping (conjuncts, reordered vowel signs, stacked marks) by HarfBuzz, compiled to WebAssembly: the
// Indic and South-East Asian scripts, Ethiopic, Georgian and Armenian, which fontkit's layout does not reorder.
// A run is shaped once into glyph ids of its face and their positions in font units; the PDFs draw those ids at
// those positions and the SVG images draw their outlines, so both measure what they draw.

export interface ShapedGlyph {
  /** The glyph id in the face's font file. */
  id: number;
  /** The index in the run's text (UTF-16) of the first character this glyph draws. */
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface ShapedRun {
  glyphs: ShapedGlyph[];
  /** The run's width in font units: the sum of the advances. */
  advance: number;
}

const fonts = new WeakMap<Face, hb.Font>();

/** The face's HarfBuzz font, made on first use (as the face itself is read). */
function hbFont(face: Face): hb.Font {
  let font = fonts.get(face);
  if (!font) {
    font = new hb.Font(new hb.Face(new hb.Blob(face.bytes)));
    fonts.set(face, font);
  }
  return font;
}

// Names are short and the same ones are measured (to wrap and centre) and then drawn: a few hundred shaped
// runs are kept.
const cache = new Map<string, ShapedRun>();
const CACHE_SIZE = 500;

/** Shapes a run of text (logical order, one face, left to right) into glyphs at their positions. */
export function shape(face: Face, text: string): ShapedRun {
  const key = `${face.name}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(hbFont(face), buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  let advance = 0;
  const glyphs = infos.map((info, i) => {
    const p = positions[i]!;
    advance += p.xAdvance;
    return {
      id: info.codepoint,
      cluster: info.cluster,
      xAdvance: p.xAdvance,
      xOffset: p.xOffset,
      yOffset: p.yOffset,
    };
  });
  const run = { glyphs, advance };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, run);
  return run;
}

/** A glyph's outline as SVG path data, in font units with y up (as fontkit's `path.toSVG()`). */
export const glyphOutline = (face: Face, id: number) => hbFont(face).glyphToPath(id);
