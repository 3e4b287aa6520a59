import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSigningKeys } from '../server/db/schema';
import { instrumentOf, luthierWithShop } from '../server/features/registry/registry-test-kit';
import { recordPassportEvent } from '../server/log/passport-events';
import { createSigner, logOrigin } from '../server/log/signing';
import { createTestApp, type TestApp } from '../server/test/test-app';
import { readCached, writeCached } from './verify/checkpoint-cache';
import { verifyUrl } from './verify/run-verify';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
let t: TestApp;
let base: string;
let code: string;
let guitarId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cli-'));
const cacheDir = path.join(tmp, 'cache');

/** Runs the real CLI; resolves with its exit code and output. */
async function cli(arg: string, xdg = tmp) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', arg], {
    cwd: root,
    env: { ...process.env, XDG_CACHE_HOME: xdg },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const maker = await luthierWithShop(t);
  const guitar = await instrumentOf(t, maker.shop.id, { name: 'CLI Guitar' });
  for (let i = 0; i < 4; i++) await instrumentOf(t, maker.shop.id);
  await recordPassportEvent(t.db, { instrumentId: guitar.id, type: 'verified', data: {} });
  code = guitar.passportCode;
  guitarId = guitar.id;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run verify', () => {
  it('verifies a passport URL, remembers the checkpoint, then checks consistency with a newer one', async () => {
    const first = await verifyUrl(`${base}/p/${code}`, { cacheDir });
    expect(first.ok).toBe(true);
    expect(first.lines[0]).toMatch(
      new RegExp(`^${code}: 2 events, chain intact, included in the registry log .* at size 6`),
    );
    expect(first.lines.at(-1)).toMatch(/first check/);
    await recordPassportEvent(t.db, { instrumentId: guitarId, type: 'reported_stolen', data: {} });
    const second = await verifyUrl(`${base}/p/${code}`, { cacheDir });
    expect(second.lines[0]).toMatch(/3 events, chain intact, .* at size 7/);
    expect(second.lines.at(-1)).toMatch(/consistent with the checkpoint seen .* \(size 6\)/);
    expect(readCached(cacheDir, base)!.checkpoint).toContain('\n7\n');
  });

  it('fails on a history the cached checkpoint contradicts, and on a changed key', async () => {
    const [row] = await t.db.select().from(logSigningKeys).where(eq(logSigningKeys.id, 1));
    const signer = await createSigner(Buffer.from(row!.seed, 'base64'), logOrigin(t.env.publicUrl));
    const forged = signer.signNote(`${signer.origin}\n3\n${Buffer.alloc(32, 7).toString('base64')}\n`);
    writeCached(cacheDir, base, { vkey: signer.vkey, checkpoint: forged, seenAt: 'yesterday' });
    const rewritten = await verifyUrl(`${base}/p/${code}`, { cacheDir });
    expect(rewritten).toEqual({
      ok: false,
      lines: [
        expect.stringMatching(
          /^FAILED \(consistency\): the log at size 7 does not extend the checkpoint of size 3/,
        ),
      ],
    });
    const other = await createSigner(Buffer.alloc(32, 1), signer.origin);
    writeCached(cacheDir, base, { vkey: other.vkey, checkpoint: forged, seenAt: 'yesterday' });
    expect((await verifyUrl(`${base}/p/${code}`, { cacheDir })).lines[0]).toMatch(
      /^FAILED \(key\): the log key changed/,
    );
  });

  it('runs from the command line: exit 0 when verified, 1 on a tampered leaf, 2 on bad input', async () => {
    const ok = await cli(`${base}/p/${code}`);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/3 events, chain intact/);
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const log = (await t.app.inject({ url: `/api/public/passports/${code}/log` })).json();
    const vkey = (await t.app.inject({ url: '/api/log/key' })).body;
    const bundle = { origin: base, vkey, ...log };
    await pdf.attach(new TextEncoder().encode(JSON.stringify(bundle)), 'passport-log.json', {
      mimeType: 'application/json',
    });
    const file = path.join(tmp, 'dossier.pdf');
    fs.writeFileSync(file, await pdf.save());
    const fromPdf = await cli(file);
    expect([fromPdf.code, fromPdf.out]).toEqual([0, expect.stringMatching(/3 events, chain intact/)]);

    await t.db.execute(sql`alter table log_leaves disable trigger log_leaves_append_only`);
    await t.db.execute(
      sql`update log_leaves set leaf = replace(leaf, 'reported_stolen', 'recovered') where instrument_id = ${guitarId}`,
    );
    await t.db.execute(sql`alter table log_leaves enable trigger log_leaves_append_only`);
    const bad = await cli(`${base}/p/${code}`);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(
      /^FAILED \(inclusion\): log entry 6 is not included in the signed checkpoint of size 7/m,
    );
    expect((await cli('not-a-file.pdf')).code).toBe(2);
  }, 120_000);

  it('uses nothing from server/: the verifier is independent code', () => {
    const files = [
      'scripts/verify.ts',
      ...fs.readdirSync(path.join(root, 'scripts/verify')).map((f) => `scripts/verify/${f}`),
      'contract/log.ts',
      ...fs.readdirSync(path.join(root, 'contract/log')).map((f) => `contract/log/${f}`),
    ].filter((f) => !f.endsWith('.test.ts'));
    for (const f of files)
      expect([f, fs.readFileSync(path.join(root, f), 'utf8').match(/from '[^']*server\/[^']*'/g)]).toEqual([
        f,
        null,
      ]);
  });
});
