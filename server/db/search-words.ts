import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { nativeStatements } from './prepared';

/** At most this many words of a search are matched (more only narrow the results further). */
export const MAX_SEARCH_WORDS = 8;
/** At most this many close neighbours of a misspelt word are searched beside it. */
const MAX_NEIGHBOURS = 3;

/** A word of a search (as search_fold wrote it) and the words close to it that are searched after it. */
export interface SearchWord {
  word: string;
  /**
   * Words of the registry within a small edit distance (editsAllowed), closest first; never one that holds the word
   * (`violins` for `violin`: the word itself already finds it).
   */
  near: string[];
  /**
   * A word of plain letters that no passport holds (no word of search_words contains it): its exact lookup is
   * skipped. Its trigrams may each be common ("caloway": those of calloway) while the word is in no passport,
   * and the index would intersect their long lists for nothing, longer as the registry grows.
   */
  absent: boolean;
}

export interface SearchWords {
  /** The whole term as the database folds it (search_fold): what the search documents are compared with. */
  folded: string;
  /** Its distinct words (letters and digits, as pg_trgm splits text), at most MAX_SEARCH_WORDS. */
  words: SearchWord[];
}

/** A word (letters and digits, as pg_trgm splits text). */
const WORD = /[\p{L}\p{N}]+/gu;
/** The words a misspelling is forgiven in: plain letters (after folding), 4 to 40 of them, as search_words. */
const FORGIVABLE = /^[a-z]{4,40}$/;

/**
 * How many typing mistakes a word forgives: one in a word of 4 to 7 letters ("Belandi", "Márquex"), two from 8.
 * Shorter words and words with digits (serial numbers, years) are matched as typed.
 */
export function editsAllowed(word: string): number {
  if (!FORGIVABLE.test(word)) return 0;
  return word.length >= 8 ? 2 : 1;
}

/** Edits (insert, delete, substitute, swap two neighbours) between two words: optimal string alignment. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i]!;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
    }
  return rows[a.length]![b.length]!;
}

/**
 * One statement: the term folded by the database (never by the app: decision 015) and, for each word that can be
 * misspelt, the registry's words most like it by trigram similarity, looked up in search_words' trigram index
 * (a vocabulary, far smaller than the registry and growing far slower than it).
 */
const wordsStatement = nativeStatements('search_words', (db) =>
  db
    .select({
      folded: sql<string>`t.f`,
      near: sql`coalesce((select json_agg(json_build_array(q.w, array(
          select sw.word from search_words sw where sw.word % q.w and sw.word <> q.w
          order by similarity(sw.word, q.w) desc, sw.word limit 12),
          exists (select 1 from search_words sw where sw.word like '%' || q.w || '%')))
        from (select distinct w from regexp_split_to_table(t.f, '[^a-z0-9]+') w
          where w ~ '^[a-z]{4,40}$' limit ${sql.raw(String(MAX_SEARCH_WORDS))}) q(w)), '[]'::json)`,
    })
    .from(sql`(select search_fold(${sql.placeholder('term')}::text) as f) t`),
);

/** The words of a search and, for each, its close neighbours among the registry's words (decision 030). */
export async function searchWords(db: Db, term: string): Promise<SearchWords> {
  const [row] = await wordsStatement(db, 'v1')({ term });
  const folded = (row?.[0] as string | undefined) ?? '';
  const found = (row?.[1] ?? []) as [string, string[], boolean][];
  const candidates = new Map(found.map(([word, near]) => [word, near]));
  const held = new Map(found.map(([word, , present]) => [word, present]));
  const words = [...new Set(folded.match(WORD) ?? [])].slice(0, MAX_SEARCH_WORDS).map((word) => {
    const allowed = editsAllowed(word);
    const near = (candidates.get(word) ?? [])
      .filter((c) => allowed > 0 && !c.includes(word) && editDistance(word, c) <= allowed)
      .slice(0, MAX_NEIGHBOURS);
    return { word, near, absent: held.get(word) === false };
  });
  return { folded, words };
}
