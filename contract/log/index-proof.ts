// Checks a verifiable-index lookup (docs/decisions/032-verifiable-index.md) with WebCrypto only: the key of a
// passport code, the hash of its list of log indices, the compressed sparse-Merkle proof against an index root,
// and the output log's leaf that commits to one index revision. The browser and `npm run verify` share it.
import { concatBytes, equalBytes, fromBase64, sha256, utf8 } from './bytes';

const HEIGHT = 256;
export const INDEX_KEY_PREFIX = 'luthier-registry/passport:';
/** The first line of every output-log leaf. */
export const REVISION_LEAF_TAG = 'luthier-registry/index-revision/v1';

let empties: Promise<Uint8Array[]> | null = null;
/** E(0) = H(0x02), E(h) = H(0x01 ‖ E(h−1) ‖ E(h−1)). */
function emptyHashes(): Promise<Uint8Array[]> {
  empties ??= (async () => {
    const out = [await sha256(new Uint8Array([2]))];
    for (let h = 1; h <= HEIGHT; h++)
      out.push(await sha256(concatBytes(new Uint8Array([1]), out[h - 1]!, out[h - 1]!)));
    return out;
  })();
  return empties;
}

export const indexKeyOf = (code: string): Promise<Uint8Array> => sha256(utf8(INDEX_KEY_PREFIX + code));

export function indicesHash(indices: readonly number[]): Promise<Uint8Array> {
  const bytes = new Uint8Array(8 * indices.length);
  const view = new DataView(bytes.buffer);
  indices.forEach((v, i) => view.setBigUint64(8 * i, BigInt(v)));
  return sha256(bytes);
}

const bitOf = (bytes: Uint8Array, i: number) => (bytes[i >> 3]! >> (7 - (i & 7))) & 1;

/**
 * The index root the proof gives for the code holding exactly these indices (an empty list: the code is absent).
 * Throws on a malformed proof; the caller compares the result with the index root it trusts.
 */
export async function lookupRoot(
  code: string,
  indices: readonly number[],
  proof: Uint8Array,
): Promise<Uint8Array> {
  if (proof.length < 32 || (proof.length - 32) % 32) throw new Error('the lookup proof is malformed');
  const empty = await emptyHashes();
  const key = await indexKeyOf(code);
  let cur = indices.length
    ? await sha256(concatBytes(new Uint8Array([0]), key, await indicesHash(indices)))
    : empty[0]!;
  let at = 32;
  for (let h = 0; h < HEIGHT; h++) {
    let sibling = empty[h]!;
    if (bitOf(proof, h)) {
      if (at + 32 > proof.length) throw new Error('the lookup proof is malformed');
      sibling = proof.subarray(at, (at += 32));
    }
    const [l, r] = bitOf(key, HEIGHT - 1 - h) ? [sibling, cur] : [cur, sibling];
    cur = await sha256(concatBytes(new Uint8Array([1]), l, r));
  }
  if (at !== proof.length) throw new Error('the lookup proof is malformed');
  return cur;
}

export async function verifyLookup(
  code: string,
  indices: readonly number[],
  proofBase64: string,
  indexRootBase64: string,
): Promise<boolean> {
  for (let i = 0; i < indices.length; i++)
    if (!Number.isSafeInteger(indices[i]) || indices[i]! < 0 || (i > 0 && indices[i]! <= indices[i - 1]!))
      return false;
  try {
    return equalBytes(await lookupRoot(code, indices, fromBase64(proofBase64)), fromBase64(indexRootBase64));
  } catch {
    return false;
  }
}

export interface IndexRevision {
  inputSize: number;
  /** Base64. */
  inputRoot: string;
  /** Base64. */
  indexRoot: string;
}

/** The output log's leaf for a revision: four lines, each ending in a newline. */
export const formatRevisionLeaf = (r: IndexRevision): string =>
  `${REVISION_LEAF_TAG}\n${r.inputSize}\n${r.inputRoot}\n${r.indexRoot}\n`;

export function parseRevisionLeaf(text: string): IndexRevision {
  const m =
    /^luthier-registry\/index-revision\/v1\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/]{43}=)\n([A-Za-z0-9+/]{43}=)\n$/.exec(
      text,
    );
  if (!m) throw new Error('not an index revision leaf');
  // Canonical base64 only (fromBase64 refuses any other), so one revision has exactly one leaf.
  fromBase64(m[2]!);
  fromBase64(m[3]!);
  return { inputSize: Number(m[1]), inputRoot: m[2]!, indexRoot: m[3]! };
}
