import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { leafHash, treeHash, verifyConsistency, verifyInclusion } from './merkle';

// The RFC 6962 reference vectors used by Certificate Transparency's merkle tree tests.
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION: [number, number, string[]][] = [
  [0, 1, []],
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];

const hashes = () => Promise.all(LEAVES.map((l) => leafHash(fromHex(l))));
const root = (n: number) => fromHex(ROOTS[n - 1]!);

describe('RFC 6962 Merkle tree', () => {
  it('hashes the empty tree and every prefix of the reference leaves', async () => {
    expect(toHex(await treeHash([]))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const h = await hashes();
    for (let n = 1; n <= 8; n++) expect(toHex(await treeHash(h.slice(0, n)))).toBe(ROOTS[n - 1]);
  });

  it('accepts the reference inclusion proofs and refuses altered ones', async () => {
    const h = await hashes();
    for (const [index, size, proof] of INCLUSION) {
      const p = proof.map(fromHex);
      expect(await verifyInclusion(index, size, h[index]!, p, root(size))).toBe(true);
      expect(await verifyInclusion(index, size, h[(index + 1) % 8]!, p, root(size))).toBe(false);
      if (p.length) {
        const bad = p.map((x) => x.slice());
        bad[0]![0]! ^= 1;
        expect(await verifyInclusion(index, size, h[index]!, bad, root(size))).toBe(false);
        expect(await verifyInclusion(index, size, h[index]!, p.slice(1), root(size))).toBe(false);
      }
      expect(await verifyInclusion(size, size, h[index]!, p, root(size))).toBe(false);
    }
  });

  it('accepts the reference consistency proofs and refuses altered ones', async () => {
    for (const [from, to, proof] of CONSISTENCY) {
      const p = proof.map(fromHex);
      expect(await verifyConsistency(from, to, root(from), root(to), p)).toBe(true);
      if (p.length) {
        expect(await verifyConsistency(from, to, root(from), root(to === 8 ? 7 : 8), p)).toBe(false);
        expect(await verifyConsistency(from, to, root(from), root(to), p.slice(0, -1))).toBe(false);
        expect(await verifyConsistency(from, to, root(from === 1 ? 2 : 1), root(to), p)).toBe(false);
      }
    }
    expect(await verifyConsistency(0, 8, new Uint8Array(32), root(8), [])).toBe(true);
    expect(await verifyConsistency(5, 4, root(5), root(4), [])).toBe(false);
  });
});
