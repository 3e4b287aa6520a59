import { createHash } from 'node:crypto';
import {
  beginText,
  endText,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  endMarkedContent,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { Glyph } from '@pdf-lib/fontkit';
import type { ShapedRun } from './shape';

// What pdf-lib does not do for us: drawing glyphs by id at HarfBuzz's positions (its own drawText lays text out
// with fontkit, which does not reorder Indic vowel signs or form conjuncts), and naming subset fonts as ISO 32000
// (9.6.4) requires.

/** pdf-lib's subsetting embedder, behind PDFFont's private `embedder`: the parts this module uses. */
interface SubsetEmbedder {
  font: { getGlyph(id: number): Glyph };
  subset: { includeGlyph(glyph: Glyph): number };
  glyphs: Glyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
  fontName: string;
  baseFontName: string;
  serializeFont(): Promise<Uint8Array>;
}
const embedderOf = (font: PDFFont) => (font as unknown as { embedder: SubsetEmbedder }).embedder;

/**
 * Names an embedded subset `ABCDEF+PostScriptName` (ISO 32000-1 9.6.4, which `pdffonts` reports as "sub"): six
 * capital letters from a hash of the subset's bytes, so the same subset gets the same name in every document.
 * pdf-lib names it when the document is saved, after serialising the subset and before writing the font
 * dictionaries and the descriptor, which read the name then.
 */
export function tagSubsetName(font: PDFFont) {
  const embedder = embedderOf(font);
  const serialise = embedder.serializeFont.bind(embedder);
  embedder.serializeFont = async () => {
    const bytes = await serialise();
    const digest = createHash('sha256').update(bytes).digest();
    const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
    embedder.baseFontName = `${tag}+${embedder.fontName}`;
    return bytes;
  };
}

/** The subset's id for a glyph of the font file, adding it (with its width, for the W array) on first use. */
function subsetId(embedder: SubsetEmbedder, id: number, chars: string): number {
  const glyph = embedder.font.getGlyph(id);
  // The ToUnicode map gives the glyph the characters it was first drawn for (readers without ActualText then
  // still find the text); a glyph a conjunct or a mark position made has none of its own in the font's cmap.
  if (!glyph.codePoints.length && chars)
    (glyph as { codePoints: number[] }).codePoints = Array.from(chars, (c) => c.codePointAt(0)!);
  const sid = embedder.subset.includeGlyph(glyph);
  if (!embedder.glyphIdMap.has(id)) {
    embedder.glyphs[sid - 1] = glyph;
    embedder.glyphIdMap.set(id, sid);
    embedder.glyphCache.invalidate();
  }
  return sid;
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();
/** The page's resource name for a font, added once (pdf-lib's setFont adds a new one at every call). */
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map<PDFFont, PDFName>()));
  let key = keys.get(font);
  if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

export interface GlyphRunOptions {
  x: number;
  y: number;
  size: number;
  color: RGB;
  unitsPerEm: number;
  /** Operators put after the colour (a face without bold is stroked as well as filled). */
  extra?: PDFOperator[];
}

/**
 * Draws a shaped run glyph by glyph, inside a marked-content span whose ActualText is the run's text: glyphs in
 * visual order (a vowel sign before its consonant, one glyph for a conjunct) read back as the characters in
 * logical order (pdftotext and other readers use ActualText instead of the glyphs' own mapping).
 */
export function drawGlyphRun(
  page: PDFPage,
  font: PDFFont,
  text: string,
  run: ShapedRun,
  options: GlyphRunOptions,
) {
  const embedder = embedderOf(font);
  const scale = options.size / options.unitsPerEm;
  // An inline property list (operands are written as they are): the text as UTF-16BE with its byte order mark.
  const span = `<</ActualText ${PDFHexString.fromText(text).toString()}>>`;
  // The span inside the text object: poppler places the ActualText where the span ends, with the font then set.
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    beginText(),
    setFillingColor(options.color),
    ...(options.extra ?? []),
    setFontAndSize(fontKey(page, font), options.size),
    PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), span]),
  ];
  let pen = 0;
  run.glyphs.forEach((g, i) => {
    const next = run.glyphs.slice(i + 1).find((o) => o.cluster !== g.cluster)?.cluster ?? text.length;
    const first = i === 0 || run.glyphs[i - 1]!.cluster !== g.cluster;
    const sid = subsetId(embedder, g.id, first ? text.slice(g.cluster, Math.max(next, g.cluster)) : '');
    const x = options.x + (pen + g.xOffset) * scale;
    const y = options.y + g.yOffset * scale;
    ops.push(setTextMatrix(1, 0, 0, 1, x, y), showText(PDFHexString.of(sid.toString(16).padStart(4, '0'))));
    pen += g.xAdvance;
  });
  ops.push(endMarkedContent(), endText(), popGraphicsState());
  page.pushOperators(...ops);
}
