// The checkpoint an offline proof is made against: the newest one the policy's quorum has cosigned, so that a
// verifier holding the same policy accepts it. With `quorum none`, simply the newest.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { byThisKey, latestCheckpoint, type StoredCheckpoint } from './checkpoints';
import { parseSignatureLine, witnessKeyOf } from './cosignature';
import { cosignedNote } from './cosignatures';
import { quorumMet, type WitnessPolicy } from '../../contract/log/policy';
import type { LogSigner } from './signing';
import { PASSPORT_LOG, type LogStore } from './store';

/** How many cosigned sizes are tried, newest first, before giving up. */
const CANDIDATES = 20;

export interface CosignedCheckpoint extends StoredCheckpoint {
  /** The note with the log's signature first and the cosignatures of the policy's witnesses after it. */
  cosigned: string;
  /** Policy names of the witnesses whose cosignatures it carries. */
  witnesses: string[];
}

/** Policy names of the witnesses whose (already verified) cosignature lines follow the log's signature. */
function cosignersOf(note: string, policy: WitnessPolicy): string[] {
  const names: string[] = [];
  for (const line of note.slice(note.indexOf('\n\n') + 2).split('\n')) {
    const parsed = parseSignatureLine(line);
    if (!parsed) continue;
    const keyId = parsed.sig.subarray(0, 4).toString('hex');
    const w = policy.witnesses.find((x) => x.keyName === parsed.keyName && x.keyId === keyId);
    if (w) names.push(w.name);
  }
  return names;
}

async function withCosignatures(
  db: Db,
  checkpoint: StoredCheckpoint,
  policy: WitnessPolicy,
  store: LogStore,
): Promise<CosignedCheckpoint> {
  const cosigned = await cosignedNote(db, checkpoint.note, checkpoint.size, policy, store);
  return { ...checkpoint, cosigned, witnesses: cosignersOf(cosigned, policy) };
}

/** The newest checkpoint, with the cosignatures gathered so far (which may not meet the quorum yet). */
export async function latestCosigned(
  db: Db,
  signer: LogSigner,
  policy: WitnessPolicy,
  store: LogStore = PASSPORT_LOG,
) {
  return withCosignatures(db, await latestCheckpoint(db, signer, store), policy, store);
}

/**
 * The newest checkpoint of at least `minSize` entries whose cosignatures meet the policy's quorum; null when none
 * does yet (the witnesses have not cosigned that far, or not enough of them answer).
 */
export async function witnessedCheckpoint(
  db: Db,
  signer: LogSigner,
  policy: WitnessPolicy,
  minSize: number,
  store: LogStore = PASSPORT_LOG,
): Promise<CosignedCheckpoint | null> {
  const { checkpoints: logCheckpoints, cosignatures: logCosignatures } = store;
  if (policy.quorum === 'none') {
    const latest = await latestCosigned(db, signer, policy, store);
    return latest.size >= minSize ? latest : null;
  }
  const sizes = await db
    .selectDistinct({ size: logCosignatures.size })
    .from(logCosignatures)
    .where(
      and(
        gte(logCosignatures.size, minSize),
        inArray(logCosignatures.witnessKey, policy.witnesses.map(witnessKeyOf)),
      ),
    )
    .orderBy(desc(logCosignatures.size))
    .limit(CANDIDATES);
  for (const { size } of sizes) {
    const [stored] = await db.select().from(logCheckpoints).where(eq(logCheckpoints.size, size));
    if (!stored || !byThisKey(stored, signer)) continue;
    const candidate = await withCosignatures(db, stored, policy, store);
    if (quorumMet(policy, new Set(candidate.witnesses))) return candidate;
  }
  return null;
}
