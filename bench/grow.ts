// Grows the registry for S inside the database: the rows scripts/generate-instruments.ts (`npm run
// sample:scale`) writes, the same words, makers, drawings and first ownership records, but made by one
// INSERT … SELECT over generate_series instead of a hundred batches sent from Node. On this 2-core machine the
// generator needed close to three minutes for 100,000 passports under load; this takes seconds, so S fits the
// 10-minute run on both backends.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { growStatement } from '../scripts/scale-grow';

const COUNT = 'select count(*)::int as n from instruments';

export interface Grower {
  /** Adds passports until there are `total`; returns the seconds taken. */
  growTo(total: number): Promise<number>;
  close(): Promise<void>;
}

function grower(query: <T>(text: string, params?: unknown[]) => Promise<T[]>, close: () => Promise<void>) {
  return {
    async growTo(total: number) {
      const started = performance.now();
      const [row] = await query<{ n: number }>(COUNT);
      const have = row?.n ?? 0;
      if (have < total) {
        // Numbered after every passport already there, so each serial number stays unique.
        await query(growStatement({ from: have, count: total - have }));
        // The trigram index's new entries wait in its pending list until a vacuum merges them (every search
        // would scan that list), and fresh statistics let the planner pick the search indexes right away.
        await query('vacuum (analyze) instruments');
        await query('analyze');
      }
      return (performance.now() - started) / 1000;
    },
    close,
  } satisfies Grower;
}

/** On PostgreSQL, beside the running server. */
export async function pgGrower(url: string): Promise<Grower> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return grower(
    async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    () => client.end(),
  );
}

/** On PGlite, in this process: its server must be stopped first (one owner of the files at a time). */
export async function pgliteGrower(dataDir: string): Promise<Grower> {
  const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  await client.waitReady;
  return grower(
    async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    () => client.close(),
  );
}
