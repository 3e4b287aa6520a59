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
