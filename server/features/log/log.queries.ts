import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logLeaves } from '../../db/schema';
import { readHead } from '../../log/append';
import { consistencyProof, inclusionProofs } from '../../log/proofs';
import { passportProofs } from '../../log/passport-proofs';
import type { WitnessPolicy } from '../../../contract/log/policy';
import type { LogSigner } from '../../log/signing';
import { conflict, badRequest, notFound } from '../../plugins/errors';
import { formatTlogProof } from '../../../contract/log/tlog-proof';
import { witnessedCheckpoint } from '../../log/witnessed';

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

async function requireSize(db: Db, size: number, name: string): Promise<void> {
  const head = await readHead(db);
  if (size > head.size)
    throw notFound(`The log has ${head.size} entries; ${name} ${size} is beyond its end.`);
}

export async function logEntry(db: Db, index: number) {
  const [row] = await db.select({ leaf: logLeaves.leaf }).from(logLeaves).where(eq(logLeaves.index, index));
  if (!row) throw notFound(`The log has no entry ${index}.`);
  return { index, leafBase64: Buffer.from(row.leaf, 'utf8').toString('base64'), leaf: row.leaf };
}

export async function inclusionProof(db: Db, index: number, size: number) {
  if (index >= size) throw badRequest('index must be below size.', { index: 'must be below size' });
  await requireSize(db, size, 'size');
  const [proof] = await inclusionProofs(db, [index], size);
  return { proof: proof!.map(b64) };
}

export async function consistency(db: Db, from: number, to: number) {
  if (from > to) throw badRequest('from must not exceed to.', { from: 'must not exceed to' });
  await requireSize(db, to, 'to');
  return { proof: (await consistencyProof(db, from, to)).map(b64) };
}

/** Every leaf of one passport, each with its inclusion proof against the checkpoint chosen for it. */
export async function passportLog(db: Db, signer: LogSigner, policy: WitnessPolicy, code: string) {
  const { log } = await passportProofs(db, signer, policy, code);
  if (!log.entries.length) throw notFound('No passport with that code is in the registry log.');
  return log;
}

/** A C2SP tlog-proof of one entry against the newest checkpoint that meets the policy's quorum. */
export async function entryTlogProof(db: Db, signer: LogSigner, policy: WitnessPolicy, index: number) {
  const head = await readHead(db);
  if (index >= head.size) throw notFound(`The log has no entry ${index}.`);
  const checkpoint = await witnessedCheckpoint(db, signer, policy, index + 1);
  if (!checkpoint)
    throw conflict(
      `Entry ${index} is not yet in a checkpoint cosigned by the witnesses the policy's quorum (${policy.quorum}) needs; witnesses usually cosign within seconds: try again shortly, and see /api/log/witnesses.`,
      'not_witnessed',
    );
  const [proof] = await inclusionProofs(db, [index], checkpoint.size);
  return formatTlogProof({ index, proof: proof!.map(b64), checkpoint: checkpoint.cosigned });
}
