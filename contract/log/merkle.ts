// RFC 6962 Merkle tree hashing and proof checks (the checks follow RFC 9162 §2.1.3.2 and §2.1.4.2, which accept the
// RFC 6962 proofs Go's golang.org/x/mod/sumdb/tlog produces: audit path leaf level first).
import { concatBytes, equalBytes, sha256 } from './bytes';

export const HASH_SIZE = 32;

export function leafHash(leaf: Uint8Array): Promise<Uint8Array> {
  return sha256(concatBytes(new Uint8Array([0]), leaf));
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  return sha256(concatBytes(new Uint8Array([1]), left, right));
}

/** Root of the tree whose leaf hashes are given (MTH of RFC 6962 §2.1); the empty tree hashes to SHA-256(""). */
export async function treeHash(leafHashes: Uint8Array[]): Promise<Uint8Array> {
  if (leafHashes.length === 0) return sha256(new Uint8Array());
  if (leafHashes.length === 1) return leafHashes[0]!;
  const k = largestPowerOfTwoBelow(leafHashes.length);
  return nodeHash(await treeHash(leafHashes.slice(0, k)), await treeHash(leafHashes.slice(k)));
}

/** The largest power of two strictly below n (n ≥ 2). Sizes are plain numbers: exact up to 2^53 leaves. */
export function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Does `proof` show the leaf with hash `leaf` at `index` in the tree of `size` leaves whose root is `root`? */
export async function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (p.length !== HASH_SIZE || sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(r, root);
}

/** Is the tree of size2 with root2 an append-only extension of the tree of size1 with root1? */
export async function verifyConsistency(
  size1: number,
  size2: number,
  root1: Uint8Array,
  root2: Uint8Array,
  proof: Uint8Array[],
): Promise<boolean> {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size2 < size1)
    return false;
  if (size1 === size2) return proof.length === 0 && equalBytes(root1, root2);
  if (size1 === 0) return proof.length === 0;
  if (proof.length === 0 || proof.some((p) => p.length !== HASH_SIZE)) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : proof;
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(fr, root1) && equalBytes(sr, root2);
}

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}
