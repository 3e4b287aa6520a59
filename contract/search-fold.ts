// Search that forgives (issue 25 §8): "tomas" finds Tomás, "Montreal" Montréal, "O'Connor" O’Connor. The same
// folding runs in the database (the immutable SQL function `search_fold`, migration search_fold, behind the
// registry's generated search column and the trigram indexes) and here (the client's and the tests' view of
// what a search matches). One character table feeds both; server/db/search-fold.test.ts checks they agree.

/** Letters that stand for two (ß → ss) or that Unicode does not decompose (ø, ł, đ …). */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ĳ: 'ij',
  Ĳ: 'ij',
  þ: 'th',
  Þ: 'th',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ŀ: 'l',
  Ŀ: 'l',
};

/** Every way of writing an apostrophe or a quote mark becomes the one a keyboard types. */
const PUNCTUATION: Record<string, string> = {
  '\u2019': "'", // ’ right single quotation mark (the typographic apostrophe)
  '\u2018': "'", // ‘
  '\u02BC': "'", // ʼ modifier letter apostrophe
  '\u02B9': "'", // ʹ
  '\u2032': "'", // ′ prime
  '\u00B4': "'", // ´ acute accent typed as an apostrophe
  '`': "'",
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u2010': '-', // ‐ hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2013': '-', // – en dash
  '\u2014': '-', // — em dash
};

/** Latin letters with diacritics (Latin-1, Extended-A and B, Extended Additional) and their bare lower case. */
function accentedLetters(): [string, string][] {
  const pairs: [string, string][] = [];
  const ranges: [number, number][] = [
    [0x00c0, 0x024f],
    [0x1e00, 0x1eff],
  ];
  for (const [from, to] of ranges)
    for (let code = from; code <= to; code++) {
      const c = String.fromCodePoint(code);
      if (c in SPECIAL) continue;
      const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
      if (/^[A-Za-z]$/.test(bare)) pairs.push([c, bare.toLowerCase()]);
    }
  return pairs;
}

/** Combining marks (a letter typed as e + ́): dropped. */
const COMBINING = Array.from({ length: 0x70 }, (_, i) => String.fromCodePoint(0x0300 + i)).join('');

const SINGLE: [string, string][] = [
  ...accentedLetters(),
  ...Object.entries(SPECIAL).filter(([, to]) => to.length === 1),
  ...Object.entries(PUNCTUATION),
];
const MULTI = Object.entries(SPECIAL).filter(([, to]) => to.length > 1);

/** `translate(text, FOLD_FROM, FOLD_TO)`: one for one, and the combining marks past FOLD_TO's end deleted. */
export const FOLD_FROM = SINGLE.map(([c]) => c).join('') + COMBINING;
export const FOLD_TO = SINGLE.map(([, to]) => to).join('');
/** `replace(text, from, to)` for each pair, before translate. */
export const FOLD_MULTI: readonly (readonly [string, string])[] = MULTI;

const singleMap = new Map(SINGLE);

/**
 * The searchable form of a text: lower case, without accents, one apostrophe. `search_fold` in the database is
 * the same function (its lower() also folds ASCII only where the database's locale is C, as PGlite's is: the
 * server therefore folds a search term in SQL, never with this, so both sides always fold alike).
 */
export function foldSearchText(text: string): string {
  let out = '';
  for (const c of text) {
    const multi = SPECIAL[c];
    if (multi && multi.length > 1) out += multi;
    else if (COMBINING.includes(c)) continue;
    else out += singleMap.get(c) ?? c;
  }
  return out.toLowerCase();
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The body of the SQL function (what the migration defines), for the test that keeps both sides equal. */
export function foldSqlExpression(arg: string): string {
  let expr = arg;
  for (const [from, to] of FOLD_MULTI) expr = `replace(${expr}, ${sqlString(from)}, ${sqlString(to)})`;
  return `lower(translate(${expr}, ${sqlString(FOLD_FROM)}, ${sqlString(FOLD_TO)}))`;
}
