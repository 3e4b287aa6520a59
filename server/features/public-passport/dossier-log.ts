// The dossier's files for standard tooling: the log's tlog-policy and one C2SP tlog-proof per event, each against
// the newest checkpoint the policy's quorum has cosigned that covers the passport's last event (else the newest,
// with the cosignatures gathered so far: a verifier then says "not yet witnessed" rather than miss events).
import { formatTlogProof } from '../../../contract/log/tlog-proof';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { formatPolicy } from '../../../contract/log/policy';
import { inclusionProofs } from '../../log/proofs';
import type { LogSigner } from '../../log/signing';
import { latestCosigned, witnessedCheckpoint } from '../../log/witnessed';

export interface DossierLogFiles {
  /** The tlog-policy of this log (as /log/policy serves it). */
  policy: string;
  /** One proof file per event the checkpoint covers. */
  proofs: { index: number; text: string }[];
}

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

export async function dossierLogFiles(
  db: Db,
  signer: LogSigner,
  env: Env,
  indexes: number[],
): Promise<DossierLogFiles> {
  const cover = indexes.reduce((max, i) => Math.max(max, i + 1), 0);
  const checkpoint =
    (await witnessedCheckpoint(db, signer, env.logPolicy, cover)) ??
    (await latestCosigned(db, signer, env.logPolicy));
  const covered = indexes.filter((i) => i < checkpoint.size);
  const proofs = covered.length ? await inclusionProofs(db, covered, checkpoint.size) : [];
  return {
    policy: formatPolicy(env.logPolicy, { vkey: signer.vkey, url: `${env.publicUrl}/log` }),
    proofs: covered.map((index, i) => ({
      index,
      text: formatTlogProof({ index, proof: proofs[i]!.map(b64), checkpoint: checkpoint.cosigned }),
    })),
  };
}
