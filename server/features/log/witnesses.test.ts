import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePolicy, quorumMet } from '../../log/policy';
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
  it("is a tlog-policy with this log's key and URL first, then the configured witnesses, groups and quorum", async () => {
    const res = await t.app.inject('/log/policy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const key = (await t.app.inject('/api/log/key')).body.trim();
    const lines = res.body.trimEnd().split('\n');
    expect(lines).toEqual([
      `log ${key} https://registry.test/log`,
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
    expect(res.body).toBe(`log ${key} https://registry.test/log\nquorum none\n`);
  });
});
