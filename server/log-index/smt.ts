// The verifiable index's sparse Merkle tree over 256-bit keys (docs/decisions/032-verifiable-index.md): every key
// is a leaf position of a full binary tree of height 256; a present key's leaf is H(0x00 ‖ key ‖ H(value)), an
// inner node H(0x01 ‖ left ‖ right), an empty subtree of height h is E(h) with E(0) = H(0x02). In memory it is kept
// as an immutable radix tree (only branch points are nodes), so an update copies O(log n) nodes and every older
// root stays readable for proofs at that revision.
import { createHash } from 'node:crypto';

export const HEIGHT = 256;
export const KEY_PREFIX = 'luthier-registry/passport:';

const sha = (...parts: Uint8Array[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const ZERO = Buffer.from([0]);
const ONE = Buffer.from([1]);

/** E(h): the hash of an empty subtree of height h, for h = 0…256. */
export const EMPTY: Buffer[] = (() => {
  const out = [sha(Buffer.from([2]))];
  for (let h = 1; h <= HEIGHT; h++) out.push(sha(ONE, out[h - 1]!, out[h - 1]!));
  return out;
})();

/** The map function's key of a passport code. */
export const indexKey = (code: string): Buffer => sha(Buffer.from(KEY_PREFIX + code, 'utf8'));

/** H of the value: the log indices as big-endian uint64, concatenated. */
export function valueHash(indices: readonly number[]): Buffer {
  const bytes = Buffer.alloc(8 * indices.length);
  indices.forEach((v, i) => bytes.writeBigUInt64BE(BigInt(v), 8 * i));
  return sha(bytes);
}

export const leafHash = (key: Buffer, value: Buffer): Buffer => sha(ZERO, key, value);
const inner = (left: Buffer, right: Buffer) => sha(ONE, left, right);

/** Bit d of a key, the most significant bit of byte 0 first: 0 goes left at depth d, 1 right. */
export const bit = (key: Uint8Array, d: number): number => (key[d >> 3]! >> (7 - (d & 7))) & 1;

interface Leaf {
  depth: 256;
  key: Buffer;
  value: Buffer;
  /** The hash at its own depth. */
  hash: Buffer;
}
interface Branch {
  /** The depth at which its two children's keys first differ. */
  depth: number;
  /** Any key below it (its bits above `depth` are the branch's path). */
  key: Buffer;
  left: Node;
  right: Node;
  hash: Buffer;
}
export type Node = Leaf | Branch;

/** The hash of the subtree at depth `at` whose only non-empty part is `node` (folded up with empty siblings). */
function hashAt(node: Node, at: number): Buffer {
  let cur = node.hash;
  for (let d = node.depth - 1; d >= at; d--) {
    const empty = EMPTY[HEIGHT - 1 - d]!;
    cur = bit(node.key, d) ? inner(empty, cur) : inner(cur, empty);
  }
  return cur;
}

function branch(depth: number, a: Node, b: Node): Branch {
  const [left, right] = bit(a.key, depth) ? [b, a] : [a, b];
  return { depth, key: a.key, left, right, hash: inner(hashAt(left, depth + 1), hashAt(right, depth + 1)) };
}

function firstDifference(a: Buffer, b: Buffer): number {
  for (let i = 0; i < 32; i++) {
    const x = a[i]! ^ b[i]!;
    if (x) return i * 8 + Math.clz32(x) - 24;
  }
  return HEIGHT;
}

/** A new tree with the key's value set (the old one is unchanged). */
export function put(root: Node | null, key: Buffer, value: Buffer): Node {
  const leaf: Leaf = { depth: HEIGHT, key, value, hash: leafHash(key, value) };
  const go = (node: Node | null): Node => {
    if (!node) return leaf;
    const d = firstDifference(node.key, key);
    if (d < node.depth) return branch(d, node, leaf);
    if (node.depth === HEIGHT) return leaf;
    const b = node as Branch;
    return bit(key, b.depth) ? branch(b.depth, b.left, go(b.right)) : branch(b.depth, go(b.left), b.right);
  };
  return go(root);
}

export const rootHash = (root: Node | null): Buffer => (root ? hashAt(root, 0) : EMPTY[HEIGHT]!);

export interface LookupProof {
  /** The value hash when the key is present, null for a proof of absence. */
  value: Buffer | null;
  /** Sibling hashes by height (0 = the leaf's sibling … 255 = the root's child), null where empty. */
  siblings: (Buffer | null)[];
}

export function prove(root: Node | null, key: Buffer): LookupProof {
  const siblings: (Buffer | null)[] = new Array<Buffer | null>(HEIGHT).fill(null);
  let node = root;
  while (node) {
    const d = firstDifference(node.key, key);
    if (d < node.depth) {
      // The key leaves this subtree's path at depth d: the subtree is its sibling there, and its slot is empty.
      siblings[HEIGHT - 1 - d] = hashAt(node, d + 1);
      return { value: null, siblings };
    }
    if (node.depth === HEIGHT) return { value: (node as Leaf).value, siblings };
    const b = node as Branch;
    const [next, other] = bit(key, b.depth) ? [b.right, b.left] : [b.left, b.right];
    siblings[HEIGHT - 1 - b.depth] = hashAt(other, b.depth + 1);
    node = next;
  }
  return { value: null, siblings };
}

/** The compressed encoding: a 32-byte bitmap (bit h set when the sibling at height h is not empty), then those hashes. */
export function encodeProof(proof: LookupProof): Buffer {
  const bitmap = Buffer.alloc(32);
  const hashes: Buffer[] = [];
  proof.siblings.forEach((s, h) => {
    if (!s) return;
    bitmap[h >> 3]! |= 0x80 >> (h & 7);
    hashes.push(s);
  });
  return Buffer.concat([bitmap, ...hashes]);
}

/** The root a proof gives for the key (present with its value hash, or absent). */
export function rootFromProof(key: Buffer, value: Buffer | null, encoded: Buffer): Buffer {
  if (encoded.length < 32 || (encoded.length - 32) % 32) throw new Error('malformed lookup proof');
  let at = 32;
  let cur = value ? leafHash(key, value) : EMPTY[0]!;
  for (let h = 0; h < HEIGHT; h++) {
    let sib = EMPTY[h]!;
    if (bit(encoded, h)) {
      if (at + 32 > encoded.length) throw new Error('malformed lookup proof');
      sib = encoded.subarray(at, (at += 32));
    }
    cur = bit(key, HEIGHT - 1 - h) ? inner(sib, cur) : inner(cur, sib);
  }
  if (at !== encoded.length) throw new Error('malformed lookup proof');
  return cur;
}
