import fs from 'node:fs';
import path from 'node:path';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import { repoRoot } from '../paths';

// The fonts every document the product hands out is drawn with (PDFs, labels, share images): Noto subsets
// committed beside this file (scripts/fonts/build-fonts.py makes them; decision 016 says why and what they cover).
// A run of text takes the first face of its style's chain that has its characters: Latin, Greek and Cyrillic,
// then Arabic, Hebrew, the scripts HarfBuzz shapes (Indic, South-East Asian, Ethiopic, Georgian, Armenian),
// Chinese and Japanese (Droid Sans Fallback), Korean (Nanum Gothic).

/** The package is CommonJS: its functions sit on `default` when imported from an ES module. */
export const fontkit =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

// From the checkout's root: the compiled server is one bundle elsewhere (dist/server), the fonts stay here.
const dir = path.join(repoRoot, 'server/typeset/fonts');

/** Scripts drawn with HarfBuzz's shaping (conjuncts, reordering, marks), each from its Noto Sans face. */
export const SHAPED_SCRIPTS = [
  'Devanagari',
  'Bengali',
  'Tamil',
  'Telugu',
  'Gujarati',
  'Gurmukhi',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Sinhala',
  'Ethiopic',
  'Georgian',
  'Armenian',
] as const;
type ShapedScript = (typeof SHAPED_SCRIPTS)[number];

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
  | `NotoSans${ShapedScript}-${'Regular' | 'Bold'}`
  | 'DroidSansFallback'
  | 'NanumGothic';

export interface Face {
  name: FaceName;
  /** The font file's bytes, embedded (subset) into PDFs. */
  bytes: Uint8Array;
  font: Font;
  /** The face has no bold weight: bold text in it is drawn emboldened (a stroke around the fill). */
  synthesiseBold: boolean;
  /** Runs in this face are shaped by HarfBuzz (shape.ts) and drawn glyph by glyph, not laid out by fontkit. */
  harfbuzz: boolean;
}

export type FontStyle = 'sans' | 'sans-bold' | 'serif' | 'serif-bold' | 'mono' | 'mono-bold';

/** After a style's own faces: the other scripts, in the weight of the style, then CJK (one weight). */
const others = (weight: 'Regular' | 'Bold'): FaceName[] => [
  `NotoSansArabic-${weight}`,
  `NotoSansHebrew-${weight}`,
  ...SHAPED_SCRIPTS.map((script): FaceName => `NotoSans${script}-${weight}`),
  'DroidSansFallback',
  'NanumGothic',
];

const CHAINS: Record<FontStyle, FaceName[]> = {
  sans: ['NotoSans-Regular', ...others('Regular')],
  'sans-bold': ['NotoSans-Bold', ...others('Bold')],
  serif: ['NotoSerif-Regular', ...others('Regular')],
  'serif-bold': ['NotoSerif-Bold', ...others('Bold')],
  mono: ['NotoSansMono-Regular', 'NotoSans-Regular', ...others('Regular')],
  'mono-bold': ['NotoSansMono-Bold', 'NotoSans-Bold', ...others('Bold')],
};

export const isBold = (style: FontStyle) => style.endsWith('-bold');

const loaded = new Map<FaceName, Face>();
const SHAPED_FACE = new RegExp(`^NotoSans(${SHAPED_SCRIPTS.join('|')})-`);

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
      harfbuzz: SHAPED_FACE.test(name),
    };
    loaded.set(name, found);
  }
  return found;
}

/** Each shaped script's letters: a character of one goes straight to its face, without reading the others. */
const SCRIPT_LETTERS = SHAPED_SCRIPTS.map((script) => ({
  script,
  letters: new RegExp(`^\\p{Script=${script}}$`, 'u'),
}));

const chosen = new Map<string, Face>();

/** The face that draws a character in a style: the first of the chain that has it (the first one otherwise). */
export function faceFor(style: FontStyle, codePoint: number): Face {
  const key = `${style}:${codePoint}`;
  let found = chosen.get(key);
  if (found) return found;
  const chain = CHAINS[style];
  const char = String.fromCodePoint(codePoint);
  const weight = isBold(style) ? 'Bold' : 'Regular';
  const own = codePoint >= 0x530 ? SCRIPT_LETTERS.find((s) => s.letters.test(char)) : undefined;
  if (own) {
    const f = face(`NotoSans${own.script}-${weight}`);
    if (f.font.hasGlyphForCodePoint(codePoint)) found = f;
  }
  // Other characters: the faces that are not a shaped script's first (so that CJK text does not read fourteen
  // faces it has no use for), then those.
  const order = [...chain.filter((n) => !SHAPED_FACE.test(n)), ...chain.filter((n) => SHAPED_FACE.test(n))];
  for (const name of order) {
    if (found) break;
    const f = face(name);
    if (f.font.hasGlyphForCodePoint(codePoint)) found = f;
  }
  found ??= face(chain[0]!);
  chosen.set(key, found);
  return found;
}

/** Whether some face of the style draws the character (not the "missing glyph" box). */
export const covers = (style: FontStyle, codePoint: number) =>
  faceFor(style, codePoint).font.hasGlyphForCodePoint(codePoint);
