// The background submitter: sends the latest checkpoint of each log (the passport log and the index's output log) to
// every witness of the policy (C2SP tlog-witness) and keeps the cosignatures they return. It polls the head, so the append path never waits on a witness.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { logWitnessStatus } from '../db/schema';
import { readHead } from './append';
import { latestCheckpoint, type StoredCheckpoint } from './checkpoints';
import { CosignatureError, verifyCosignatureLine, witnessKeyOf, type Cosignature } from './cosignature';
import { largestCosigned, noteBody, storeCosignatures } from './cosignatures';
import type { PolicyWitness } from '../../contract/log/policy';
import { consistencyProof } from './proofs';
import { loadLogSigner } from './signing';
import { LOGS, type LogStore } from './store';
import { addCheckpoint, WITNESS_TIMEOUT_MS } from './witness-client';
import { refusalWords, reportRefusal, type WitnessLog } from './witness-refusal';

/** Any number, shared by every instance on one PostgreSQL: only the holder submits. */
export const ADVISORY_LOCK = 6_962_0001;
const MAX_CONFLICTS = 3;

/** Each log's submissions to each witness are tracked apart: the witness holds one tree per origin. */
const stateKey = (store: LogStore, w: PolicyWitness) => `${store.name}\n${w.name}`;

export interface WitnessingOptions {
  ctx: AppContext;
  driver: 'pglite' | 'postgres';
  log: WitnessLog;
  pollMs?: number;
  timeoutMs?: number;
  /** Ceiling of the retry backoff after a failure. */
  maxBackoffMs?: number;
}

interface WitnessState {
  /** The checkpoint size this instance last had cosigned by it. */
  cosigned: number | null;
  /** The witness's own latest size for this log, as it last told us (a 409), or as it cosigned. */
  known: number | null;
  failures: number;
  retryAt: number;
}

export interface Witnessing {
  /** How many rounds have finished (a test waits for rounds rather than for the clock). */
  rounds(): number;
  stop(): Promise<void>;
}

export async function startWitnessing(options: WitnessingOptions): Promise<Witnessing> {
  const { ctx, driver, log, pollMs = 1000, timeoutMs = WITNESS_TIMEOUT_MS, maxBackoffMs = 10_000 } = options;
  const { db } = ctx;
  const witnesses = ctx.env.logPolicy.witnesses.filter((w) => w.url !== null);
  if (!witnesses.length) return { rounds: () => 0, stop: async () => undefined };
  const logs = await Promise.all(
    LOGS.map(async (store) => ({ store, signer: await loadLogSigner(db, ctx.env, store.name) })),
  );
  const states = new Map<string, WitnessState>(
    logs.flatMap(({ store }) =>
      witnesses.map((w) => [stateKey(store, w), { cosigned: null, known: null, failures: 0, retryAt: 0 }]),
    ),
  );
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let finished = 0;

  const due = (store: LogStore, size: number) =>
    witnesses.some((w) => {
      const s = states.get(stateKey(store, w))!;
      return s.cosigned !== size && Date.now() >= s.retryAt;
    });

  async function recordFor(
    store: LogStore,
    w: PolicyWitness,
    error: string | null,
    inconsistent = false,
  ): Promise<void> {
    const s = states.get(stateKey(store, w))!;
    if (error === null) {
      s.failures = 0;
      s.retryAt = 0;
    } else {
      s.failures++;
      s.retryAt = Date.now() + Math.min(500 * 2 ** (s.failures - 1), maxBackoffMs);
    }
    const witnessKey = witnessKeyOf(w);
    const set = {
      lastError: error,
      updatedAt: new Date(),
      ...(error === null ? { inconsistentAt: null } : {}),
    };
    await db
      .insert(logWitnessStatus)
      .values({ witnessKey, ...set })
      .onConflictDoUpdate({ target: logWitnessStatus.witnessKey, set });
    if (error !== null) await reportRefusal(ctx, log, w, error, inconsistent);
  }

  async function submitTo(store: LogStore, w: PolicyWitness, checkpoint: StoredCheckpoint): Promise<void> {
    const s = states.get(stateKey(store, w))!;
    if (s.cosigned === checkpoint.size || Date.now() < s.retryAt) return;
    const record = (error: string | null, inconsistent = false) => recordFor(store, w, error, inconsistent);
    let old = s.known ?? (await largestCosigned(db, witnessKeyOf(w), store));
    for (let conflicts = 0; conflicts < MAX_CONFLICTS; conflicts++) {
      if (old > checkpoint.size) return record(refusalWords.ahead(old, checkpoint.size), true);
      const proof =
        old > 0 && old < checkpoint.size
          ? (await consistencyProof(db, old, checkpoint.size, store)).map((h) =>
              Buffer.from(h, 'hex').toString('base64'),
            )
          : [];
      const answer = await addCheckpoint(
        w.url!,
        { oldSize: old, proof, note: checkpoint.note },
        timeoutMs,
        stopping.signal,
      );
      if (stopping.signal.aborted) return;
      if (answer.kind === 'conflict') {
        old = s.known = answer.size;
        continue;
      }
      if (answer.kind === 'unreachable') return record(refusalWords.unreachable(answer.reason));
      if (answer.kind === 'refused')
        return record(refusalWords.refused(answer.status, answer.text), answer.status === 422);
      const mine: Cosignature[] = [];
      try {
        for (const line of answer.lines) {
          const c = verifyCosignatureLine(line, noteBody(checkpoint.note), [w]);
          if (c) mine.push(c);
        }
      } catch (error) {
        if (!(error instanceof CosignatureError)) throw error;
        return record(refusalWords.badCosignature(error.message));
      }
      if (!mine.length) return record(refusalWords.badCosignature('carries none by its key'));
      await storeCosignatures(db, checkpoint.size, mine, store);
      s.cosigned = s.known = checkpoint.size;
      return record(null);
    }
    return record(refusalWords.conflicts());
  }

  async function round(): Promise<void> {
    const heads = await Promise.all(logs.map(({ store }) => readHead(db, store)));
    const pending = ({ store }: { store: LogStore }, i: number) =>
      (store.name === 'log' || heads[i]!.size > 0) && due(store, heads[i]!.size);
    if (!logs.some(pending)) return;
    const work = async () => {
      for (const [i, { store, signer }] of logs.entries()) {
        // An output log with no revision yet has nothing for a witness to hold.
        if (store.name === 'index' && !heads[i]!.size) continue;
        const checkpoint = await latestCheckpoint(db, signer, store);
        await Promise.all(witnesses.map((w) => submitTo(store, w, checkpoint)));
      }
    };
    if (driver === 'pglite') return work();
    // The lock lives as long as this transaction; the submissions themselves use other connections.
    await db.transaction(async (tx) => {
      const result: unknown = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK}) as locked`,
      );
      if ((result as { rows: { locked: boolean }[] }).rows[0]?.locked) await work();
    });
  }

  const schedule = () => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = guardedRound().finally(schedule);
    }, pollMs);
  };
  const guardedRound = () =>
    round()
      .catch((err: unknown) => log.warn({ err }, 'witness submission round failed'))
      .finally(() => void finished++);
  running = guardedRound().finally(schedule);

  return {
    rounds: () => finished,
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
