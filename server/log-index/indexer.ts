// Keeps the verifiable index (docs/decisions/032): for every new size of the passport log, the map's changed values
// and one output-log leaf committing to (input size, input root, index root). The sparse Merkle tree lives in
// memory per database and is a function of the passport log alone, so each instance rebuilds it from the stored map
// at start and follows the log from there; only the holder of the output head's row lock appends a revision.
import { desc, eq, sql } from 'drizzle-orm';
import { formatRevisionLeaf, parseRevisionLeaf, type IndexRevision } from '../../contract/log/index-proof';
import type { WitnessPolicy } from '../../contract/log/policy';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { indexHashes, indexHead, indexLeaves, logIndexValues } from '../db/schema';
import { latestCheckpoint } from '../log/checkpoints';
import { inclusionProofs } from '../log/proofs';
import { loadLogSigner, type LogSigner } from '../log/signing';
import { INDEX_LOG } from '../log/store';
import { appendToFrontier, formatFrontier, leafHashHex, parseFrontier } from '../log/tree';
import { witnessedCheckpoint } from '../log/witnessed';
import { conflict } from '../plugins/errors';
import { encodeProof, indexKey, prove, put, rootHash, valueHash, type Node } from './smt';

/** Shared by every instance on one PostgreSQL: only the holder builds a revision (the others skip the round). */
export const INDEX_LOCK = 6_962_0002;

interface Memory {
  inputSize: number;
  /** Each code's indices below some size ≥ inputSize (filtered when read at an older size). */
  values: Map<string, number[]>;
  root: Node | null;
  /** Roots of recent revisions by input size, for lookups against a revision the witnesses have cosigned. */
  recent: Map<number, Node | null>;
}

const memories = new WeakMap<Db, Memory>();
const RECENT = 64;
const CHUNK = 1000;

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

async function newestRevision(db: Db): Promise<(IndexRevision & { index: number }) | null> {
  const [row] = await db.select().from(indexLeaves).orderBy(desc(indexLeaves.index)).limit(1);
  return row ? { index: row.index, ...parseRevisionLeaf(row.leaf) } : null;
}

function treeOf(values: Map<string, number[]>, size: number): Node | null {
  let root: Node | null = null;
  for (const [code, all] of values) {
    const indices = all.filter((i) => i < size);
    if (indices.length) root = put(root, indexKey(code), valueHash(indices));
  }
  return root;
}

/** The memory at the newest stored revision, read from the stored map (which is written with each revision). */
async function load(db: Db): Promise<Memory> {
  const size = (await newestRevision(db))?.inputSize ?? 0;
  const rows = await db.select().from(logIndexValues);
  const values = new Map(rows.map((r) => [r.passportCode, r.indices.filter((i) => i < size)]));
  const root = treeOf(values, size);
  return { inputSize: size, values, root, recent: new Map([[size, root]]) };
}

/** The memory advanced over the passport log's leaves [from.inputSize, to): a new object, `from` unchanged. */
async function advance(db: Db, from: Memory, to: number): Promise<{ next: Memory; changed: Set<string> }> {
  const values = new Map(from.values);
  const changed = new Set<string>();
  let root = from.root;
  if (to > from.inputSize) {
    const result: unknown = await db.execute(
      sql`select index::text as index, passport_code from log_leaves where index >= ${from.inputSize} and index < ${to} order by index`,
    );
    for (const r of (result as { rows: { index: string; passport_code: string }[] }).rows) {
      const code = r.passport_code;
      // The first time a code changes here, its list is cut to the old size (it may hold newer indices).
      const kept = changed.has(code)
        ? values.get(code)!
        : (values.get(code) ?? []).filter((i) => i < from.inputSize);
      values.set(code, [...kept, Number(r.index)]);
      changed.add(code);
    }
    for (const code of changed) root = put(root, indexKey(code), valueHash(values.get(code)!));
  }
  const recent = new Map(from.recent);
  recent.set(to, root);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return { next: { inputSize: to, values, root, recent }, changed };
}

/** This process's memory brought to exactly `size` (loaded, advanced along the log, or rebuilt for an older size). */
async function memoryAt(db: Db, size: number): Promise<Memory> {
  let memory = memories.get(db) ?? (await load(db));
  if (memory.inputSize > size && !memory.recent.has(size)) memory = await load(db);
  if (memory.inputSize < size) memory = (await advance(db, memory, size)).next;
  memories.set(db, memory);
  return memory;
}

async function treeAt(db: Db, size: number): Promise<{ root: Node | null; values: Map<string, number[]> }> {
  const memory = await memoryAt(db, size);
  if (memory.recent.has(size)) return { root: memory.recent.get(size)!, values: memory.values };
  return { root: treeOf(memory.values, size), values: memory.values };
}

/**
 * Appends the revision for the passport log's newest checkpoint, if the index is behind it. Returns the new
 * revision's number (its output index), or null when there was nothing to do or another instance holds the lock.
 */
export async function buildRevision(
  db: Db,
  signer: LogSigner,
  driver: 'pglite' | 'postgres',
): Promise<number | null> {
  let committed: Memory | null = null;
  const revision = await db.transaction(async (tx) => {
    if (driver === 'postgres') {
      const locked: unknown = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${INDEX_LOCK}) as locked`,
      );
      if (!(locked as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
    }
    const [head] = await tx.select().from(indexHead).where(eq(indexHead.id, 1)).for('update');
    if (!head) throw new Error('index head row is missing (migrations not applied?)');
    const last = await newestRevision(tx);
    const checkpoint = await latestCheckpoint(tx, signer);
    if (checkpoint.size <= (last?.inputSize ?? 0) && last) return null;
    if (!last && checkpoint.size === 0) return null;
    const current = await memoryAt(tx, last?.inputSize ?? 0);
    const { next, changed } = await advance(tx, current, checkpoint.size);
    const rows = [...changed].map((code) => ({
      passportCode: code,
      key: indexKey(code).toString('hex'),
      indices: next.values.get(code)!,
    }));
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx
        .insert(logIndexValues)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({ target: logIndexValues.passportCode, set: { indices: sql`excluded.indices` } });
    const leaf = formatRevisionLeaf({
      inputSize: checkpoint.size,
      inputRoot: checkpoint.root,
      indexRoot: b64(rootHash(next.root)),
    });
    const leafHash = leafHashHex(leaf);
    const grown = appendToFrontier(parseFrontier(head.frontier), head.size, [leafHash]);
    await tx.insert(indexLeaves).values({ index: head.size, leaf, leafHash, inputSize: checkpoint.size });
    await tx.insert(indexHashes).values(grown.stored);
    await tx
      .update(indexHead)
      .set({ size: grown.size, frontier: formatFrontier(grown.frontier) })
      .where(eq(indexHead.id, 1));
    committed = next;
    return head.size;
  });
  if (committed) memories.set(db, committed);
  return revision;
}

export interface Indexing {
  stop(): Promise<void>;
}

/** Looks at the passport log every `pollMs` and appends a revision when it has grown. */
export async function startIndexing(options: {
  ctx: AppContext;
  driver: 'pglite' | 'postgres';
  log: { warn(obj: object, msg: string): void };
  pollMs?: number;
}): Promise<Indexing> {
  const { ctx, driver, log, pollMs = 1000 } = options;
  const signer = await loadLogSigner(ctx.db, ctx.env);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = buildRevision(ctx.db, signer, driver)
      .catch((err: unknown) => log.warn({ err }, 'index revision failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The lookup of a code against the newest revision an output checkpoint meeting the quorum commits to. */
export async function indexLookup(db: Db, indexSigner: LogSigner, policy: WitnessPolicy, code: string) {
  const checkpoint = await witnessedCheckpoint(db, indexSigner, policy, 1, INDEX_LOG);
  if (!checkpoint)
    throw conflict(
      `The index has no revision in a checkpoint cosigned by the witnesses the policy's quorum (${policy.quorum}) needs yet; revisions follow the log within seconds: try again shortly.`,
      'not_witnessed',
    );
  const outputIndex = checkpoint.size - 1;
  const [row] = await db.select().from(indexLeaves).where(eq(indexLeaves.index, outputIndex));
  if (!row) throw new Error(`index revision ${outputIndex} is missing from the output log`);
  const revision = parseRevisionLeaf(row.leaf);
  const { root, values } = await treeAt(db, revision.inputSize);
  // The published root must be the one this code computes from the log; serving a proof against another is useless.
  if (b64(rootHash(root)) !== revision.indexRoot)
    throw new Error(`index revision ${outputIndex} does not match the index rebuilt from the log`);
  const indices = (values.get(code) ?? []).filter((i) => i < revision.inputSize);
  const [outputProof] = await inclusionProofs(db, [outputIndex], checkpoint.size, INDEX_LOG);
  return {
    code,
    indices,
    ...revision,
    lookupProof: b64(encodeProof(prove(root, indexKey(code)))),
    outputCheckpoint: checkpoint.cosigned,
    outputIndex,
    outputProof: outputProof!.map((h) => Buffer.from(h, 'hex').toString('base64')),
  };
}
