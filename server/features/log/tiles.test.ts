import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../contract/errors';
import { equalBytes, fromBase64, toHex, utf8 } from '../../../contract/log/bytes';
import { leafHash, nodeHash, treeHash } from '../../../contract/log/merkle';
import { parseVerifierKey, verifyCheckpoint } from '../../../contract/log/note';
import { createTestApp, type TestApp } from '../../test/test-app';
import { instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import { appendPhotos } from './log-test-kit';

// The log as C2SP tlog-tiles, checked against what the spec says and against hashes computed here from the
// bundles' bytes with the independent WebCrypto verifier (contract/log), never against the server's own tree code.
let t: TestApp;
let ids: string[];
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://registry.example.com' } });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const IMMUTABLE = 'public, max-age=31536000, immutable';
const hashesOf = (tile: Buffer) =>
  Array.from({ length: tile.length / 32 }, (_, i) => new Uint8Array(tile.subarray(i * 32, i * 32 + 32)));

/** Entries of a bundle: big-endian uint16 length, then the bytes; nothing may be left over. */
function splitBundle(bundle: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bundle.length;) {
    const length = bundle.readUInt16BE(at);
    expect(at + 2 + length).toBeLessThanOrEqual(bundle.length);
    out.push(bundle.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return out;
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  // An answer that is missing now may exist after the next append: never kept.
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toMatchObject({ error: expect.any(String), code });
}

describe('the log as C2SP tlog-tiles', () => {
  it('serves no tiles and no bundles for the empty log, and its checkpoint of size 0', async () => {
    expectError(await get('/log/tile/0/000.p/1'), 404, ErrorCodes.NOT_FOUND);
    expectError(await get('/log/tile/entries/000.p/1'), 404, ErrorCodes.NOT_FOUND);
    expect((await get('/log/checkpoint')).body.split('\n').slice(0, 2)).toEqual([
      'registry.example.com/log',
      '0',
    ]);
  });

  it('serves the checkpoint at /log/checkpoint, byte for byte the note of /api/log/checkpoint, as tlog-checkpoint says', async () => {
    const maker = await luthierWithShop(t);
    ids = [
      (await instrumentOf(t, maker.shop.id, { name: 'Tiles A' })).id,
      (await instrumentOf(t, maker.shop.id, { name: 'Tiles B' })).id,
    ];
    const res = await get('/log/checkpoint');
    const api = await get('/api/log/checkpoint');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(api.rawPayload)).toBe(true);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Origin (the log's prefix without scheme), size without leading zeroes, base64 root; no extension lines;
    // a blank line, then one signature line by a key named as the origin.
    const vkey = (await get('/api/log/key')).body.trim();
    const [text, signatures] = res.body.split('\n\n') as [string, string];
    expect(text.split('\n')).toEqual([
      'registry.example.com/log',
      '2',
      expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    ]);
    expect(signatures).toMatch(/^\u2014 registry\.example\.com\/log [A-Za-z0-9+/]+=*\n$/);
    const signature = fromBase64(signatures.trim().split(' ')[2]!);
    expect(signature.length).toBe(4 + 64);
    expect(toHex(signature.subarray(0, 4))).toBe(vkey.split('+')[1]);
    expect((await verifyCheckpoint(res.body, await parseVerifierKey(vkey))).size).toBe(2);
  });

  it("keeps a partial tile's bytes as the log grows past it, and the full tile starts with them", async () => {
    await appendPhotos(t.db, ids, 2, 98);
    const partial = await get('/log/tile/0/000.p/100');
    const bundle = await get('/log/tile/entries/000.p/100');
    expect(partial.statusCode).toBe(200);
    expect(partial.rawPayload.length).toBe(100 * 32);
    await appendPhotos(t.db, ids, 100, 200);
    // Size 300 now: one full tile and bundle at level 0, a partial one of 44, a partial level-1 tile of 1.
    const again = await get('/log/tile/0/000.p/100');
    expect(again.rawPayload.equals(partial.rawPayload)).toBe(true);
    expect((await get('/log/tile/entries/000.p/100')).rawPayload.equals(bundle.rawPayload)).toBe(true);
    const full = await get('/log/tile/0/000');
    expect(full.rawPayload.subarray(0, 100 * 32).equals(partial.rawPayload)).toBe(true);
  });

  it('serves full and partial hash tiles that hash the bundles and rebuild the signed root', async () => {
    const key = await parseVerifierKey((await get('/api/log/key')).body);
    const checkpoint = await verifyCheckpoint((await get('/log/checkpoint')).body, key);
    expect(checkpoint.size).toBe(300);

    const full = await get('/log/tile/0/000');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('application/octet-stream');
    expect(full.headers['cache-control']).toBe(IMMUTABLE);
    expect(full.rawPayload.length).toBe(8192);
    const partial = await get('/log/tile/0/001.p/44');
    expect(partial.headers['cache-control']).toBe(IMMUTABLE);
    expect(partial.rawPayload.length).toBe(44 * 32);
    const levelOne = await get('/log/tile/1/000.p/1');
    expect(levelOne.rawPayload.length).toBe(32);

    const leaves = [
      ...splitBundle((await get('/log/tile/entries/000')).rawPayload),
      ...splitBundle((await get('/log/tile/entries/001.p/44')).rawPayload),
    ];
    expect(leaves).toHaveLength(300);
    const leafHashes = await Promise.all(leaves.map((l) => leafHash(new Uint8Array(l))));
    const tileHashes = [...hashesOf(full.rawPayload), ...hashesOf(partial.rawPayload)];
    leafHashes.forEach((h, i) => expect(equalBytes(h, tileHashes[i]!), `leaf ${i}`).toBe(true));
    // The level-1 hash is the whole first full tile's subtree; with the rest it gives the signed root.
    const firstSubtree = await treeHash(leafHashes.slice(0, 256));
    expect(equalBytes(hashesOf(levelOne.rawPayload)[0]!, firstSubtree)).toBe(true);
    const root = await nodeHash(hashesOf(levelOne.rawPayload)[0]!, await treeHash(tileHashes.slice(256)));
    expect(equalBytes(root, checkpoint.root)).toBe(true);
  });

  it('serves entry bundles of the stored leaves (big-endian uint16 lengths), gzip when asked', async () => {
    const plain = await get('/log/tile/entries/000', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-type']).toBe('application/octet-stream');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const leaves = splitBundle(plain.rawPayload);
    expect(leaves).toHaveLength(256);
    for (const i of [0, 1, 137, 255]) {
      const entry = (await get(`/api/log/entries/${i}`)).json<{ leaf: string }>();
      expect(leaves[i]!.equals(Buffer.from(utf8(entry.leaf)))).toBe(true);
    }
    expect(JSON.parse(leaves[200]!.toString('utf8'))).toMatchObject({
      type: 'photo_added',
      // A caption may name a person: leaves carry only its salted commitment.
      data: { caption: { $commit: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    });

    const gzipped = await get('/log/tile/entries/000', { 'accept-encoding': 'br, gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const refused = await get('/log/tile/entries/000', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(splitBundle((await get('/log/tile/entries/001.p/44')).rawPayload)).toHaveLength(44);
  });

  it.each([
    ['/log/tile/0/001', 'the full tile the partial one will become'],
    ['/log/tile/0/001.p/45', 'a partial tile wider than the tree'],
    ['/log/tile/0/002.p/1', 'a tile past the end'],
    ['/log/tile/1/000', 'a full level-1 tile (65,536 leaves)'],
    ['/log/tile/2/000.p/1', 'a level the tree has not reached'],
    ['/log/tile/63/000.p/1', 'the highest level'],
    ['/log/tile/entries/001', 'the full bundle the partial one will become'],
    ['/log/tile/entries/001.p/45', 'a partial bundle wider than the log'],
    ['/log/tile/0/x999/x999/x999/x999/x999/x999/999', 'an index no tree can reach'],
    ['/log/tile/entries/x999/x999/x999/x999/x999/x999/999.p/3', 'an index no log can reach'],
  ])('answers 404 for %s (%s)', async (url) => {
    expectError(await get(url), 404, ErrorCodes.NOT_FOUND);
  });

  it.each([
    '/log/tile/00/000',
    '/log/tile/64/000',
    '/log/tile/0/x000/001',
    '/log/tile/0/1',
    '/log/tile/0/000.p/256',
    '/log/tile/0/000.p/0',
    '/log/tile/entries/000.p/07',
    '/log/tile/0/%30%30%30',
    '/log/tile/0/x001%2F000',
    '/log/tile/0/000/',
    '/log/tile/8/0/000',
    "/log/tile/0/000.p/1'--",
  ])('answers 400 with the error shape for the malformed %s', async (url) => {
    expectError(await get(url), 400, ErrorCodes.VALIDATION);
  });

  it('answers unknown addresses under /log with a JSON 404', async () => {
    for (const url of ['/log', '/log/', '/log/tile', '/log/tile/0', '/log/key', '/log/checkpoint/x'])
      expectError(await get(url), 404, ErrorCodes.NOT_FOUND);
  });
});
