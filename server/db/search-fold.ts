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

/** A word of four letters or more is forgiven a misspelling when pg_trgm's word similarity reaches this ("polsh" in "french polish": 0.5). */
const NEAR_WORD = 0.5;

/**
 * Every word of the term is in the document (a search_fold expression): as typed, or, unless `exact`, nearly — a
 * word of four characters or more whose trigrams a word of the document mostly shares ("polsh" in "french
 * polish", "Márquex" in "Márquez"). The term is folded and split at white space by the database, and each word
 * compared with strpos (no wildcards to escape); for the small tables (makers, courses) that need no index. The
 * registry's search, which does, is search-match.ts (docs/decisions/030).
 */
export function everyWordIn(term: string, doc: SQL, { exact = false } = {}): SQL {
  const near = exact
    ? sql``
    : sql`and not (char_length(w) >= 4 and word_similarity(w, ${doc}) >= ${NEAR_WORD})`;
  return sql`not exists (select 1 from regexp_split_to_table(search_fold(${term}::text), '\\s+') w
    where w <> '' and strpos(${doc}, w) = 0 ${near})`;
}
