// Completeness of a passport's history (docs/decisions/032): a verifiable-index lookup, checked under the policy,
// says exactly which log entries the passport has at a log size; the entries a dossier or a site shows must be
// exactly those, each proved into the passport log at that size, each of the passport asked about.
import type { IndexLookup } from '../../contract/log';
import { fromBase64 } from '../../contract/log/bytes';
import { formatRevisionLeaf, verifyLookup } from '../../contract/log/index-proof';
import { decodeLeaf } from '../../contract/log/leaf';
import { leafHash, verifyInclusion } from '../../contract/log/merkle';
import { judgeCheckpoint, Tampered, utc } from './judge';
import type { TrustPolicy } from './policy';

export interface IndexedEntry {
  index: number;
  leaf: Uint8Array;
  /** Its inclusion proof in the passport log at the lookup's inputSize. */
  proof: Uint8Array[];
}

export interface Completeness {
  lines: string[];
  /** Why it is not established (exit 3); empty when the output checkpoint is signed and cosigned to quorum. */
  missing: string[];
  /** The sentence the user is waiting for. */
  verdict: string;
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/**
 * Checks the lookup under the policy and the entries against it. Throws Tampered naming the first entry that is
 * missing, extra or of another passport, or the first proof that fails.
 */
export async function checkCompleteness(
  code: string,
  lookup: IndexLookup,
  entries: IndexedEntry[],
  policy: TrustPolicy,
  passportOrigin: string,
): Promise<Completeness> {
  if (lookup.code !== code) throw new Tampered(`the index lookup is for ${lookup.code}, not for ${code}`);
  const judged = judgeCheckpoint(lookup.outputCheckpoint, policy);
  const output = judged.checkpoint;
  const expectedOrigin = passportOrigin.replace(/\/log$/, '/index');
  if (output.origin !== expectedOrigin)
    throw new Tampered(`the index lookup comes from the log ${output.origin}, not ${expectedOrigin}`);
  if (lookup.outputIndex !== output.size - 1)
    throw new Tampered(
      `the index revision ${lookup.outputIndex} is not the last leaf of its output checkpoint (size ${output.size}): a newer revision may exist`,
    );
  const leaf = new TextEncoder().encode(formatRevisionLeaf(lookup));
  if (
    !(await verifyInclusion(
      lookup.outputIndex,
      output.size,
      await leafHash(leaf),
      lookup.outputProof.map(fromBase64),
      output.root,
    ))
  )
    throw new Tampered(`the index revision ${lookup.outputIndex} is not in the output log's checkpoint`);
  if (!(await verifyLookup(code, lookup.indices, lookup.lookupProof, lookup.indexRoot)))
    throw new Tampered(`the index's lookup proof for ${code} does not match its root`);
  const listed = new Set(lookup.indices);
  const given = new Map(entries.map((e) => [e.index, e]));
  for (const index of lookup.indices)
    if (!given.has(index))
      throw new Tampered(
        `log entry ${index} of ${code} is missing: the index lists ${lookup.indices.length} entries at log size ${lookup.inputSize}, and this history leaves it out`,
      );
  for (const e of entries) {
    if (!listed.has(e.index))
      throw new Tampered(
        `log entry ${e.index} is not one of ${code}'s entries in the index (an extra entry)`,
      );
    let passport: string;
    try {
      passport = decodeLeaf(utf8(e.leaf)).passport;
    } catch (err) {
      throw new Tampered(`log entry ${e.index}: ${(err as Error).message}`);
    }
    if (passport !== code) throw new Tampered(`log entry ${e.index} belongs to ${passport}, not to ${code}`);
    const root = fromBase64(lookup.inputRoot);
    if (!(await verifyInclusion(e.index, lookup.inputSize, await leafHash(e.leaf), e.proof, root)))
      throw new Tampered(`log entry ${e.index} is not in the passport log at size ${lookup.inputSize}`);
  }
  const when =
    judged.newestCosignature !== null
      ? utc(judged.newestCosignature)
      : `log size ${lookup.inputSize.toLocaleString('en-US')} (no witness time)`;
  return {
    lines: [
      'Index (verifiable index, decision 032):',
      ...judged.lines.map((l) => `  ${l}`),
      `  revision ${lookup.outputIndex} is its last leaf; ${code}'s lookup proof matches the index root at log size ${lookup.inputSize.toLocaleString('en-US')}`,
    ],
    missing: judged.missing.map((m) => `the index's output checkpoint: ${m}`),
    verdict: `Complete history of ${code} as of ${when}: ${lookup.indices.length} events`,
  };
}
