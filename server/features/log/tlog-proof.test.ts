import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64 } from '../../../contract/log/bytes';
import { leafHash, verifyInclusion } from '../../../contract/log/merkle';
import { parseVerifierKey, verifyCheckpoint } from '../../../contract/log/note';
import { parseTlogProof } from '../../../contract/log/tlog-proof';
import { cosignatureLine } from '../../log/cosignature';
import { noteBody, storeCosignatures } from '../../log/cosignatures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import { makeWitness, writePolicy } from './witness-kit';

const a = makeWitness('A');
const b = makeWitness('B');
let witnessed: TestApp;
let bare: TestApp;

beforeAll(async () => {
  const file = writePolicy([a, b], 'group both all A B\nquorum both\n');
  witnessed = await createTestApp({ env: { LOG_POLICY: file, PUBLIC_URL: 'https://registry.test' } });
  bare = await createTestApp({ env: { PUBLIC_URL: 'https://registry.test' } });
  for (const t of [witnessed, bare]) {
    const maker = await luthierWithShop(t);
    for (let i = 0; i < 3; i++) await instrumentOf(t, maker.shop.id);
  }
});
afterAll(async () => {
  await witnessed.close();
  await bare.close();
});

/** Checks a served proof as a verifier would: the log's signature, then the entry's inclusion. */
async function check(t: TestApp, index: number, text: string) {
  const proof = parseTlogProof(text);
  const key = await parseVerifierKey((await t.app.inject('/api/log/key')).body);
  const checkpoint = await verifyCheckpoint(proof.checkpoint, key);
  const entry = (await t.app.inject(`/api/log/entries/${index}`)).json<{ leafBase64: string }>();
  const hash = await leafHash(fromBase64(entry.leafBase64));
  expect(proof.index).toBe(index);
  expect(await verifyInclusion(index, checkpoint.size, hash, proof.proof, checkpoint.root)).toBe(true);
  return { proof, checkpoint };
}

/** Has witness `w` cosign the log's current checkpoint (as the submitter would store an answer). */
async function cosignCurrent(t: TestApp, w: typeof a) {
  const note = (await t.app.inject('/log/checkpoint')).body;
  const body = noteBody(note);
  const size = Number(body.split('\n')[1]);
  const line = cosignatureLine(body, w.keyName, w.seed, Math.floor(Date.now() / 1000));
  const witness = t.env.logPolicy.witnesses.find((x) => x.name === w.name)!;
  await storeCosignatures(t.db, size, [{ witness, timestamp: Math.floor(Date.now() / 1000), line }]);
  return { size, line };
}

describe('GET /api/log/entries/{index}/tlog-proof', () => {
  it('under quorum none is a c2sp.org/tlog-proof@v1 file against the newest checkpoint', async () => {
    const res = await bare.app.inject('/api/log/entries/2/tlog-proof');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['c2sp.org/tlog-proof@v1', 'index 2']);
    const { checkpoint } = await check(bare, 2, res.body);
    expect(res.body.endsWith((await bare.app.inject('/log/checkpoint')).body)).toBe(true);
    expect(checkpoint.origin).toBe('registry.test/log');
  });

  it('is 409 until the quorum has cosigned a checkpoint covering the entry, then uses that checkpoint', async () => {
    const before = await witnessed.app.inject('/api/log/entries/1/tlog-proof');
    expect([before.statusCode, before.json<{ code: string }>().code]).toEqual([409, 'not_witnessed']);
    expect(before.json<{ error: string }>().error).toMatch(/not yet in a checkpoint cosigned .* \(both\)/);
    const first = await cosignCurrent(witnessed, a);
    // One of two: the quorum "both" is not met.
    expect((await witnessed.app.inject('/api/log/entries/1/tlog-proof')).statusCode).toBe(409);
    const second = await cosignCurrent(witnessed, b);
    expect(second.size).toBe(first.size);

    // The log grows; its newest checkpoint is not cosigned, so the proof stays against the witnessed one.
    const maker = await luthierWithShop(witnessed, 'Later Workshop');
    await instrumentOf(witnessed, maker.shop.id);
    const res = await witnessed.app.inject('/api/log/entries/1/tlog-proof');
    expect(res.statusCode).toBe(200);
    const { checkpoint } = await check(witnessed, 1, res.body);
    expect(checkpoint.size).toBe(first.size);
    expect(res.body.trimEnd().split('\n').slice(-2).sort()).toEqual([first.line, second.line].sort());
    // An entry after that checkpoint has no witnessed proof yet; one beyond the log does not exist.
    const late = await witnessed.app.inject(`/api/log/entries/${first.size}/tlog-proof`);
    expect(late.statusCode).toBe(409);
    expect((await witnessed.app.inject('/api/log/entries/99999/tlog-proof')).statusCode).toBe(404);
    expect((await witnessed.app.inject('/api/log/entries/x/tlog-proof')).statusCode).toBe(400);
  });
});
