import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import {
  popGraphicsState,
  pushGraphicsState,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  TextRenderingMode,
} from 'pdf-lib';
import { faceFor, fontkit, isBold, type Face, type FaceName, type FontStyle } from './fonts';
import { drawGlyphRun, tagSubsetName } from './pdf-glyphs';
import { visualRuns, type Run } from './runs';
import { shape } from './shape';
import { wrapText } from './wrap';

// Text in the product's PDFs (certificates, dossiers): the embedded Noto faces, subset to the glyphs drawn, one
// face per run of text (fallback by script), right-to-left runs reordered and shaped. Widths are measured the way
// pdf-lib draws (each glyph's advance), so what is measured is what is printed.

export const INK = rgb(0.12, 0.09, 0.06);

/** Faces whose text is shaped (joined, reordered marks): measured by laying it out. */
const SHAPED = /Arabic|Hebrew/;
/** Combining marks, which the faces may compose with the letter before them. */
const COMBINING = /\p{M}/u;
/** Ligatures off in the other faces: a glyph per character, so a width is the sum of the characters' advances. */
const NO_LIGATURES = { liga: false, clig: false, dlig: false, calt: false, rlig: false };

export interface DrawOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  style?: FontStyle;
  color?: RGB;
}

export class PdfText {
  private constructor(
    private readonly fonts: Map<FaceName, PDFFont>,
    private readonly styles: FontStyle[],
  ) {}

  /**
   * Embeds the faces the document can need: each style's first face, and the fallback faces for the characters
   * of `content` (everything the document will print that is not fixed English text). pdf-lib embeds
   * asynchronously; drawing is then synchronous.
   */
  static async for(doc: PDFDocument, styles: FontStyle[], content: string): Promise<PdfText> {
    // pdf-lib reads its own copy of each face: fontkit's glyph objects keep the characters they were first met
    // for, and a glyph first met as part of another (Cyrillic а is drawn with Latin a) has none, which would leave
    // the PDF's text unreadable wherever it is used.
    doc.registerFontkit(fontkit);
    const needed = new Set<Face>();
    const chars = new Set(Array.from(content, (c) => c.codePointAt(0)!));
    for (const style of styles) {
      needed.add(faceFor(style, 0x41));
      for (const c of chars) needed.add(faceFor(style, c));
    }
    const fonts = new Map<FaceName, PDFFont>();
    for (const f of needed) {
      const features = SHAPED.test(f.name) ? undefined : NO_LIGATURES;
      const font = await doc.embedFont(f.bytes, { subset: true, features });
      tagSubsetName(font);
      fonts.set(f.name, font);
    }
    return new PdfText(fonts, styles);
  }

  /** A face that was not embedded (text not passed to PdfText.for) prints in the style's first face, never fails. */
  private fontOf(f: Face, style: FontStyle): PDFFont {
    return this.fonts.get(f.name) ?? this.fonts.get(faceFor(style, 0x41).name)!;
  }

  /** The width of a line at a size: the sum of its runs, each in its face. */
  width(text: string, size: number, style: FontStyle = 'sans'): number {
    this.check(style);
    return visualRuns(text, style).reduce((w, r) => w + this.runWidth(r, size, style), 0);
  }

  /**
   * A run's width as pdf-lib draws it (the advances of the glyphs fontkit lays out). Without ligatures, Latin,
   * Greek, Cyrillic and CJK glyphs are the characters' own: their advances are added up without laying the text
   * out, which costs a tenth of a millisecond a character (hashes and log entries are long).
   */
  private runWidth(run: Run, size: number, style: FontStyle): number {
    const font = this.fontOf(run.face, style);
    if (run.face.harfbuzz && this.fonts.has(run.face.name))
      return (shape(run.face, run.text).advance * size) / run.face.font.unitsPerEm;
    if (SHAPED.test(run.face.name) || COMBINING.test(run.text) || !this.fonts.has(run.face.name))
      return font.widthOfTextAtSize(run.text, size);
    const metrics = run.face.font;
    let units = 0;
    for (const char of run.text) units += metrics.glyphForCodePoint(char.codePointAt(0)!).advanceWidth;
    return (units * size) / metrics.unitsPerEm;
  }

  /** Draws one line from its left edge; returns its width. */
  draw(page: PDFPage, text: string, options: DrawOptions): number {
    const { size, style = 'sans', color = INK } = options;
    this.check(style);
    let x = options.x;
    for (const run of visualRuns(text, style)) {
      const font = this.fontOf(run.face, style);
      if (run.face.harfbuzz && this.fonts.has(run.face.name)) {
        // Shaped by HarfBuzz: its glyphs at its positions (all these faces have a bold weight of their own).
        const { unitsPerEm } = run.face.font;
        drawGlyphRun(page, font, run.text, shape(run.face, run.text), {
          x,
          y: options.y,
          size,
          color,
          unitsPerEm,
        });
        x += this.runWidth(run, size, style);
        continue;
      }
      const embolden = isBold(style) && run.face.synthesiseBold;
      // A face without a bold weight is emboldened by stroking its outlines in the fill colour.
      if (embolden)
        page.pushOperators(
          pushGraphicsState(),
          setTextRenderingMode(TextRenderingMode.FillAndOutline),
          setLineWidth(size * 0.03),
          setStrokingColor(color),
        );
      page.drawText(run.text, { x, y: options.y, size, font, color });
      if (embolden) page.pushOperators(popGraphicsState());
      x += this.runWidth(run, size, style);
    }
    return x - options.x;
  }

  /** Draws a line centred between two edges, shrunk (down to minSize) and then cut with "…" to fit. */
  centred(
    page: PDFPage,
    text: string,
    options: Omit<DrawOptions, 'x'> & { left: number; right: number; minSize?: number },
  ) {
    const { left, right, style = 'sans' } = options;
    const room = right - left;
    let size = options.size;
    while (size > (options.minSize ?? 10) && this.width(text, size, style) > room) size -= 1;
    const [line = ''] = this.wrap(text, room, size, style, 1);
    const width = this.width(line, size, style);
    this.draw(page, line, { ...options, size, x: left + (room - width) / 2 });
  }

  /** Lines of at most `width`, by words, a long word by characters; at most maxLines, the last ending in "…". */
  wrap(text: string, width: number, size: number, style: FontStyle = 'sans', maxLines?: number): string[] {
    return wrapText(text, width, (t) => this.width(t, size, style), maxLines);
  }

  private check(style: FontStyle) {
    if (!this.styles.includes(style))
      throw new Error(`The style ${style} was not prepared: pass it to PdfText.for`);
    // (A programming error, found by any test that prints the document.)
  }
}
