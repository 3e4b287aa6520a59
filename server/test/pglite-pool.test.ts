// One backend: the pool is how PGlite files share a worker's instances; PostgreSQL copies a template database.
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createShop, createUser } from '../db/builders/accounts';
import { createInstrument } from '../db/builders/registry';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { leasePglite, pglitePoolStats } from './pglite-pool';

const template = inject('pgliteTemplate');
const read = () => new Blob([fs.readFileSync(template)]);

type Rows = { rows: Record<string, unknown>[] };
const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;
const rows = async (database: Database, text: string) =>
  ((await database.db.execute(sql.raw(text))) as Rows).rows;

/**
 * Everything a test file can read back, by plain SQL (not the pool's own fingerprint): every user table's rows in
 * order, each relation's planner counters, each sequence's position, the session's settings, the user.
 */
async function visibleState(database: Database) {
  const tables = await rows(
    database,
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const contents: Record<string, unknown> = {};
  for (const { name } of tables)
    contents[String(name)] = (
      await rows(database, `select json_agg(t order by t::text) as rows from ${String(name)} t`)
    )[0]?.rows;
  const counters = await rows(
    database,
    `select c.relname, c.relpages, c.reltuples, c.relallvisible, pg_total_relation_size(c.oid) as size
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and c.relkind in ('r', 'i')
     order by 1`,
  );
  const sequences = await rows(
    database,
    `select last_value, is_called from drizzle."__drizzle_migrations_id_seq"`,
  );
  const settings = await rows(
    database,
    `select name, setting from pg_settings
     where name in ('statement_timeout', 'search_path', 'work_mem', 'timezone', 'session_replication_role')
     order by name`,
  );
  const session = await rows(
    database,
    `select current_user, session_user,
       (select count(*) from pg_statistic where starelid >= 16384)::int as statistics,
       (select count(*) from pg_class where relname = 'leftover_table')::int as leftover_tables`,
  );
  return { contents, counters, sequences, settings, session };
}

/** Writes in many tables (the log head and its append-only leaves included), moves a sequence, changes settings. */
async function leaveTraces(database: Database) {
  const user = await createUser(database.db, {});
  const shop = await createShop(database.db, user.id, { name: 'Leftover', slug: 'leftover-shop' });
  for (let i = 0; i < 3; i++) await createInstrument(database.db, { makerShopId: shop.id });
  await rows(database, `select nextval('drizzle."__drizzle_migrations_id_seq"')`);
  await rows(database, `set statement_timeout = 4321`);
  await rows(database, `select set_config('search_path', 'drizzle', false)`);
  await rows(database, `set work_mem = '7MB'`);
}

describe('the PGlite pool', () => {
  let expected: Awaited<ReturnType<typeof visibleState>>;
  beforeAll(async () => {
    // A database started from the template and never leased: the state every lease must begin from.
    const fresh = await openDatabase({ loadDataDir: read() });
    await migrateDatabase(fresh);
    expected = await visibleState(fresh);
    await fresh.close();
  });
  const leases: Database[] = [];
  afterAll(async () => {
    for (const lease of leases) if (!clientOf(lease).closed) await lease.close();
  });
  const lease = async () => {
    const database = await leasePglite(template, read);
    leases.push(database);
    return database;
  };

  it("gives the next file the template's state: no leftover rows, sequences, settings or log head", async () => {
    const first = await lease();
    expect(await visibleState(first)).toEqual(expected);
    await leaveTraces(first);
    const dirty = await visibleState(first);
    expect(expected.contents['public.log_head']).toHaveLength(1);
    expect(expected.contents['public.log_leaves']).toBeNull();
    expect(dirty.contents['public.log_head']).not.toEqual(expected.contents['public.log_head']);
    expect(dirty.contents['public.log_leaves']).not.toEqual(expected.contents['public.log_leaves']);
    expect(dirty.contents['public.users']).not.toEqual(expected.contents['public.users']);
    expect(dirty.sequences).not.toEqual(expected.sequences);
    expect(dirty.settings).not.toEqual(expected.settings);
    await first.close();

    const before = pglitePoolStats(template);
    const second = await lease();
    // The same instance, reset (not a new one started).
    expect(pglitePoolStats(template)).toMatchObject({ reused: before.reused + 1, started: before.started });
    expect(await visibleState(second)).toEqual(expected);
    // The reset instance still works as a fresh one does: the same rows can be written again.
    await leaveTraces(second);
    await second.close();
  });

  it(
    'does not reuse an instance whose schema a test changed, nor one with statistics',
    async () => {
      const changes = [
        `alter table instruments drop constraint instruments_type_category_check`,
        `create table leftover_table (id int)`,
        `alter table log_leaves disable trigger log_leaves_append_only`,
        `analyze users`,
      ];
      for (const change of changes) {
        const database = await lease();
        await createUser(database.db, {});
        await rows(database, change);
        const before = pglitePoolStats(template);
        await database.close();
        expect(pglitePoolStats(template).retired, change).toBe(before.retired + 1);
        const next = await lease();
        expect(await visibleState(next), change).toEqual(expected);
        const constraints = await rows(
          next,
          `select count(*)::int as n from pg_constraint where conname = 'instruments_type_category_check'`,
        );
        expect(constraints).toEqual([{ n: 1 }]);
        await next.close();
      }
    },
    120_000 * Number(process.env.VITEST_TIMEOUT_SCALE ?? 1),
  ); // four fresh starts

  it("never passes on a custom setting's value", async () => {
    const database = await lease();
    await rows(database, `set luthier.leftover = 'x'`);
    await database.close();
    const next = await lease();
    // PostgreSQL keeps a made-up setting's name once set (RESET empties it): the next file reads '' where a
    // fresh instance reads nothing, never the value. The app sets none.
    const [session] = await rows(next, `select current_setting('luthier.leftover', true) as custom`);
    expect(['', null]).toContain(session?.custom);
    await next.close();
  });

  it('does not reuse an instance left inside a transaction', async () => {
    const database = await lease();
    await rows(database, 'begin');
    await createUser(database.db, {});
    const before = pglitePoolStats(template);
    await database.close();
    expect(pglitePoolStats(template)).toMatchObject({ retired: before.retired + 1 });
    expect(pglitePoolStats(template).lastRetiredBecause).toMatch(/the reset failed/);
    const next = await lease();
    expect(await visibleState(next)).toEqual(expected);
    await next.close();
  });

  it("refuses a closed lease's queries, so a straggler never writes into the next file's database", async () => {
    const first = await lease();
    await first.close();
    const straggler = await createUser(first.db, { email: 'straggler@example.test' }).then(
      () => null,
      (error: unknown) => (error as { cause?: unknown }).cause,
    );
    expect(straggler).toEqual(new Error('PGlite is closed'));
    await expect(first.ping()).rejects.toThrow(/closed/);
    expect(clientOf(first).closed).toBe(true);
    await expect(first.close()).rejects.toThrow(/closed/);
    const next = await lease();
    expect(await rows(next, `select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
    await next.close();
  });

  it('runs a started instance through the migration chain (a no-op on the template)', async () => {
    const database = await lease();
    const applied = await rows(database, `select count(*)::int as n from drizzle."__drizzle_migrations"`);
    const files = fs.readdirSync('drizzle').filter((f) => f.endsWith('.sql'));
    expect(applied).toEqual([{ n: files.length }]);
    await database.close();
  });
});
