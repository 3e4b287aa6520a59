// The index's hashing, fixed by test vectors a verifier in another language can check against
// (test-fixtures/verifiable-index/vectors.json). UPDATE_INDEX_VECTORS=1 rewrites the file from this code.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lookupRoot, verifyLookup } from '../../contract/log/index-proof';
import { toBase64 } from '../../contract/log/bytes';
import {
  EMPTY,
  encodeProof,
  indexKey,
  prove,
  put,
  rootFromProof,
  rootHash,
  valueHash,
  type Node,
} from './smt';

const FILE = new URL('../../test-fixtures/verifiable-index/vectors.json', import.meta.url);
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

interface Lookup {
  code: string;
  indices: number[];
  proof: string;
}
interface Vectors {
  description: string;
  emptyHashes: { height: number; hash: string }[];
  keys: { code: string; key: string }[];
  values: { indices: number[]; hash: string }[];
  trees: { entries: { code: string; indices: number[] }[]; root: string; lookups: Lookup[] }[];
}

const TREES: { code: string; indices: number[] }[][] = [
  [],
  [{ code: 'LR-7KQ2-M9XD', indices: [0, 3, 17] }],
  [
    { code: 'LR-7KQ2-M9XD', indices: [0, 3, 17] },
    { code: 'LR-AB12-CD34', indices: [1] },
  ],
  [
    { code: 'LR-7KQ2-M9XD', indices: [0, 3, 17] },
    { code: 'LR-AB12-CD34', indices: [1, 2] },
    { code: 'LR-ZZZZ-0000', indices: [4, 5, 6, 7, 4_294_967_296] },
    ...Array.from({ length: 13 }, (_, i) => ({
      code: `LR-TEST-${String(i).padStart(4, '0')}`,
      indices: [100 + i],
    })),
  ],
];
const ABSENT = ['LR-NONE-0000', 'LR-7KQ2-M9XE'];

function build(): Vectors {
  return {
    description:
      'Verifiable index test vectors (docs/decisions/032-verifiable-index.md). Hashes, keys and proofs are standard base64; a proof is the 32-byte bitmap followed by the non-empty sibling hashes, lowest height first; an empty indices list is a proof of absence.',
    emptyHashes: [0, 1, 2, 255, 256].map((height) => ({ height, hash: b64(EMPTY[height]!) })),
    keys: ['LR-7KQ2-M9XD', 'LR-AB12-CD34', ''].map((code) => ({ code, key: b64(indexKey(code)) })),
    values: [[], [0], [0, 3, 17], [4_294_967_296]].map((indices) => ({
      indices,
      hash: b64(valueHash(indices)),
    })),
    trees: TREES.map((entries) => {
      let root: Node | null = null;
      for (const e of entries) root = put(root, indexKey(e.code), valueHash(e.indices));
      const lookups = [...entries, ...ABSENT.map((code) => ({ code, indices: [] as number[] }))].map((e) => ({
        code: e.code,
        indices: e.indices,
        proof: b64(encodeProof(prove(root, indexKey(e.code)))),
      }));
      return { entries, root: b64(rootHash(root)), lookups };
    }),
  };
}

describe('verifiable index hashing', () => {
  const vectors = build();
  if (process.env.UPDATE_INDEX_VECTORS) fs.writeFileSync(FILE, `${JSON.stringify(vectors, null, 2)}\n`);
  const stored = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Vectors;

  it('reproduces the stored vectors exactly', () => {
    expect(vectors).toEqual(stored);
    expect(stored.emptyHashes[0]!.hash).toBe(
      b64(Buffer.from('dbc1b4c900ffe48d575b5da5c638040125f65db0fe3e24494b76ea986457d986', 'hex')),
    );
  });

  it('every stored proof gives the stored root, in the server and in the WebCrypto verifier', async () => {
    for (const tree of stored.trees)
      for (const l of tree.lookups) {
        const proof = Buffer.from(l.proof, 'base64');
        const value = l.indices.length ? valueHash(l.indices) : null;
        expect(b64(rootFromProof(indexKey(l.code), value, proof))).toBe(tree.root);
        expect(toBase64(await lookupRoot(l.code, l.indices, proof))).toBe(tree.root);
        expect(await verifyLookup(l.code, l.indices, l.proof, tree.root)).toBe(true);
      }
  });

  it('refuses a dropped index, an added index, another code and an absence claim for a present key', async () => {
    const tree = stored.trees[3]!;
    const [first] = tree.lookups;
    expect(await verifyLookup(first!.code, [0, 3], first!.proof, tree.root)).toBe(false);
    expect(await verifyLookup(first!.code, [0, 3, 17, 18], first!.proof, tree.root)).toBe(false);
    expect(await verifyLookup('LR-AB12-CD34', [0, 3, 17], first!.proof, tree.root)).toBe(false);
    expect(await verifyLookup(first!.code, [], first!.proof, tree.root)).toBe(false);
    const absent = tree.lookups.find((l) => l.code === 'LR-NONE-0000')!;
    expect(await verifyLookup(absent.code, [], absent.proof, tree.root)).toBe(true);
    expect(await verifyLookup(absent.code, [1], absent.proof, tree.root)).toBe(false);
  });

  it('the radix tree gives the root of the definition, computed level by level', () => {
    const sha = (...p: Buffer[]) => createHash('sha256').update(Buffer.concat(p)).digest();
    const naive = (leaves: { key: Buffer; value: Buffer }[], depth: number): Buffer => {
      if (!leaves.length) return EMPTY[256 - depth]!;
      if (depth === 256) return sha(Buffer.from([0]), leaves[0]!.key, leaves[0]!.value);
      const side = (b: number) => leaves.filter((l) => ((l.key[depth >> 3]! >> (7 - (depth & 7))) & 1) === b);
      return sha(Buffer.from([1]), naive(side(0), depth + 1), naive(side(1), depth + 1));
    };
    for (const [i, entries] of TREES.entries()) {
      const leaves = entries.map((e) => ({ key: indexKey(e.code), value: valueHash(e.indices) }));
      expect(b64(naive(leaves, 0))).toBe(vectors.trees[i]!.root);
    }
  });

  it('an update copies the path: the older root still proves its own values', () => {
    const key = indexKey('LR-7KQ2-M9XD');
    const before = put(put(null, key, valueHash([0])), indexKey('LR-AB12-CD34'), valueHash([1]));
    const after = put(before, key, valueHash([0, 2]));
    expect(rootHash(before)).not.toEqual(rootHash(after));
    expect(rootFromProof(key, valueHash([0]), encodeProof(prove(before, key)))).toEqual(rootHash(before));
    expect(rootFromProof(key, valueHash([0, 2]), encodeProof(prove(after, key)))).toEqual(rootHash(after));
  });
});
