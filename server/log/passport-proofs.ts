// One passport's leaves, each with its inclusion proof against the checkpoint chosen for it (witnessed-checkpoint):
// what the passport's log API answers and what a dossier embeds.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logLeaves } from '../db/schema';
import { inclusionProofs } from './proofs';
import type { WitnessPolicy } from '../../contract/log/policy';
import type { LogSigner } from './signing';
import { proofCheckpoint, witnessQuorum } from './witnessed-checkpoint';

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

export async function passportProofs(db: Db, signer: LogSigner, policy: WitnessPolicy, code: string) {
  const rows = await db
    .select({ index: logLeaves.index, leaf: logLeaves.leaf, leafHash: logLeaves.leafHash })
    .from(logLeaves)
    .where(eq(logLeaves.passportCode, code))
    .orderBy(asc(logLeaves.seq));
  const cover = rows.reduce((max, r) => Math.max(max, r.index + 1), 0);
  const checkpoint = await proofCheckpoint(db, signer, policy, cover);
  const entries = rows.filter((r) => r.index < checkpoint.size);
  const proofs = entries.length
    ? await inclusionProofs(
        db,
        entries.map((e) => e.index),
        checkpoint.size,
      )
    : [];
  return {
    log: {
      checkpoint: checkpoint.note,
      signedAt: checkpoint.createdAt.toISOString(),
      witnesses: witnessQuorum(policy),
      entries: entries.map((e, i) => ({
        index: e.index,
        leafBase64: Buffer.from(e.leaf, 'utf8').toString('base64'),
        proof: (proofs[i] ?? []).map(b64),
      })),
    },
    leafHashes: new Map(entries.map((e) => [e.index, e.leafHash])),
  };
}
