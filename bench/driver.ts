// G: the database work of one request, without HTTP. The app is built in this process on a database whose
// Drizzle logger records every statement; each endpoint is called once through inject() and its statements
// (text and parameters, exactly as handed to the driver) are replayed through `pg` or PGlite for a fixed time.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import {
  pgliteNativeQuery,
  pgNativeQuery,
  registerNativeQuery,
  type Database,
  type Db,
  type NativeQuery,
} from '../server/db/client';
import * as schema from '../server/db/schema';
import { readEnv } from '../server/env';
import { createMemoryMailer } from '../server/mail/mailer';
import { createMediaStore } from '../server/media/media-store';
import { progressBody, type People } from './fixtures';
import type { Sample } from './lib';

export interface Query {
  text: string;
  params: unknown[];
}

export interface BenchEndpoint {
  name: string;
  path: string;
  signedIn: boolean;
}

/** A Drizzle logger that keeps every statement while `into` is set. */
export class QueryRecorder implements Logger {
  into: Query[] | null = null;
  logQuery(query: string, params: unknown[]): void {
    this.into?.push({ text: query, params: [...params] });
  }
}

/** The statements the server runs through the driver itself (server/db/prepared.ts), recorded too. */
const recorded =
  (recorder: QueryRecorder, query: NativeQuery): NativeQuery =>
  (name, text, values) => {
    recorder.logQuery(text, values);
    return query(name, text, values);
  };

const extensions = { pg_trgm };

/** The embedded database in `dataDir` (as the server opens it), with a recording logger. */
export async function openRecordedPglite(dataDir: string, recorder: QueryRecorder) {
  fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger: recorder }) as unknown as Db;
  registerNativeQuery(db, recorded(recorder, pgliteNativeQuery(client)));
  const database: Database = {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
  return database;
}

/** A PostgreSQL database (as the server opens it), with a recording logger. */
export function openRecordedPg(url: string, recorder: QueryRecorder): Database {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzlePg({ client: pool, schema, logger: recorder }) as unknown as Db;
  registerNativeQuery(db, recorded(recorder, pgNativeQuery(pool)));
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** The whole app on `database`, in this process, with the production settings and no server cache. */
function captureApp(database: Database) {
  return buildApp({
    db: database.db,
    env: readEnv({
      NODE_ENV: 'production',
      MAIL_OUTBOX_ONLY: '1',
      LOG_LEVEL: 'silent',
      SHARED_CACHE_SECONDS: '0',
    }),
    mailer: createMemoryMailer(),
    media: createMediaStore(database.db, { storage: 'fs', dir: '/tmp/bench-media' }),
    ping: () => database.ping(),
  });
}

/** The statements one GET issues; throws unless it answers 200. */
async function record(app: FastifyInstance, recorder: QueryRecorder, url: string, cookie?: string) {
  recorder.into = [];
  const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
  const recorded = recorder.into;
  recorder.into = null;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return recorded;
}

/**
 * The reads among them: a GET writes nothing, but the app's timers (the minute's sweep of expired offers) may
 * run a transaction while it is recorded, and `begin`, `update` or `commit` cannot be explained.
 */
const reads = (recorded: Query[]) => recorded.filter((q) => /^\s*(select|with|\()/i.test(q.text));

/**
 * Builds the app on `database` in this process; gives the reader some progress (so the outline has something
 * to compute) and returns, per endpoint, the statements one request issues. The first call of each endpoint
 * warms up; the second is recorded.
 */
export async function captureSequences(
  database: Database,
  recorder: QueryRecorder,
  endpoints: BenchEndpoint[],
  people: People,
): Promise<Query[][]> {
  const app = await captureApp(database);
  try {
    const cookie = people.reader.cookie;
    for (const [i, lessonId] of people.lessonIds.slice(0, 2).entries()) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/lms/lessons/${lessonId}/video-progress`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: progressBody(i + 3),
      });
      if (res.statusCode !== 200) throw new Error(`reader progress save: ${res.statusCode} ${res.body}`);
    }
    const sequences: Query[][] = [];
    for (const ep of endpoints) {
      const withCookie = ep.signedIn ? cookie : undefined;
      await record(app, recorder, ep.path, withCookie);
      sequences.push(await record(app, recorder, ep.path, withCookie));
    }
    return sequences;
  } finally {
    await app.close();
  }
}

export interface StatementTime {
  /** `count instruments`, `instruments`, `shops` …: what the statement reads. */
  label: string;
  /** The database's own execution time (EXPLAIN ANALYZE), without the round trip. */
  ms: number;
}

/** What a statement reads, for the report: its first table, and whether it only counts. */
const labelOf = (text: string) =>
  `${/^select count\(/.test(text) ? 'count ' : ''}${/ from "(\w+)"/.exec(text)?.[1] ?? text.slice(0, 20)}`;

/**
 * Explains where a request's database time goes on PostgreSQL: records the statements a GET issues (app built
 * in this process) and runs each under EXPLAIN ANALYZE with its parameters.
 */
export async function statementProbe(url: string) {
  const recorder = new QueryRecorder();
  const database = openRecordedPg(url, recorder);
  const app = await captureApp(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async explain(path: string): Promise<StatementTime[]> {
      const times: StatementTime[] = [];
      for (const q of reads(await record(app, recorder, path))) {
        const res = await client.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>({
          text: `explain (analyze, format json) ${q.text}`,
          values: q.params,
        });
        const ms = res.rows[0]?.['QUERY PLAN'][0]?.['Execution Time'] ?? 0;
        times.push({ label: labelOf(q.text), ms: Math.round(ms * 100) / 100 });
      }
      return times;
    },
    /** Each statement a GET issues with its EXPLAIN ANALYZE plan as text (for the report). */
    async plans(path: string): Promise<{ text: string; plan: string }[]> {
      const out: { text: string; plan: string }[] = [];
      for (const q of reads(await record(app, recorder, path))) {
        const res = await client.query<{ 'QUERY PLAN': string }>({
          text: `explain (analyze, costs off, timing on, summary on) ${q.text}`,
          values: q.params,
        });
        out.push({ text: q.text, plan: res.rows.map((r) => r['QUERY PLAN']).join('\n') });
      }
      return out;
    },
    async close() {
      await app.close();
      await client.end();
      await database.close();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

/** Runs `op` from `workers` concurrent loops for `seconds`; one op is one request's worth of statements. */
async function timed(seconds: number, workers: number, op: () => Promise<void>): Promise<Sample> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 100) / 100;
  return {
    rps: latencies.length / elapsed,
    p50: ms(percentile(latencies, 50)),
    p99: ms(percentile(latencies, 99)),
  };
}

export interface Replayer {
  run(sequence: Query[], seconds: number): Promise<Sample>;
  close(): Promise<void>;
}

/** Replays through a `pg` pool with as many concurrent workers as the HTTP load has connections. */
export function pgReplayer(url: string, workers: number): Replayer {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  return {
    run: (sequence, seconds) =>
      timed(seconds, workers, async () => {
        for (const q of sequence) await pool.query({ text: q.text, values: q.params, rowMode: 'array' });
      }),
    close: () => pool.end(),
  };
}

/** Replays through an in-process PGlite: one connection, so one worker (more would only queue). */
export async function pgliteReplayer(dataDir: string): Promise<Replayer> {
  const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions });
  await client.waitReady;
  return {
    run: (sequence, seconds) =>
      timed(seconds, 1, async () => {
        for (const q of sequence) await client.query(q.text, q.params, { rowMode: 'array' });
      }),
    close: () => client.close(),
  };
}
