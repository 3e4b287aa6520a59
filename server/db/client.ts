import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema';
import { repoRoot } from '../paths';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to start other in-memory databases from (tests use it). */
  dump?(): Promise<Blob>;
}

/**
 * One statement through the driver itself, its rows as arrays: on PostgreSQL pg's own named (prepared) statement,
 * on PGlite its query. prepared.ts's nativeStatements runs the hottest reads through it (decision 027).
 */
export type NativeQuery = (name: string, text: string, values: unknown[]) => Promise<unknown[][]>;

const nativeQueries = new WeakMap<Db, NativeQuery>();

/** Says how `db` runs a native statement; openDatabase and pgliteDatabase do it for theirs. */
export function registerNativeQuery(db: Db, query: NativeQuery): void {
  nativeQueries.set(db, query);
}

export function nativeQueryOf(db: Db): NativeQuery {
  const query = nativeQueries.get(db);
  if (!query) throw new Error('this database was not opened by openDatabase (no native query registered)');
  return query;
}

/** pg's named statement: each pooled connection parses and plans `text` once, under `name`. */
export const pgNativeQuery =
  (pool: { query(config: object): Promise<{ rows: unknown[] }> }): NativeQuery =>
  async (name, text, values) =>
    (await pool.query({ name, text, values, rowMode: 'array' })).rows as unknown[][];

/** PGlite has one connection and no named statements: its extended-protocol query, rows as arrays. */
export const pgliteNativeQuery =
  (client: PGlite): NativeQuery =>
  async (_name, text, values) =>
    (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;

export const migrationsFolder = path.join(repoRoot, 'drizzle');

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; absent for the embedded PGlite. */
  url?: string;
  /** PGlite data folder; absent (with no url) for an in-memory database, as tests use. */
  dataDir?: string;
  /** An in-memory PGlite started from this dumped data folder (`dumpDataDir`) instead of a fresh initdb. */
  loadDataDir?: Blob;
  poolSize?: number;
}

/**
 * PGlite's memory settings (docs/decisions/020). Its shared memory lives in the WASM heap, which is touched whole
 * at start and never shrinks, so each megabyte here is a megabyte of resident memory for the life of the process;
 * PostgreSQL's defaults (128 MB of shared buffers, 64 MB for index builds) are sized for a server of its own.
 * Pages not in the buffers are read from the files, which the OS's page cache keeps.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  // One connection is all PGlite has; its lock table keeps the default capacity through the per-transaction share.
  max_connections: '8',
  max_locks_per_transaction: '256',
};

function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // Loaded only for PostgreSQL: the embedded default never needs the driver (docs/decisions/020).
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection (database restart) must not crash the process; the pool reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    registerNativeQuery(db, pgNativeQuery(pool));
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  // pg_trgm backs the registry's search index (docs/decisions/006).
  const extensions = { pg_trgm };
  const startParams = pgliteStartParams();
  const client = options.dataDir
    ? new PGlite(path.join(options.dataDir, 'pgdata'), { extensions, startParams })
    : new PGlite({
        extensions,
        startParams,
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
  await client.waitReady;
  return pgliteDatabase(client);
}

/** The Database over a started PGlite (the test suite's pool also wraps its reused instances with it). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  registerNativeQuery(db, pgliteNativeQuery(client));
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps concurrent starts from racing. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  await database.db.execute(sql`select pg_advisory_lock(724011)`);
  try {
    await migratePg(database.db as never, { migrationsFolder });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(724011)`);
  }
}
