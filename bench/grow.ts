// Grows the registry for S inside the database: the rows scripts/generate-instruments.ts (`npm run
// sample:scale`) writes, the same words, makers, drawings and first ownership records, but made by one
// INSERT … SELECT over generate_series instead of a hundred batches sent from Node. On this 2-core machine the
// generator needed close to three minutes for 100,000 passports under load; this takes seconds, so S fits the
// 10-minute run on both backends. On PostgreSQL a grow that at least doubles the registry drops the plain indexes
// and builds them again after the rows, as `npm run sample:scale` does (scripts/scale-indexes.ts, decision 025);
// PGlite's grower keeps them (its instance is not a Drizzle database, and the bench's PGlite sizes are small).
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { growStatement } from '../scripts/scale-grow';
import { growWithIndexesRebuilt, rebuildsIndexes } from '../scripts/scale-indexes';

const COUNT = 'select count(*)::int as n from instruments';

export interface Grower {
  /** Adds passports until there are `total`; returns the seconds taken. */
  growTo(total: number): Promise<number>;
  close(): Promise<void>;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** How the rows of a grow go in: one statement as it is, or (PostgreSQL) with the indexes rebuilt after it. */
type Insert = (statement: string, have: number, added: number) => Promise<unknown>;

function grower(query: Query, close: () => Promise<void>, insert: Insert = (statement) => query(statement)) {
  return {
    async growTo(total: number) {
      const started = performance.now();
      const [row] = await query<{ n: number }>(COUNT);
      const have = row?.n ?? 0;
      if (have < total) {
        // Numbered after every passport already there, so each serial number stays unique.
        await insert(growStatement({ from: have, count: total - have }), have, total - have);
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
  const db = drizzle({ client, schema }) as unknown as Db;
  return grower(
    async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    () => client.end(),
    (statement, have, added) =>
      rebuildsIndexes(have, added)
        ? db.transaction((tx) => growWithIndexesRebuilt(tx, () => tx.execute(sql.raw(statement))))
        : client.query(statement),
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
