// The checkpoint a passport's proofs are built against: the newest one the policy's witnesses have cosigned to
// quorum, as long as it covers the passport's last event; otherwise the newest checkpoint, with the cosignatures it
// has gathered so far (a reader then sees "not yet witnessed", never a proof against an older, shorter history).
import { desc, gte } from 'drizzle-orm';
import type { WitnessQuorum } from '../../contract/log/witnessed';
import type { Db } from '../db/client';
import { logCheckpoints } from '../db/schema';
import { byThisKey, latestCheckpoint, type StoredCheckpoint } from './checkpoints';
import { cosignedCheckpoint } from './cosignatures';
import { quorumMet, type WitnessPolicy } from './policy';
import type { LogSigner } from './signing';

/** How many stored checkpoints, newest first, are tried for a quorum before falling back to the newest. */
const CANDIDATES = 8;

export interface WitnessedCheckpoint extends StoredCheckpoint {
  /** The note with the log's signature first, then every verified cosignature of a policy witness. */
  note: string;
  quorumMet: boolean;
}

export async function witnessedCheckpoint(
  db: Db,
  signer: LogSigner,
  policy: WitnessPolicy,
  coverSize = 0,
): Promise<WitnessedCheckpoint> {
  const latest = await latestCheckpoint(db, signer);
  if (!policy.witnesses.length) return { ...latest, quorumMet: quorumMet(policy, new Set()) };
  const candidates = await db
    .select()
    .from(logCheckpoints)
    .where(gte(logCheckpoints.size, coverSize))
    .orderBy(desc(logCheckpoints.size))
    .limit(CANDIDATES);
  for (const candidate of candidates) {
    if (!byThisKey(candidate, signer)) continue;
    const { note, cosigners } = await cosignedCheckpoint(db, candidate.note, candidate.size, policy);
    if (quorumMet(policy, cosigners)) return { ...candidate, note, quorumMet: true };
  }
  const { note } = await cosignedCheckpoint(db, latest.note, latest.size, policy);
  return { ...latest, note, quorumMet: false };
}

/** What a reader of a checkpoint needs of the policy to count its cosignatures (no URLs). */
export function witnessQuorum(policy: WitnessPolicy): WitnessQuorum {
  return {
    quorum: policy.quorum,
    witnesses: policy.witnesses.map((w) => ({ name: w.name, vkey: w.vkey })),
    groups: policy.groups.map((g) => ({ name: g.name, threshold: g.threshold, members: g.members })),
  };
}
