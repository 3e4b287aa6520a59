import bidiFactory from 'bidi-js';
import { covers, faceFor, type Face, type FontStyle } from './fonts';
import { typesetLog } from './log';

// One line of text as the pieces it is drawn in: each in one face (the fallback by script) and one direction,
// in visual order from left to right (the Unicode bidirectional algorithm, UAX #9, through bidi-js).

const bidi = bidiFactory();

export interface Run {
  /** The run's characters in logical order; an RTL run is reversed (and shaped) when it is laid out. */
  text: string;
  face: Face;
  rtl: boolean;
}

/** Spaces, punctuation, digits and combining marks stay in the face of the text around them when it has them. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Letters of a right-to-left script: fontkit reverses and shapes a run that has them itself. */
const STRONG_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

/** Drawn where a character has no glyph in any face: visible, and read back as "unknown character". */
export const REPLACEMENT = '\uFFFD';
/** Characters with nothing to draw (joiners, variation selectors, direction marks): never replaced. */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;
const reported = new Set<number>();

/** The character, or the replacement when no face of the style has it (logged once per code point). */
function drawable(char: string, style: FontStyle): string {
  const codePoint = char.codePointAt(0)!;
  if (codePoint < 0x300 || IGNORABLE.test(char) || covers(style, codePoint)) return char;
  if (!reported.has(codePoint) && reported.size < 10_000) {
    reported.add(codePoint);
    const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
    typesetLog.warn({ codePoint: `U+${hex}` }, 'no font has this character: drawn as U+FFFD');
  }
  return REPLACEMENT;
}

function logicalRuns(line: string, style: FontStyle): (Run & { level: number })[] {
  const { levels } = bidi.getEmbeddingLevels(line);
  const runs: (Run & { level: number })[] = [];
  let current: (Run & { level: number }) | undefined;
  let i = 0;
  for (const original of line) {
    const level = levels[i] ?? 0;
    i += original.length;
    const char = drawable(original, style);
    const codePoint = char.codePointAt(0)!;
    const keep = current && NEUTRAL.test(char) && current.face.font.hasGlyphForCodePoint(codePoint);
    const face = keep ? current!.face : faceFor(style, codePoint);
    if (current && current.face === face && current.level === level) current.text += char;
    else {
      current = { text: char, face, level, rtl: level % 2 === 1 };
      runs.push(current);
    }
  }
  return runs;
}

export function visualRuns(line: string, style: FontStyle): Run[] {
  const runs = logicalRuns(line, style);
  if (!runs.length) return [];
  // UAX #9 rule L2 at the granularity of runs: from the highest level down to the lowest odd one, reverse every
  // stretch of runs at that level or higher.
  const max = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = max; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map(({ text, face, rtl }) => {
    if (!rtl) return { text, face, rtl };
    // Brackets face the other way in right-to-left text; a run without RTL letters is reversed here, since
    // the shaper only reverses runs of a right-to-left script.
    const mirrored = Array.from(text, (c) => bidi.getMirroredCharacter(c) ?? c);
    return { text: (STRONG_RTL.test(text) ? mirrored : mirrored.reverse()).join(''), face, rtl };
  });
}
