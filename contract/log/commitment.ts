// Private values appear in a log leaf only as salted SHA-256 commitments: `{"$commit": "<64 hex>"}`.
// The commitment is SHA-256(salt ‖ canonical JSON of the value); the 32-byte salt stays private (the owner's copy of
// the dossier carries it), so nobody can confirm a guessed price or name without it.
import { canonicalJson } from './canonical-json';
import { concatBytes, fromHex, sha256, toHex, utf8 } from './bytes';

export const COMMITMENT_KEY = '$commit';

export interface Commitment {
  [COMMITMENT_KEY]: string;
}

export async function commit(value: unknown, saltHex: string): Promise<Commitment> {
  const digest = await sha256(concatBytes(fromHex(saltHex), utf8(canonicalJson(value))));
  return { [COMMITMENT_KEY]: toHex(digest) };
}

export function isCommitment(value: unknown): value is Commitment {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as Record<string, unknown>)[COMMITMENT_KEY] === 'string'
  );
}

/** Does the revealed value with its salt open the commitment? */
export async function openCommitment(
  commitment: Commitment,
  value: unknown,
  saltHex: string,
): Promise<boolean> {
  return (await commit(value, saltHex))[COMMITMENT_KEY] === commitment[COMMITMENT_KEY];
}

/** The value at a dot path (`changes.0.to`) inside a leaf's data; undefined when the path leads nowhere. */
export function valueAtPath(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export interface RevealedInput {
  index: number;
  path: string;
  salt: string;
  value: unknown;
}

/**
 * Checks that each revealed value opens the commitment at its path in the leaf of its log index (the leaves as
 * decoded data, by index). The first that does not is named; a revealed value for a leaf not given, or where the
 * leaf holds no commitment, fails too.
 */
export async function checkRevealed(
  leaves: Map<number, { data: unknown }>,
  revealed: RevealedInput[],
): Promise<{ ok: true; opened: number } | { ok: false; message: string }> {
  for (const r of revealed) {
    const leaf = leaves.get(r.index);
    if (!leaf)
      return { ok: false, message: `private value ${r.path} names log entry ${r.index}, which is not here` };
    const commitment = valueAtPath(leaf.data, r.path);
    if (!isCommitment(commitment))
      return { ok: false, message: `log entry ${r.index} holds no commitment at ${r.path}` };
    if (!(await openCommitment(commitment, r.value, r.salt)))
      return {
        ok: false,
        message: `the private value at ${r.path} of log entry ${r.index} does not open its commitment`,
      };
  }
  return { ok: true, opened: revealed.length };
}
