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
