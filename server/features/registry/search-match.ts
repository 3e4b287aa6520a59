import { and, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/search-fold';
import type { SearchWords } from '../../db/search-words';
import { normalizePassportCode } from './registry-view';

// What a registry search matches and how it ranks (docs/decisions/030), written once for the one-statement list
// (list-json.queries.ts, with placeholders) and for its reference (list.queries.ts, with the values inline).

/** A value of the search by name: a placeholder in a prepared statement, or the value itself. */
export type SearchValue = (name: string) => SQL;

/**
 * How a search is looked up: its words of three or more characters (each through the trigram index), the shorter
 * ones (checked on the rows found: a pattern without a trigram would make the index read all of itself), and
 * whether some word has close neighbours to search after the exact matches.
 */
export interface SearchShape {
  long: number;
  short: number;
  /** For each long word, how many close neighbours it has (all 0: nothing misspelt to forgive). */
  near: number[];
  /** Some word is in no passport as typed: nothing matches it exactly (SearchWord.absent). */
  absent: boolean;
}

const chars = (w: string) => [...w].length;

/** The words in the order the statement takes them: the long ones first. */
function ordered(s: SearchWords) {
  return [...s.words.filter((w) => chars(w.word) >= 3), ...s.words.filter((w) => chars(w.word) < 3)];
}

export function searchShapeOf(s: SearchWords): SearchShape {
  const long = s.words.filter((w) => chars(w.word) >= 3).length;
  return {
    long,
    short: s.words.length - long,
    near: ordered(s)
      .slice(0, long)
      .map((w) => w.near.length),
    absent: s.words.some((w) => w.absent),
  };
}

const anywhere = (text: string) => `%${escapeLike(text)}%`;

/** The values a search's placeholders take (`w0`… the words, `p0`… their patterns, `a0`… with their neighbours). */
export function searchValues(term: string, s: SearchWords): Record<string, unknown> {
  const values: Record<string, unknown> = {
    folded: s.folded,
    whole: anywhere(s.folded),
    code: normalizePassportCode(term),
  };
  ordered(s).forEach(({ word, near }, i) => {
    values[`w${i}`] = word;
    values[`p${i}`] = anywhere(word);
    values[`a${i}`] = [word, ...near].map(anywhere);
    near.forEach((n, j) => (values[`n${i}_${j}`] = anywhere(n)));
  });
  return values;
}

/**
 * The conditions of a search over `rel` (a relation of instruments):
 * - `exact`: every word is in the passport's search document as typed (folded), or the term is its passport code;
 * - `fuzzyOnly` (when some word has neighbours): every word is there as typed or as a close neighbour, but not
 *   all as typed, and it is not the code: disjoint from `exact`, so each can be read up to the cap in turn;
 * - `fuzzyBranches`: the same passports as `fuzzyOnly`, one branch per neighbour (that neighbour's own `like`):
 *   each is planned with its own pattern, so a neighbour in a fifth of the registry is read by a scan that stops
 *   at the cap, not collected whole in a bitmap as `like any(…)` was (decision 030);
 * - `relevance`: 0 the passport code or the serial number itself, 1 every word in the name, 2 the whole term in
 *   the document, 3 every word somewhere, 4 a misspelt word's neighbour.
 */
export function searchConditions(v: SearchValue, shape: SearchShape, rel: string) {
  const doc = sql.raw(`${rel}."search_text"`);
  const column = (name: string) => sql.raw(`${rel}."${name}"`);
  const words = Array.from({ length: shape.long + shape.short }, (_, i) => i);
  const isCode = sql`${column('passport_code')} = ${v('code')}`;
  const has = (text: SQL, i: number) => sql`strpos(${text}, ${v(`w${i}`)}::text) <> 0`;
  const allIn = (text: SQL) =>
    words.length ? and(...words.map((i) => has(text, i)))! : sql`strpos(${text}, ${v('folded')}::text) <> 0`;
  // The long words through the trigram index (`like`, which it serves); the short ones by strpos, which it does not,
  // so the planner keeps them as a filter. With no long word, the whole term is looked up as before.
  const lookup = (pattern: (i: number) => SQL) =>
    shape.long
      ? and(...words.map((i) => (i < shape.long ? pattern(i) : has(doc, i))))!
      : sql`${doc} like ${v('whole')}::text`;
  const exact = shape.absent
    ? sql`(${isCode})`
    : sql`(${lookup((i) => sql`${doc} like ${v(`p${i}`)}::text`)} or ${isCode})`;
  const anyOf = (i: number) => sql`${doc} like any(${v(`a${i}`)}::text[])`;
  const notExact = sql`not (${allIn(doc)}) and not ${isCode}`;
  const fuzzy = shape.near.some((n) => n > 0);
  const fuzzyOnly = fuzzy ? sql`(${lookup(anyOf)} and ${notExact})` : undefined;
  const fuzzyBranches = shape.near.flatMap((count, i) =>
    Array.from(
      { length: count },
      (_, j) =>
        sql`(${lookup((k) => (k === i ? sql`${doc} like ${v(`n${i}_${j}`)}::text` : anyOf(k)))} and ${notExact})`,
    ),
  );
  const folded = (name: string) => sql`search_fold(coalesce(${column(name)}, ''))`;
  const relevance = sql`(case when ${isCode} or ${folded('serial_number')} = ${v('folded')}::text then 0
    when ${allIn(folded('name'))} then 1 when strpos(${doc}, ${v('folded')}::text) <> 0 then 2
    when ${allIn(doc)} then 3 else 4 end)`;
  return { exact, fuzzyOnly, fuzzyBranches, relevance };
}
