import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPassportEvent } from '../../log/passport-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

// Go's own golang.org/x/mod/sumdb/note and sumdb/tlog check the log (Debian: golang-go golang-golang-x-mod-dev).
const hasGo = spawnSync('go', ['version']).status === 0;
const modSources = '/usr/share/gocode/src/golang.org/x/mod/sumdb/tlog';
if (!hasGo) console.warn('log-go.test: `go` is not installed; the Go interoperability check is skipped.');

const run = promisify(execFile);
const checker = path.resolve(import.meta.dirname, '../../../scripts/log-check/main.go');
const goTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'log-check-'));
const goEnv = {
  ...process.env,
  GO111MODULE: 'off',
  GOPATH: `/usr/share/gocode:${goTmp}`,
  GOCACHE: path.join(goTmp, 'cache'),
  GOFLAGS: '',
};
const binary = path.join(goTmp, 'log-check');

let t: TestApp;
let base: string;
let code: string;

describe.skipIf(!hasGo)('Go sumdb interoperability', () => {
  beforeAll(async () => {
    if (!fs.existsSync(modSources))
      throw new Error(`${modSources} is missing: apt-get install golang-golang-x-mod-dev`);
    await run('go', ['build', '-o', binary, checker], { env: goEnv });
    t = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9/' } });
    const maker = await luthierWithShop(t);
    const guitars = [];
    for (let i = 0; i < 6; i++) guitars.push(await instrumentOf(t, maker.shop.id, { name: `Go ${i}` }));
    for (let i = 0; i < 31; i++)
      await recordPassportEvent(t.db, {
        instrumentId: guitars[i % 6]!.id,
        type: 'photo_added',
        data: { caption: `${i}` },
      });
    code = guitars[1]!.passportCode;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(goTmp, { recursive: true, force: true });
  });

  it('note.Open, tlog.CheckRecord and tlog.CheckTree accept the checkpoint and every proof', async () => {
    const { stdout } = await run(binary, [base, code]);
    expect(stdout).toContain(`passport ${code}: 6 entries verified`);
    expect(stdout).toMatch(
      /ok: 127\.0\.0\.1:9\/log size 37, 37 inclusion and 36 consistency proofs verified/,
    );
  }, 120_000);

  it('fails when a leaf was altered behind the trigger', async () => {
    await t.db.execute(sql`alter table log_leaves disable trigger log_leaves_append_only`);
    await t.db.execute(
      sql`update log_leaves set leaf = replace(leaf, '"caption":"7"', '"caption":"8"') where index = 13`,
    );
    await t.db.execute(sql`alter table log_leaves enable trigger log_leaves_append_only`);
    const result = await run(binary, [base]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(result?.code).toBe(1);
    expect(result?.stderr).toMatch(/root recomputed from 37 leaves/);
  }, 120_000);
});
