import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentOf, luthierWithShop } from '../server/features/registry/registry-test-kit';
import { recordPassportEvent } from '../server/log/passport-events';
import { freePort, nodeArgs } from '../server/test/processes';
import { createTestApp, type TestApp } from '../server/test/test-app';
import { verifyUrl } from './verify/run-verify';

// One backend: the verifier under test is independent code (it never touches the database, and the test below
// checks it imports nothing from server/); the log it reads is tested on both backends in server/log/.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cli-'));
let real: TestApp;
let lookalike: TestApp;
let base: string;
let lookalikeBase: string;
let code: string;
let fakeCode: string;
let guitarId: string;
const file = (name: string, content: string | Uint8Array) => {
  const f = path.join(tmp, name);
  fs.writeFileSync(f, content);
  return f;
};

/** Runs the real CLI (compiled once per run, server/test/build-bundles.ts); resolves with its exit code and output. */
async function cli(...args: string[]) {
  return cliVia({ tsx: false }, ...args);
}
/** The same, started through tsx as `npm run verify` starts it. */
async function cliVia(via: { tsx: boolean }, ...args: string[]) {
  return run(process.execPath, [...(await nodeArgs('scripts/verify.ts', via)), ...args], { cwd: root }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

beforeAll(async () => {
  // The real registry, and a look-alike: the same software and the same PUBLIC_URL (so the same origin), its own key.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  real = await createTestApp({ env: { PUBLIC_URL: base } });
  lookalike = await createTestApp({ env: { PUBLIC_URL: base } });
  const maker = await luthierWithShop(real);
  const guitar = await instrumentOf(real, maker.shop.id, { name: 'CLI Guitar' });
  for (let i = 0; i < 4; i++) await instrumentOf(real, maker.shop.id);
  await recordPassportEvent(real.db, { instrumentId: guitar.id, type: 'verified', data: {} });
  code = guitar.passportCode;
  guitarId = guitar.id;
  const forger = await luthierWithShop(lookalike);
  fakeCode = (await instrumentOf(lookalike, forger.shop.id, { name: 'Fake Guitar' })).passportCode;
  await real.app.listen({ port, host: '127.0.0.1' });
  lookalikeBase = await lookalike.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await real.close();
  await lookalike.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run verify (policy quorum none)', () => {
  it('verifies a passport URL against the policy of the origin the checkpoint names, in words', async () => {
    const ok = await verifyUrl(`${base}/p/${code}`, {});
    expect(ok.code).toBe(0);
    const key = (await real.app.inject('/api/log/key')).body.trim();
    expect(ok.lines).toEqual([
      `Policy from ${base}/log/policy (the origin named in the checkpoint)`,
      `Checkpoint of 127.0.0.1:${base.split(':')[2]}/log at size 6`,
      `  signed by the log key ${key.split('+').slice(0, 2).join('+')}, which the policy names`,
      '  quorum none (no witness needed): met (0 of 0 witnesses)',
      `${code}: 2 events, chain intact, each proved in the log:`,
      expect.stringMatching(/^ {2}#0 \S+ created \(entry 0, checkpoint size 6\)$/),
      expect.stringMatching(/^ {2}#1 \S+ verified \(entry 5, checkpoint size 6\)$/),
      'Completeness not checked: no index lookup (passport-index.json) to check against.',
      "VERIFIED: signed by the policy's log key, cosigned to its quorum, every entry proved",
    ]);
  });

  it('a look-alike log never passes: not at its own address, not under the real policy, not offline', async () => {
    // At its own address, the origin it names is the real registry's host: only that host can vouch for it.
    const own = await verifyUrl(`${lookalikeBase}/p/${fakeCode}`, {});
    expect(own.code).toBe(3);
    expect(own.lines.at(-1)).toMatch(
      /NOT ESTABLISHED: the checkpoint names the log 127\.0\.0\.1:\d+\/log, but it came from/,
    );
    const policy = file('real.policy', (await real.app.inject('/log/policy')).body);
    const underReal = await verifyUrl(`${lookalikeBase}/p/${fakeCode}`, { policy });
    expect(underReal.code).toBe(3);
    expect(underReal.lines.join('\n')).toMatch(
      /^NOT ESTABLISHED: the checkpoint is signed by key \S+, not by the key the policy names/m,
    );
    const dossier = file('fake.pdf', (await lookalike.app.inject(`/p/${fakeCode}/dossier.pdf`)).rawPayload);
    // While the real origin answers: its published policy does not name the look-alike's key.
    const online = await cli(dossier);
    expect(online.code).toBe(3);
    expect(online.err).toMatch(
      /Policy from http:\/\/127\.0\.0\.1:\d+\/log\/policy \(the origin named in the checkpoint\)/,
    );
    expect(online.err).toMatch(/NOT ESTABLISHED: the checkpoint is signed by key/);
    expect(online.err).toMatch(/The dossier carries a policy \(log-policy.txt\), not used/);
    const offline = await cli('--offline', dossier);
    expect(offline.code).toBe(3);
    expect(offline.err).toMatch(/No policy: offline, and none given/);
    expect((await cli('--offline', '--policy', policy, dossier)).code).toBe(3);
  }, 120_000);

  it('runs from the command line: a dossier offline only with a policy; a tlog-proof and its leaf; 1 on tampering, 2 on bad input', async () => {
    const policy = file('real.policy', (await real.app.inject('/log/policy')).body);
    const dossier = file('real.pdf', (await real.app.inject(`/p/${code}/dossier.pdf`)).rawPayload);
    const offline = await cli('--offline', dossier);
    expect(offline.code).toBe(3);
    const withPolicy = await cli('--offline', '--policy', policy, dossier);
    expect([withPolicy.code, withPolicy.out]).toEqual([0, expect.stringMatching(/2 events, chain intact/)]);
    expect((await cli(dossier)).code).toBe(0);

    const proof = file('entry-5.tlog-proof', (await real.app.inject('/api/log/entries/5/tlog-proof')).body);
    const leaf = file(
      'leaf-5',
      `${(await real.app.inject('/api/log/entries/5')).json<{ leaf: string }>().leaf}\n`,
    );
    const one = await cli('--policy', policy, proof, leaf);
    expect([one.code, one.out]).toEqual([
      0,
      expect.stringMatching(new RegExp(`Entry 5 proved: ${code} #1 verified at`)),
    ]);
    const other = file('leaf-4', (await real.app.inject('/api/log/entries/4')).json<{ leaf: string }>().leaf);
    const wrong = await cli('--policy', policy, proof, other);
    expect([wrong.code, wrong.err]).toEqual([
      1,
      expect.stringMatching(/FAILED: log entry 5 is not included in the checkpoint of size 6/),
    ]);

    await real.db.execute(sql`alter table log_leaves disable trigger log_leaves_append_only`);
    await real.db.execute(
      sql`update log_leaves set leaf = replace(leaf, '"verified"', '"recovered"') where instrument_id = ${guitarId}`,
    );
    await real.db.execute(sql`alter table log_leaves enable trigger log_leaves_append_only`);
    const bad = await cli(`${base}/p/${code}`);
    expect([bad.code, bad.err]).toEqual([
      1,
      expect.stringMatching(/^FAILED: log entry 5 is not included in the checkpoint of size 6/m),
    ]);
    expect((await cliVia({ tsx: true }, 'not-a-file.pdf')).code).toBe(2);
    expect((await cli('--policy', path.join(tmp, 'missing'), dossier)).code).toBe(2);
    expect((await cli('http://127.0.0.1:1/p/LR-AAAA-AAAA')).code).toBe(2);
  }, 120_000);

  it('uses nothing from server/: the verifier is independent code', () => {
    const files = [
      'scripts/verify.ts',
      'scripts/monitor.ts',
      ...fs.readdirSync(path.join(root, 'scripts/verify')).map((f) => `scripts/verify/${f}`),
      'contract/log.ts',
      ...fs.readdirSync(path.join(root, 'contract/log')).map((f) => `contract/log/${f}`),
    ].filter((f) => !f.endsWith('.test.ts') && fs.existsSync(path.join(root, f)));
    for (const f of files)
      expect([f, fs.readFileSync(path.join(root, f), 'utf8').match(/from '[^']*server\/[^']*'/g)]).toEqual([
        f,
        null,
      ]);
  });
});
