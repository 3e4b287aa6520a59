// Line breaking shared by the PDFs and the SVG images: by words, and by characters where a word (a hash, or CJK
// text, which has no spaces) is wider than the line; optionally at most a number of lines, the last one ending
// with "…" when text was left out.

export type Measure = (text: string) => number;

const ELLIPSIS = '…';

/**
 * Whether text fits a width. Laying text out (shaping) costs about a tenth of a millisecond a character, so the sum
 * of the characters' own widths (each measured once) decides when it is far from the edge; shaping changes a
 * width by far less than the margins here (ligatures and joined Arabic forms are narrower, not wider).
 */
class Fitter {
  private readonly chars = new Map<string, number>();
  constructor(
    private readonly width: number,
    private readonly measure: Measure,
  ) {}

  charWidth(char: string): number {
    let w = this.chars.get(char);
    if (w === undefined) this.chars.set(char, (w = this.measure(char)));
    return w;
  }

  fits(text: string): boolean {
    let estimate = 0;
    for (const char of text) estimate += this.charWidth(char);
    if (estimate <= this.width * 0.9) return true;
    if (estimate > this.width * 1.5) return false;
    return this.measure(text) <= this.width;
  }

  /** How many of the characters fit (at least one). */
  longest(chars: string[], suffix = ''): number {
    let n = 0;
    let sum = this.charWidth(suffix || ' ') * (suffix ? 1 : 0);
    while (n < chars.length && sum + this.charWidth(chars[n]!) <= this.width)
      sum += this.charWidth(chars[n++]!);
    while (n > 1 && !this.fits(`${chars.slice(0, n).join('').trimEnd()}${suffix}`)) n -= 1;
    return Math.max(n, 1);
  }
}

function breakParagraph(paragraph: string, fitter: Fitter): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/(?<=\s)/)) {
    if (fitter.fits((line + word).trimEnd())) {
      line += word;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    let rest = Array.from(word);
    for (let n = fitter.longest(rest); n < rest.length; n = fitter.longest(rest)) {
      lines.push(rest.slice(0, n).join(''));
      rest = rest.slice(n);
    }
    line = rest.join('');
  }
  lines.push(line.trimEnd());
  return lines;
}

/** The text's lines; with maxLines, the last shown line ends with "…" when more text did not fit. */
export function wrapText(text: string, width: number, measure: Measure, maxLines = Infinity): string[] {
  const fitter = new Fitter(width, measure);
  const lines = text.split('\n').flatMap((p) => breakParagraph(p, fitter));
  if (lines.length <= maxLines) return lines;
  const shown = lines.slice(0, maxLines);
  const last = Array.from(`${shown[maxLines - 1]!} ${lines[maxLines]!}`);
  shown[maxLines - 1] = `${last.slice(0, fitter.longest(last, ELLIPSIS)).join('').trimEnd()}${ELLIPSIS}`;
  return shown;
}
