import type { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase, pgliteDatabase, type Database } from '../db/client';

/**
 * The PGlite databases of one test worker. Starting a PGlite from the migrated template costs most of a CPU second
 * (the runtime, its files and the template's data folder written into the in-memory file system, then Postgres's
 * start), so a database a test file closes is put back to the template's state and given to the next file,
 * instead of being thrown away. Putting it back is only trusted when it is proven: after the reset, the state a
 * test can see (every catalog but the storage counters, every table's size, the rows the template holds, every
 * sequence, every setting) must equal what the worker's first, freshly started database showed; if anything
 * differs (a test changed the schema, ran ANALYZE, left a transaction open, used PGlite beyond plain queries),
 * the instance is closed and the next file gets a fresh one, as before.
 */

/** Instances kept ready per worker: files that open two databases at once get both back from the pool. */
const MAX_IDLE = 2;

/** Everything a reset must bring back, as measured on a freshly started database. */
interface TemplateState {
  fingerprint: StateFingerprint;
  /** Every user relation's planner counters (relpages, reltuples, relallvisible), which TRUNCATE zeroes. */
  counters: string;
  /** Tables holding rows in the template, with those rows (as JSON) and their columns, to write them back. */
  kept: Map<string, { rows: string; columns: string[] }>;
}

/** The state of a database in parts, so that a mismatch can be told apart (the pool's test names them). */
interface StateFingerprint {
  catalogs: string;
  settings: string;
  /** Each user table's total size (heap, indexes, TOAST), and for tables the template fills, their rows' digest. */
  tables: Record<string, string>;
  sequences: Record<string, string>;
}

interface PoolStats {
  /** Instances started from the template's data folder. */
  started: number;
  /** Leases served by an instance another lease had used and the reset gave back. */
  reused: number;
  /** Instances closed on release because the reset could not prove the template's state (or the pool was full). */
  retired: number;
  /** Why the last retired instance was not kept (for the pool's own tests). */
  lastRetiredBecause: string;
}

/** An instance and the first transaction id after its start (catalog rows written since then are a change). */
interface Instance {
  client: PGlite;
  since: bigint;
}

interface Pool {
  template: Blob;
  state: TemplateState | undefined;
  idle: Instance[];
  stats: PoolStats;
}

// On globalThis: with VITEST_ISOLATE=true each file evaluates this module anew; the pool is the worker's.
const POOL_KEY = Symbol.for('luthier.test.pglitePool');
type PoolHolder = { [POOL_KEY]?: Map<string, Pool> };

function poolFor(templateFile: string, read: () => Blob): Pool {
  const holder = globalThis as PoolHolder;
  const pools = (holder[POOL_KEY] ??= new Map<string, Pool>());
  let pool = pools.get(templateFile);
  if (!pool) {
    pool = {
      template: read(),
      state: undefined,
      idle: [],
      stats: { started: 0, reused: 0, retired: 0, lastRetiredBecause: '' },
    };
    pools.set(templateFile, pool);
  }
  return pool;
}

/** The worker's pool counters for this template (a copy). */
export function pglitePoolStats(templateFile: string): PoolStats {
  const pool = (globalThis as PoolHolder)[POOL_KEY]?.get(templateFile);
  return { ...(pool?.stats ?? { started: 0, reused: 0, retired: 0, lastRetiredBecause: '' }) };
}

/**
 * A database in the migrated template's state: a reset instance of this worker's pool, or a new one started from
 * the template's data folder (`read` gives its tarball, read once per worker). Closing it hands it back.
 */
export async function leasePglite(templateFile: string, read: () => Blob): Promise<Database> {
  const pool = poolFor(templateFile, read);
  let instance = pool.idle.pop();
  if (instance) pool.stats.reused += 1;
  else {
    const started = await openDatabase({ loadDataDir: pool.template });
    // A no-op on the migrated template, which still proves the chain complete on each started instance.
    await migrateDatabase(started);
    const client = rawClient(started);
    const { rows } = await client.query<{ xid: string }>(NEXT_XID);
    instance = { client, since: BigInt(rows[0]?.xid ?? 0) };
    pool.stats.started += 1;
    pool.state ??= await captureTemplateState(instance);
  }
  return lease(pool, instance);
}

function rawClient(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** What a lease may call and still be reset: plain queries and transactions (all Drizzle uses). */
const PLAIN = new Set<PropertyKey>(['query', 'exec', 'sql', 'transaction']);
/** Read-only properties that say nothing of a lease's use. */
const HARMLESS = new Set<PropertyKey>(['waitReady', 'ready', 'closed', 'debug', 'then', 'dumpDataDir']);

/**
 * A Database over `client` for one lease: its queries fail once it is closed (as a closed PGlite's do), so a
 * straggling query of one file can never reach the next file's database; closing waits for what is still running,
 * then resets the instance into the pool or closes it.
 */
function lease(pool: Pool, instance: Instance): Database {
  const { client } = instance;
  let closed = false;
  let plainOnly = true;
  const running = new Set<Promise<unknown>>();
  const view = new Proxy(client, {
    get(target, property) {
      if (property === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof property === 'symbol' || HARMLESS.has(property)) return value;
      if (!PLAIN.has(property)) plainOnly = false;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (closed) return Promise.reject(new Error('PGlite is closed'));
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) {
          running.add(result);
          void result.then(
            () => running.delete(result),
            () => running.delete(result),
          );
        }
        return result;
      };
    },
  });
  const database = pgliteDatabase(view);
  return {
    ...database,
    async close() {
      if (closed) throw new Error('PGlite is closed');
      closed = true;
      await Promise.allSettled([...running]);
      await release(pool, instance, plainOnly ? '' : 'the lease used PGlite beyond plain queries');
    },
  };
}

async function release(pool: Pool, instance: Instance, refused: string): Promise<void> {
  const { client } = instance;
  let because = refused;
  if (!because && pool.idle.length >= MAX_IDLE) because = 'the pool is full';
  if (!because && pool.state) {
    try {
      because = await resetToTemplate(instance, pool.state);
    } catch (error) {
      because = `the reset failed: ${String(error)}`;
    }
  }
  if (!because && !client.closed) {
    pool.idle.push(instance);
    return;
  }
  pool.stats.retired += 1;
  pool.stats.lastRetiredBecause = because;
  if (!client.closed) await client.close();
}

const USER_TABLES = `
  select c.oid::regclass::text as name, c.oid::int as oid
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%'
  order by c.oid`;

const COUNTERS = `
  select json_agg(json_build_object('oid', c.oid, 'relpages', c.relpages, 'reltuples', c.reltuples,
    'relallvisible', c.relallvisible))::text as counters
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and c.relkind in ('r', 'p', 'm', 'i', 't')`;

const SEQUENCES = `
  select c.oid::regclass::text as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'S' and n.nspname not in ('pg_catalog', 'information_schema')
  order by c.oid`;

/** The system catalogs a test can change (DDL, roles, grants, per-database settings, comments, statistics). */
const WATCHED_CATALOGS = [
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_proc',
  'pg_type',
  'pg_namespace',
  'pg_depend',
  'pg_shdepend',
  'pg_authid',
  'pg_auth_members',
  'pg_db_role_setting',
  'pg_database',
  'pg_extension',
  'pg_rewrite',
  'pg_policy',
  'pg_description',
  'pg_enum',
  'pg_sequence',
  'pg_statistic',
  'pg_statistic_ext',
  'pg_largeobject_metadata',
  'pg_inherits',
  'pg_event_trigger',
  'pg_operator',
  'pg_cast',
  'pg_collation',
  'pg_am',
  'pg_opclass',
  'pg_language',
  'pg_foreign_table',
  'pg_publication',
  'pg_subscription',
];

/**
 * The catalogs' state: pg_class whole (but for what TRUNCATE itself rewrites: a relation's file number and freeze
 * horizons), and for every other watched catalog its row count and how many of its rows a transaction after
 * `$1` (the instance's first transaction id after its start) wrote: any DDL writes catalog rows, each stamped with
 * its transaction (xmin), and a dropped object's rows leave the count. Reading every row's text instead costs
 * several times more.
 */
const CATALOGS = [
  `select 'pg_class ' || md5(string_agg(row(oid, relname, relnamespace, reltype, reloftype, relowner, relam,
     reltablespace, relpages, reltuples, relallvisible, reltoastrelid, relhasindex, relisshared, relpersistence,
     relkind, relnatts, relchecks, relhasrules, relhastriggers, relhassubclass, relrowsecurity,
     relforcerowsecurity, relispopulated, relreplident, relispartition, relacl, reloptions)::text, '|' order by oid))
     as state from pg_class`,
  ...WATCHED_CATALOGS.map(
    (catalog) =>
      `select '${catalog} ' || count(*) || ' ' || count(*) filter (where xmin::text::bigint >= $1) from ${catalog}`,
  ),
].join('\nunion all\n');

/** The next transaction id, without taking one. */
const NEXT_XID = `select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xid`;

const SETTINGS = `
  select string_agg(name || '=' || coalesce(setting, '') || '@' || source, '|' order by name)
    || '|user=' || current_user || '|session_user=' || session_user as digest
  from pg_settings
  -- A setting at its built-in default is the same in every instance; an extension's settings (pg_trgm's,
  -- PL/pgSQL's) appear at their defaults once it is first used, which a fresh instance has not done yet.
  -- A custom setting a test made up (SET a.b) stays listed even after RESET.
  where source <> 'default' or (name like '%.%' and name not like 'plpgsql.%' and name not like 'pg_trgm.%')`;

/**
 * The state of `client` as a test can see it; `since` is the first transaction id after the instance's start,
 * `kept` the tables whose rows are digested (the template's own rows).
 */
async function fingerprint(
  client: PGlite,
  since: bigint,
  kept: ReadonlySet<string> = new Set(),
): Promise<StateFingerprint> {
  const catalogs = await client.query<{ state: string }>(CATALOGS, [since.toString()]);
  const settings = await client.query<{ digest: string }>(SETTINGS);
  return {
    catalogs: catalogs.rows.map((r) => r.state).join(', '),
    settings: settings.rows[0]?.digest ?? '',
    ...(await dataState(client, kept)),
  };
}

/** Each user table's total size (and the kept tables' rows digest), and each sequence's position. */
async function dataState(
  client: PGlite,
  kept: ReadonlySet<string>,
): Promise<Pick<StateFingerprint, 'tables' | 'sequences'>> {
  const tables = await client.query<{ name: string }>(USER_TABLES);
  const sizes = tables.rows.length
    ? await client.query<{ name: string; state: string }>(
        tables.rows
          .map(
            ({ name }) =>
              `select ${literal(name)} as name, pg_total_relation_size(${literal(name)}::regclass)::text${
                kept.has(name)
                  ? ` || ' ' || coalesce((select md5(string_agg(t::text, '|' order by t::text)) from ${name} t), '')`
                  : ''
              } as state`,
          )
          .join('\nunion all\n'),
      )
    : { rows: [] };
  const sequenceNames = await client.query<{ name: string }>(SEQUENCES);
  const sequences = sequenceNames.rows.length
    ? await client.query<{ name: string; state: string }>(
        sequenceNames.rows
          .map(
            ({ name }) =>
              `select ${literal(name)} as name, last_value || ' ' || is_called as state from ${name}`,
          )
          .join('\nunion all\n'),
      )
    : { rows: [] };
  return {
    tables: Object.fromEntries(sizes.rows.map((r) => [r.name, r.state])),
    sequences: Object.fromEntries(sequences.rows.map((r) => [r.name, r.state])),
  };
}

async function captureTemplateState({ client, since }: Instance): Promise<TemplateState> {
  const kept = new Map<string, { rows: string; columns: string[] }>();
  const tables = await client.query<{ name: string; oid: number }>(USER_TABLES);
  for (const { name, oid } of tables.rows) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${name} t`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    const columns = await client.query<{ attname: string }>(
      `select attname from pg_attribute where attrelid = $1 and attnum > 0 and not attisdropped
         and attgenerated = '' order by attnum`,
      [oid],
    );
    kept.set(name, { rows: json, columns: columns.rows.map((c) => quoteIdent(c.attname)) });
  }
  const counters = await client.query<{ counters: string }>(COUNTERS);
  return {
    fingerprint: await fingerprint(client, since, new Set(kept.keys())),
    counters: counters.rows[0]?.counters ?? '[]',
    kept,
  };
}

/**
 * Brings a used instance back to the template's state: what the lease wrote is truncated (the append-only log's
 * truncate guards are triggers, which replica mode skips), the template's own rows are written back, sequences
 * set back, the session discarded. Returns '' when the state then equals the template's, else what differs.
 */
async function resetToTemplate({ client, since }: Instance, template: TemplateState): Promise<string> {
  const keptNames = new Set(template.kept.keys());
  // Fails inside a transaction a lease left open: such an instance is not reused.
  await client.exec('discard all');
  const before = await dataState(client, keptNames);
  const touched = Object.keys(before.tables).filter(
    (name) => before.tables[name] !== template.fingerprint.tables[name],
  );
  if (touched.length) {
    await client.exec(
      `set session_replication_role = replica; truncate ${touched.join(', ')} cascade; reset session_replication_role`,
    );
    for (const [name, kept] of template.kept) {
      // Written back when truncated: touched, or reached by the cascade through a foreign key.
      const left = await client.query(`select 1 from ${name} limit 1`);
      if (left.rows.length) continue;
      const columns = kept.columns.join(', ');
      await client.query(
        `insert into ${name} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${name}, $1)`,
        [kept.rows],
      );
    }
  }
  if (touched.length) {
    // TRUNCATE leaves its relations' counters as for a never-analysed table and an empty index, where the
    // template's CREATE INDEX had counted; the planner reads them, so they are set back too.
    await client.query(
      `update pg_class c set relpages = v.relpages, reltuples = v.reltuples, relallvisible = v.relallvisible
         from json_to_recordset($1::json) as v(oid oid, relpages int, reltuples real, relallvisible int)
         where c.oid = v.oid and (c.relpages, c.reltuples, c.relallvisible)
           is distinct from (v.relpages, v.reltuples, v.relallvisible)`,
      [template.counters],
    );
  }
  for (const [name, state] of Object.entries(template.fingerprint.sequences)) {
    if (before.sequences[name] === state) continue;
    const [value, called] = state.split(' ');
    await client.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
      name,
      value,
      called === 'true',
    ]);
  }
  await client.exec('discard all');
  const after = await fingerprint(client, since, keptNames);
  return differences(after, template.fingerprint);
}

/** '' when equal, else the parts that differ. */
function differences(a: StateFingerprint, b: StateFingerprint): string {
  const parts: string[] = [];
  if (a.catalogs !== b.catalogs) parts.push('catalogs');
  if (a.settings !== b.settings) {
    const theirs = new Set(b.settings.split('|'));
    parts.push(
      `settings (${a.settings
        .split('|')
        .filter((s) => !theirs.has(s))
        .join(', ')})`,
    );
  }
  for (const name of new Set([...Object.keys(a.tables), ...Object.keys(b.tables)]))
    if (a.tables[name] !== b.tables[name]) parts.push(`table ${name}`);
  for (const name of new Set([...Object.keys(a.sequences), ...Object.keys(b.sequences)]))
    if (a.sequences[name] !== b.sequences[name]) parts.push(`sequence ${name}`);
  return parts.length ? `the state differs: ${parts.join(', ')}` : '';
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
