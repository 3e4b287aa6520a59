// The checkpoint a passport's proofs are built against: the newest one the policy's witnesses have cosigned to
// quorum, as long as it covers the passport's last event; otherwise the newest checkpoint, with the cosignatures it
// has gathered so far (a reader then sees "not yet witnessed", never a proof against an older, shorter history).
import type { WitnessQuorum } from '../../contract/log/witnessed';
import type { Db } from '../db/client';
import type { StoredCheckpoint } from './checkpoints';
import { quorumMet, type WitnessPolicy } from '../../contract/log/policy';
import type { LogSigner } from './signing';
import { latestCosigned, witnessedCheckpoint } from './witnessed';

export interface ProofCheckpoint extends StoredCheckpoint {
  /** The note with the log's signature first, then every verified cosignature of a policy witness. */
  note: string;
  quorumMet: boolean;
}

export async function proofCheckpoint(
  db: Db,
  signer: LogSigner,
  policy: WitnessPolicy,
  coverSize = 0,
): Promise<ProofCheckpoint> {
  const witnessed = await witnessedCheckpoint(db, signer, policy, coverSize);
  if (witnessed) return { ...witnessed, note: witnessed.cosigned, quorumMet: true };
  const latest = await latestCosigned(db, signer, policy);
  return { ...latest, note: latest.cosigned, quorumMet: quorumMet(policy, new Set(latest.witnesses)) };
}

/** What a reader of a checkpoint needs of the policy to count its cosignatures (no URLs). */
export function witnessQuorum(policy: WitnessPolicy): WitnessQuorum {
  return {
    quorum: policy.quorum,
    witnesses: policy.witnesses.map((w) => ({ name: w.name, vkey: w.vkey })),
    groups: policy.groups.map((g) => ({ name: g.name, threshold: g.threshold, members: g.members })),
  };
}
