import { sql, type SQL } from 'drizzle-orm';

/** `like` treats % _ and \ as wildcards or escapes; user input must match them literally. */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `%term%` for `like` against a search_fold column or expression (migration search_fold; the same table as
 * contract/search-fold.ts): the term is escaped here and folded by the database's own search_fold, so both
 * sides fold alike on every backend — "tomas" matches Tomás, "Montreal" Montréal, "O'Connor" O’Connor — and a
 * trigram index on the folded text serves it.
 */
export function foldedPattern(term: string): SQL {
  return sql`('%' || search_fold(${escapeLike(term)}) || '%')`;
}

/** `%text%` for `like`, the text matched literally (already folded by the database). */
export function likeAnywhere(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A word (letters and digits, as pg_trgm splits text) and the one character that ends it, if any. */
const WORD_AND_END = /[\p{L}\p{N}]+[^\p{L}\p{N}]?/gu;

/**
 * The pieces of a folded search term that the trigram index looks up: each word with the character that ends
 * it, never the one before it. Every piece is a substring of the term, so a text that contains the term
 * contains each piece: looking the pieces up finds every match (and a few more, which the full term then
 * drops). What is left out is where a word starts: from `k3 37777` pg_trgm would also look up "words that
 * start with 3" and "with 37", posting lists that hold a tenth of the registry and grow with it; `k3 ` (a word
 * that ends in k3), `377` and `777` are enough to narrow a million passports to one. Pieces too short to
 * make a trigram (`ab` at the end, `a-`) are left out. Empty when nothing is left: then the whole term is
 * looked up as before.
 */
export function trigramPieces(folded: string): string[] {
  return [...new Set(folded.match(WORD_AND_END) ?? [])].filter((piece) => [...piece].length >= 3);
}
