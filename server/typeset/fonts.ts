import fs from 'node:fs';
import path from 'node:path';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import { repoRoot } from '../paths';

// The fonts every document the product hands out is drawn with (PDFs, labels, share images): Noto subsets
// committed beside this file (scripts/fonts/build-fonts.py makes them; decision 016 says why and what they cover).
// A run of text takes the first face of its style's chain that has its characters: Latin, Greek and Cyrillic,
// then Arabic, Hebrew, Chinese and Japanese (Droid Sans Fallback), Korean (Nanum Gothic).

/** The package is CommonJS: its functions sit on `default` when imported from an ES module. */
export const fontkit =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

// From the checkout's root: the compiled server is one bundle elsewhere (dist/server), the fonts stay here.
const dir = path.join(repoRoot, 'server/typeset/fonts');

export type FaceName =
  | 'NotoSans-Regular'
  | 'NotoSans-Bold'
  | 'NotoSerif-Regular'
  | 'NotoSerif-Bold'
  | 'NotoSansMono-Regular'
  | 'NotoSansMono-Bold'
  | 'NotoSansArabic-Regular'
  | 'NotoSansArabic-Bold'
  | 'NotoSansHebrew-Regular'
  | 'NotoSansHebrew-Bold'
  | 'DroidSansFallback'
  | 'NanumGothic';

export interface Face {
  name: FaceName;
  /** The font file's bytes, embedded (subset) into PDFs. */
  bytes: Uint8Array;
  font: Font;
  /** The face has no bold weight: bold text in it is drawn emboldened (a stroke around the fill). */
  synthesiseBold: boolean;
}

export type FontStyle = 'sans' | 'sans-bold' | 'serif' | 'serif-bold' | 'mono' | 'mono-bold';

const CHAINS: Record<FontStyle, FaceName[]> = {
  sans: [
    'NotoSans-Regular',
    'NotoSansArabic-Regular',
    'NotoSansHebrew-Regular',
    'DroidSansFallback',
    'NanumGothic',
  ],
  'sans-bold': [
    'NotoSans-Bold',
    'NotoSansArabic-Bold',
    'NotoSansHebrew-Bold',
    'DroidSansFallback',
    'NanumGothic',
  ],
  serif: [
    'NotoSerif-Regular',
    'NotoSansArabic-Regular',
    'NotoSansHebrew-Regular',
    'DroidSansFallback',
    'NanumGothic',
  ],
  'serif-bold': [
    'NotoSerif-Bold',
    'NotoSansArabic-Bold',
    'NotoSansHebrew-Bold',
    'DroidSansFallback',
    'NanumGothic',
  ],
  mono: [
    'NotoSansMono-Regular',
    'NotoSans-Regular',
    'NotoSansArabic-Regular',
    'NotoSansHebrew-Regular',
    'DroidSansFallback',
    'NanumGothic',
  ],
  'mono-bold': [
    'NotoSansMono-Bold',
    'NotoSans-Bold',
    'NotoSansArabic-Bold',
    'NotoSansHebrew-Bold',
    'DroidSansFallback',
    'NanumGothic',
  ],
};

export const isBold = (style: FontStyle) => style.endsWith('-bold');

const loaded = new Map<FaceName, Face>();

/** Faces are read when first needed: the CJK face is most of the bytes and most documents never use it. */
function face(name: FaceName): Face {
  let found = loaded.get(name);
  if (!found) {
    const bytes = fs.readFileSync(path.join(dir, `${name}.ttf`));
    found = {
      name,
      bytes,
      font: fontkit.create(bytes),
      synthesiseBold: name === 'DroidSansFallback' || name === 'NanumGothic',
    };
    loaded.set(name, found);
  }
  return found;
}

/** The face that draws a character in a style: the first of the chain that has it (the last one otherwise). */
export function faceFor(style: FontStyle, codePoint: number): Face {
  const chain = CHAINS[style];
  for (const name of chain) {
    const f = face(name);
    if (f.font.hasGlyphForCodePoint(codePoint)) return f;
  }
  return face(chain[0]!);
}

/** Whether some face of the style draws the character (not the "missing glyph" box). */
export const covers = (style: FontStyle, codePoint: number) =>
  CHAINS[style].some((name) => face(name).font.hasGlyphForCodePoint(codePoint));
