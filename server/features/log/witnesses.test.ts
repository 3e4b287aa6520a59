import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogWitnesses } from '../../../contract/log-witnesses';
import { parseVerifierKey, verifyCheckpoint } from '../../../contract/log/note';
import { logCosignatures } from '../../db/schema';
import {
  cosignatureLine,
  parseSignatureLine,
  verifyCosignatureLine,
  witnessKeyOf,
} from '../../log/cosignature';
import { noteBody, storeCosignatures } from '../../log/cosignatures';
import { parsePolicy, quorumMet } from '../../../contract/log/policy';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeWitness, writePolicy } from './witness-kit';

const a = makeWitness('A');
const b = makeWitness('B');
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  const file = writePolicy([{ ...a, url: 'http://127.0.0.1:9/a/' }, b], 'group both all A B\nquorum both\n');
  t = await createTestApp({ env: { LOG_POLICY: file, PUBLIC_URL: 'https://registry.test' } });
  bare = await createTestApp({ env: { PUBLIC_URL: 'https://registry.test' } });
});

afterAll(async () => {
  await t.close();
  await bare.close();
});

describe('GET /log/policy', () => {
  it("is a tlog-policy with this log's key and URL first, the index's output log second, then the configured witnesses, groups and quorum", async () => {
    const res = await t.app.inject('/log/policy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const key = (await t.app.inject('/api/log/key')).body.trim();
    const lines = res.body.trimEnd().split('\n');
    expect(lines).toEqual([
      `log ${key} https://registry.test/log`,
      expect.stringMatching(/^log registry\.test\/index\+[0-9a-f]{8}\+\S+ https:\/\/registry\.test\/index$/),
      `witness A ${a.vkey} http://127.0.0.1:9/a`,
      `witness B ${b.vkey}`,
      'group both all A B',
      'quorum both',
    ]);
    // A verifier reading it gets the same rule: one witness is not enough, both are.
    const policy = parsePolicy(res.body);
    expect(quorumMet(policy, new Set(['A']))).toBe(false);
    expect(quorumMet(policy, new Set(['A', 'B']))).toBe(true);
  });

  it('without LOG_POLICY says that no cosignature is required', async () => {
    const res = await bare.app.inject('/log/policy');
    const key = (await bare.app.inject('/api/log/key')).body.trim();
    const [first, second, ...rest] = res.body.split('\n');
    expect([first, rest]).toEqual([`log ${key} https://registry.test/log`, ['quorum none', '']]);
    // The verifiable index's output log, under its own key.
    expect(second).toMatch(/^log registry\.test\/index\+[0-9a-f]{8}\+\S+ https:\/\/registry\.test\/index$/);
  });
});

describe('cosignatures on the served checkpoint', () => {
  it('follow the log signature; a forged or unlisted one stored in the database is not served', async () => {
    const served = (await t.app.inject('/log/checkpoint')).body;
    const body = noteBody(served);
    const size = Number(body.split('\n')[1]);
    const now = Math.floor(Date.now() / 1000);
    const good = cosignatureLine(body, a.keyName, a.seed, now);
    const stranger = makeWitness('C');
    await storeCosignatures(t.db, size, [verifyCosignatureLine(good, body, t.env.logPolicy.witnesses)!]);
    // Rows written behind the verifier's back: B's name and key id over another key's signature, and an unlisted
    // witness.
    const forged = parseSignatureLine(cosignatureLine(body, b.keyName, stranger.seed, now))!.sig;
    forged.write(b.vkey.split('+')[1]!, 0, 'hex');
    const bKey = witnessKeyOf({ keyName: b.keyName, keyId: b.vkey.split('+')[1]! });
    await t.db.insert(logCosignatures).values([
      { size, witnessKey: bKey, timestamp: now, line: `\u2014 ${b.keyName} ${forged.toString('base64')}` },
      {
        size,
        witnessKey: `${stranger.keyName}+00000000`,
        timestamp: now,
        line: cosignatureLine(body, stranger.keyName, stranger.seed, now),
      },
    ]);
    for (const url of ['/log/checkpoint', '/api/log/checkpoint']) {
      const note = (await t.app.inject(url)).body;
      expect(note).toBe(`${served}${good}\n`);
      // The log's own signature still opens it for a client that knows only the log key.
      const key = await parseVerifierKey((await t.app.inject('/api/log/key')).body);
      expect((await verifyCheckpoint(note, key)).size).toBe(size);
    }
    const status = (await t.app.inject('/api/log/witnesses')).json<LogWitnesses>();
    expect(status.quorum).toBe('both');
    expect(status.witnesses).toEqual([
      {
        name: 'A',
        vkey: a.vkey,
        url: 'http://127.0.0.1:9/a',
        size,
        cosignedAt: new Date(now * 1000).toISOString(),
        lastError: null,
      },
      { name: 'B', vkey: b.vkey, url: null, size: null, cosignedAt: null, lastError: null },
    ]);
  });

  it('without witnesses the checkpoint is the log-signed note alone and the status lists none', async () => {
    const note = (await bare.app.inject('/log/checkpoint')).body;
    expect(note.split('\n\n')[1]!.trim().split('\n')).toHaveLength(1);
    expect((await bare.app.inject('/api/log/witnesses')).json()).toEqual({ quorum: 'none', witnesses: [] });
  });
});
