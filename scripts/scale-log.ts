// The transparency log grown set-based for `npm run sample:scale`: the generated passports' "created" events
// become leaves inside the database (growStatement's `leaves` step, below) and the tree's complete-subtree hashes
// are stored one level at a time, RFC 6962 hashing by PostgreSQL's sha256(). What it writes is what
// server/log/append.ts writes one event at a time (the same leaf bytes, indexes, stored hashes and head; checked
// leaf for leaf by scale-log.test.ts), at a fraction of the cost: no round trip of every event through Node.
// Only for what growStatement makes: "created" events whose data is {passportCode}, a code of the registry's own
// alphabet (nothing to escape in JSON), nothing private (no commitment, no salt). Appends are still inserts: the
// log's append-only trigger stays in force.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { decompose, formatFrontier, subtreeKey } from '../server/log/tree';

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * growStatement's steps that log its events: `created` (id, instrument_id, created_at) and `inserted` (id,
 * passport_code) become leaves from index `size` in (created_at, id) order, the order the generator once handed
 * them to appendEventsToLog, and each leaf hash is stored as its level-0 subtree. A passport code that already
 * has leaves (a deleted passport's history stays in the log) continues that chain, as the app's append would.
 * `at` is the event time in milliseconds, truncated like a JavaScript Date read from the database.
 */
export const leavesSteps = (size: number) => `
leaves as (
  insert into log_leaves (index, event_id, instrument_id, passport_code, seq, leaf, leaf_hash)
  select index, id, instrument_id, passport_code, seq, leaf,
    encode(sha256('\\x00'::bytea || convert_to(leaf, 'UTF8')), 'hex')
  from (
    select ${size}::bigint + row_number() over (order by c.created_at, c.id) - 1 as index, c.id, c.instrument_id,
      i.passport_code, coalesce(p.seq + 1, 0) as seq,
      '{"at":"' || to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
      '","data":{"passportCode":"' || i.passport_code || '"},"passport":"' || i.passport_code ||
      '","prev":' || coalesce('"' || p.leaf_hash || '"', 'null') || ',"seq":' || coalesce(p.seq + 1, 0) ||
      ',"type":"created"}' as leaf
    from created c join inserted i on i.id = c.instrument_id
    left join lateral (
      select l.seq, l.leaf_hash from log_leaves l where l.passport_code = i.passport_code order by l.seq desc limit 1
    ) p on true
  ) x
  returning index, leaf_hash
),
level0 as (
  insert into log_hashes (level, idx, hash) select 0, index, leaf_hash from leaves
)`;

/** Locks the log's head (as every append does first) and returns its size. */
export async function lockLogHead(tx: Db): Promise<number> {
  const [head] = rowsOf<{ size: string | number }>(
    await tx.execute(sql`select size from log_head where id = 1 for update`),
  );
  if (!head) throw new Error('transparency log head row is missing (migrations not applied?)');
  return Number(head.size);
}

/**
 * After leaves [from, to) and their level-0 hashes: stores every subtree they complete, level by level (node i of
 * level L is new when it is complete at `to` and was not at `from`; its left child may be older), then moves the
 * head to `to` with the right edge read back from the stored hashes. The caller holds the head's lock.
 */
export async function completeLogTree(tx: Db, from: number, to: number): Promise<void> {
  for (let level = 1; 2 ** level <= to; level++) {
    const first = Math.floor(from / 2 ** level);
    const end = Math.floor(to / 2 ** level);
    if (end <= first) continue;
    await tx.execute(sql`
      insert into log_hashes (level, idx, hash)
      select ${level}, l.idx / 2,
             encode(sha256('\\x01'::bytea || decode(l.hash, 'hex') || decode(r.hash, 'hex')), 'hex')
      from log_hashes l join log_hashes r on r.level = l.level and r.idx = l.idx + 1
      where l.level = ${level - 1} and l.idx >= ${2 * first} and l.idx < ${2 * end} and l.idx % 2 = 0`);
  }
  const edge = decompose(0, to);
  const stored = rowsOf<{ level: number; idx: string; hash: string }>(
    await tx.execute(sql`
      select h.level, h.idx::text as idx, h.hash
      from unnest(${`{${edge.map((s) => s.level).join(',')}}`}::smallint[],
                  ${`{${edge.map((s) => s.idx).join(',')}}`}::bigint[]) as k(level, idx)
      join log_hashes h on h.level = k.level and h.idx = k.idx`),
  );
  const byKey = new Map(
    stored.map((r) => [subtreeKey({ level: Number(r.level), idx: Number(r.idx) }), r.hash]),
  );
  const frontier = edge.map((s) => {
    const hash = byKey.get(subtreeKey(s));
    if (!hash) throw new Error(`log: the subtree ${subtreeKey(s)} of the right edge at ${to} is not stored`);
    return hash;
  });
  await tx.execute(
    sql`update log_head set size = ${to}, frontier = ${formatFrontier(frontier)} where id = 1`,
  );
}
