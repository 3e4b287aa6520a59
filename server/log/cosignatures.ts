// Kept cosignatures: stored once verified, served appended to the log's own checkpoint signature.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LogWitnesses } from '../../contract/log-witnesses';
import type { Db } from '../db/client';
import { logCheckpoints, logCosignatures, logWitnessStatus } from '../db/schema';
import { verifyCosignatureLine, witnessKeyOf, type Cosignature } from './cosignature';
import type { PolicyWitness, WitnessPolicy } from '../../contract/log/policy';
import { PASSPORT_LOG, type LogStore } from './store';

/** The note text (origin, size, root and any extension lines) of a signed checkpoint note. */
export function noteBody(note: string): string {
  return note.slice(0, note.indexOf('\n\n') + 1);
}

export async function storeCosignatures(
  db: Db,
  size: number,
  cosignatures: Cosignature[],
  store: LogStore = PASSPORT_LOG,
): Promise<void> {
  const logCosignatures = store.cosignatures;
  for (const c of cosignatures) {
    const row = { size, witnessKey: witnessKeyOf(c.witness), timestamp: c.timestamp, line: c.line };
    await db
      .insert(logCosignatures)
      .values(row)
      .onConflictDoUpdate({
        target: [logCosignatures.size, logCosignatures.witnessKey],
        set: { timestamp: row.timestamp, line: row.line },
      });
  }
}

/**
 * The checkpoint note with the policy's witnesses' cosignatures of its size appended after the log's own signature.
 * Each is checked again against the body served: a cosignature kept under an earlier key or policy is left out.
 */
export async function cosignedNote(
  db: Db,
  note: string,
  size: number,
  policy: WitnessPolicy,
  store: LogStore = PASSPORT_LOG,
): Promise<string> {
  return (await cosignedCheckpoint(db, note, size, policy, store)).note;
}

/** The cosigned note and the names (in the policy) of the witnesses whose cosignature it carries. */
async function cosignedCheckpoint(
  db: Db,
  note: string,
  size: number,
  policy: WitnessPolicy,
  store: LogStore,
): Promise<{ note: string; cosigners: Set<string> }> {
  const logCosignatures = store.cosignatures;
  const cosigners = new Set<string>();
  if (!policy.witnesses.length) return { note, cosigners };
  const rows = await db
    .select({ line: logCosignatures.line })
    .from(logCosignatures)
    .where(
      and(
        eq(logCosignatures.size, size),
        inArray(logCosignatures.witnessKey, policy.witnesses.map(witnessKeyOf)),
      ),
    );
  const body = noteBody(note);
  const lines: string[] = [];
  for (const { line } of rows) {
    try {
      const cosignature = verifyCosignatureLine(line, body, policy.witnesses);
      if (!cosignature) continue;
      lines.push(`${line}\n`);
      cosigners.add(cosignature.witness.name);
    } catch {
      // A stored line that no longer verifies against this body is not served.
    }
  }
  return { note: note + lines.sort().join(''), cosigners };
}

/**
 * The largest size the witness has cosigned: the newest stored cosignature that verifies against the checkpoint kept
 * at its size (a few are tried, so a row that does not verify cannot hide the ones below it).
 */
async function newestCosigned(
  db: Db,
  witness: PolicyWitness,
): Promise<{ size: number; timestamp: number } | null> {
  const rows = await db
    .select({
      size: logCosignatures.size,
      timestamp: logCosignatures.timestamp,
      line: logCosignatures.line,
      note: logCheckpoints.note,
    })
    .from(logCosignatures)
    .innerJoin(logCheckpoints, eq(logCheckpoints.size, logCosignatures.size))
    .where(eq(logCosignatures.witnessKey, witnessKeyOf(witness)))
    .orderBy(desc(logCosignatures.size))
    .limit(5);
  for (const row of rows) {
    try {
      if (verifyCosignatureLine(row.line, noteBody(row.note), [witness])) return row;
    } catch {
      // Not this one: try the next smaller size.
    }
  }
  return null;
}

/** What GET /api/log/witnesses answers: per witness, its largest cosigned size and its last error. */
export async function witnessStatuses(db: Db, policy: WitnessPolicy): Promise<LogWitnesses> {
  const keys = policy.witnesses.map(witnessKeyOf);
  const statuses = keys.length
    ? await db.select().from(logWitnessStatus).where(inArray(logWitnessStatus.witnessKey, keys))
    : [];
  const witnesses = [];
  for (const w of policy.witnesses) {
    const cosigned = await newestCosigned(db, w);
    witnesses.push({
      name: w.name,
      vkey: w.vkey,
      url: w.url,
      size: cosigned?.size ?? null,
      cosignedAt: cosigned ? new Date(cosigned.timestamp * 1000).toISOString() : null,
      lastError: statuses.find((s) => s.witnessKey === witnessKeyOf(w))?.lastError ?? null,
    });
  }
  return { quorum: policy.quorum, witnesses };
}

/** The largest size this witness key has cosigned, 0 if none: where submission starts before the witness says. */
export async function largestCosigned(
  db: Db,
  witnessKey: string,
  store: LogStore = PASSPORT_LOG,
): Promise<number> {
  const logCosignatures = store.cosignatures;
  const [row] = await db
    .select({ size: sql<string | null>`max(${logCosignatures.size})` })
    .from(logCosignatures)
    .where(eq(logCosignatures.witnessKey, witnessKey));
  return Number(row?.size ?? 0);
}
