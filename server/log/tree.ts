// RFC 6962 tree arithmetic for the server: node:crypto hashing (synchronous, fast for bulk appends) and the shapes
// of proofs as lists of complete subtrees, so a proof at any size is one read of O(log n) stored hashes.
// contract/log/merkle.ts holds the independent WebCrypto verifier these are tested against.
import { createHash } from 'node:crypto';

export function sha256Hex(...parts: (Buffer | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

const ZERO = Buffer.from([0]);
const ONE = Buffer.from([1]);

export function leafHashHex(leaf: string): string {
  return sha256Hex(ZERO, Buffer.from(leaf, 'utf8'));
}

export function nodeHashHex(left: string, right: string): string {
  return sha256Hex(ONE, Buffer.from(left, 'hex'), Buffer.from(right, 'hex'));
}

export const EMPTY_ROOT_HEX = sha256Hex();

/** A complete subtree: leaves [idx·2^level, (idx+1)·2^level). */
export interface Subtree {
  level: number;
  idx: number;
}

export const subtreeKey = (s: Subtree) => `${s.level}:${s.idx}`;

/** The complete subtrees that make up [lo, hi), largest first (lo is aligned the way RFC 6962 splits are). */
export function decompose(lo: number, hi: number): Subtree[] {
  const out: Subtree[] = [];
  while (lo < hi) {
    let level = 0;
    while (lo % 2 ** (level + 1) === 0 && lo + 2 ** (level + 1) <= hi) level++;
    out.push({ level, idx: lo / 2 ** level });
    lo += 2 ** level;
  }
  return out;
}

/** MTH of a range from the hashes of its complete subtrees (largest first): fold from the right. */
export function foldRight(hashes: string[]): string {
  if (!hashes.length) return EMPTY_ROOT_HEX;
  let r = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) r = nodeHashHex(hashes[i]!, r);
  return r;
}

function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

export interface Range {
  lo: number;
  hi: number;
}

/** RFC 6962 §2.1.1 PATH(m, D[0:n]) as ranges, leaf level first. */
export function inclusionRanges(m: number, n: number): Range[] {
  const out: Range[] = [];
  let lo = 0;
  let hi = n;
  while (hi - lo > 1) {
    const k = largestPowerOfTwoBelow(hi - lo);
    if (m - lo < k) {
      out.push({ lo: lo + k, hi });
      hi = lo + k;
    } else {
      out.push({ lo, hi: lo + k });
      lo += k;
    }
  }
  return out.reverse();
}

/** RFC 6962 §2.1.2 PROOF(m, D[0:n]) as ranges, in proof order. */
export function consistencyRanges(m: number, n: number): Range[] {
  if (m <= 0 || m >= n) return [];
  const out: Range[] = [];
  let lo = 0;
  let hi = n;
  let complete = true;
  let mm = m;
  while (mm !== hi - lo) {
    const k = largestPowerOfTwoBelow(hi - lo);
    if (mm <= k) {
      out.push({ lo: lo + k, hi });
      hi = lo + k;
    } else {
      out.push({ lo, hi: lo + k });
      lo += k;
      mm -= k;
      complete = false;
    }
  }
  if (!complete) out.push({ lo, hi });
  return out.reverse();
}

/** Appends leaf hashes to a right edge; returns the stored hashes each append completes. */
export function appendToFrontier(
  frontier: string[],
  size: number,
  leafHashes: string[],
): { frontier: string[]; size: number; stored: (Subtree & { hash: string })[] } {
  const edge = [...frontier];
  const stored: (Subtree & { hash: string })[] = [];
  let n = size;
  for (const leaf of leafHashes) {
    let h = leaf;
    let level = 0;
    let idx = n;
    stored.push({ level, idx, hash: h });
    while (idx % 2 === 1) {
      h = nodeHashHex(edge.pop()!, h);
      level++;
      idx = (idx - 1) / 2;
      stored.push({ level, idx, hash: h });
    }
    edge.push(h);
    n++;
  }
  return { frontier: edge, size: n, stored };
}

export const parseFrontier = (text: string) => text.match(/.{64}/g) ?? [];
export const formatFrontier = (edge: string[]) => edge.join('');
