// Search that forgives: "tomas" finds Tomás, "Montreal" Montréal, "O'Connor" O’Connor. The same
// folding runs in the database (the immutable PL/pgSQL function `search_fold`, migration search_fold, behind the
// registry's generated search column and the trigram indexes) and here (the client's and the tests' view of
// what a search matches). One character table feeds both; server/features/registry/forgiving-search.test.ts
// checks they agree.

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

/** Combining accents (U+0300–U+036F), left after a canonical decomposition (NFD: é → e + ◌́): dropped. */
const COMBINING = /[\u0300-\u036f]/g;

const SINGLE = [
  ...Object.entries(SPECIAL).filter(([, to]) => to.length === 1),
  ...Object.entries(PUNCTUATION),
];
/** `translate(text, FOLD_FROM, FOLD_TO)`: one character for one. */
export const FOLD_FROM = SINGLE.map(([c]) => c).join('');
const FOLD_TO = SINGLE.map(([, to]) => to).join('');
/** `replace(text, from, to)` for each pair. */
const FOLD_MULTI = Object.entries(SPECIAL).filter(([, to]) => to.length > 1);
const singleMap = new Map(SINGLE);

/**
 * The searchable form of a text: lower case, without accents, one apostrophe. Plain ASCII only has its case
 * lowered (and a backtick made an apostrophe); anything else is decomposed (NFD), stripped of its combining
 * accents, and the letters that do not decompose (ø, ł, ß …) and the quote marks are mapped. `search_fold` in
 * the database is the same function; its lower() folds ASCII only where the database's locale is C (PGlite),
 * so the server folds a search term in SQL, never with this, and both sides always fold alike.
 */
export function foldSearchText(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x01-\x7f]*$/.test(text)) return text.replace(/`/g, "'").toLowerCase();
  let out = '';
  for (const c of text.normalize('NFD').replace(COMBINING, '')) {
    const multi = SPECIAL[c];
    out += multi && multi.length > 1 ? multi : (singleMap.get(c) ?? c);
  }
  return out.toLowerCase();
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The body of the PL/pgSQL function the migration defines (kept here so the test can check both sides agree).
 * PL/pgSQL rather than SQL: a SQL function whose argument is used twice is not inlined and ran ten times
 * slower. The ASCII test comes first: normalize() costs several times what lower() does, and most text needs
 * none of it (a generated registry row: 7 µs with it, 60 µs through the full path).
 */
export function foldFunctionBody(arg: string): string {
  let slow = `regexp_replace(normalize(${arg}, NFD), '[\\u0300-\\u036f]', '', 'g')`;
  for (const [from, to] of FOLD_MULTI) slow = `replace(${slow}, ${sqlString(from)}, ${sqlString(to)})`;
  return [
    'begin',
    `  if ${arg} ~ '^[\\x01-\\x7f]*$' then return lower(replace(${arg}, '\`', '''')); end if;`,
    `  return lower(translate(${slow}, ${sqlString(FOLD_FROM)}, ${sqlString(FOLD_TO)}));`,
    'end',
  ].join('\n');
}
