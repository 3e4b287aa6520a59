// The dossier's files for standard tooling: the log's tlog-policy and one C2SP tlog-proof per event, each against
// the newest checkpoint the policy's quorum has cosigned that covers the passport's last event (else the newest,
// with the cosignatures gathered so far: a verifier then says "not yet witnessed" rather than miss events).
import { sql } from 'drizzle-orm';
import { formatTlogProof } from '../../../contract/log/tlog-proof';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { formatPolicy } from '../../../contract/log/policy';
import { inclusionProofs } from '../../log/proofs';
import { indexLookup } from '../../log-index/indexer';
import { loadLogSigner, type LogSigner } from '../../log/signing';
import { AppError } from '../../plugins/errors';
import { latestCosigned, witnessedCheckpoint } from '../../log/witnessed';

export interface DossierLogFiles {
  /** The tlog-policy of this log (as /log/policy serves it). */
  policy: string;
  /** One proof file per event the checkpoint covers. */
  proofs: { index: number; text: string }[];
  /** passport-index.json: the verifiable index's lookup (decision 032); null while no revision is witnessed. */
  index: string | null;
}

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/** The index lookup of the passport with each listed entry's inclusion proof at the revision's log size. */
async function indexFile(db: Db, env: Env, code: string): Promise<string | null> {
  let lookup;
  try {
    lookup = await indexLookup(db, await loadLogSigner(db, env, 'index'), env.logPolicy, code);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return null;
    throw error;
  }
  const proofs = lookup.indices.length ? await inclusionProofs(db, lookup.indices, lookup.inputSize) : [];
  const entryProofs = lookup.indices.map((index, i) => ({ index, proof: proofs[i]!.map(b64) }));
  return `${JSON.stringify({ ...lookup, entryProofs }, null, 2)}\n`;
}

export async function dossierLogFiles(
  db: Db,
  signer: LogSigner,
  env: Env,
  indexes: number[],
  code: string,
): Promise<DossierLogFiles> {
  const cover = indexes.reduce((max, i) => Math.max(max, i + 1), 0);
  const checkpoint =
    (await witnessedCheckpoint(db, signer, env.logPolicy, cover)) ??
    (await latestCosigned(db, signer, env.logPolicy));
  const covered = indexes.filter((i) => i < checkpoint.size);
  const proofs = covered.length ? await inclusionProofs(db, covered, checkpoint.size) : [];
  return {
    policy: formatPolicy(
      env.logPolicy,
      { vkey: signer.vkey, url: `${env.publicUrl}/log` },
      { vkey: (await loadLogSigner(db, env, 'index')).vkey, url: `${env.publicUrl}/index` },
    ),
    proofs: covered.map((index, i) => ({
      index,
      text: formatTlogProof({ index, proof: proofs[i]!.map(b64), checkpoint: checkpoint.cosigned }),
    })),
    index: await indexFile(db, env, code),
  };
}

/**
 * What the log part of a passport's dossier depends on, in one small read, without the proofs: the passport's
 * leaves (append-only: their count and last index), the log's size, and every checkpoint and cosignature the
 * embedded checkpoint could be chosen from (those after the passport's last leaf: their count, newest size and
 * time, and the sum of the cosignatures' timestamps, which a witness's newer cosignature of a size changes).
 * Every part only grows, so a state once passed never comes back. The checkpoint of the log's current size is
 * left out: the first dossier of that size signs it (latestCheckpoint), and it never changes once stored.
 */
export async function dossierLogState(db: Db, code: string): Promise<string> {
  const result = (await db.execute(sql`select ${logStateSql(code)} as state`)) as {
    rows: { state: string }[];
  };
  return result.rows[0]?.state ?? '';
}

/** dossierLogState as one SQL expression, for a query that reads it with other things. */
export const logStateSql = (code: string) => sql`(
    with mine as (
      select count(*) as n, coalesce(max(index), -1) as top from log_leaves where passport_code = ${code}
    ), head as (
      select coalesce((select size from log_head where id = 1), 0) as size
    )
    select concat_ws(' ', mine.n, mine.top, head.size,
      (select concat_ws(' ', count(*), max(size), max(created_at)) from log_checkpoints
         where size > mine.top and size < head.size),
      (select concat_ws(' ', count(*), max(size), sum(timestamp), max(created_at))
         from log_cosignatures where size > mine.top),
      (select size from index_head where id = 1),
      (select concat_ws(' ', count(*), sum(timestamp)) from index_cosignatures))
    from mine, head
  )`;
