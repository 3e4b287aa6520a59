import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPassportEvent } from '../../log/passport-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { appendPhotos, rows } from './log-test-kit';
import { instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

// Go's own golang.org/x/mod/sumdb/note and sumdb/tlog check the log (Debian: golang-go golang-golang-x-mod-dev).
const hasGo = spawnSync('go', ['version']).status === 0;
const modSources = '/usr/share/gocode/src/golang.org/x/mod/sumdb/tlog';
if (!hasGo) console.warn('log-go.test: `go` is not installed; the Go interoperability check is skipped.');

const run = promisify(execFile);
// The package folder: main.go (the JSON API) and tiles.go (C2SP tlog-tiles).
const checker = path.resolve(import.meta.dirname, '../../../scripts/log-check');
const goTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'log-check-'));
const goEnv = {
  ...process.env,
  GO111MODULE: 'off',
  GOPATH: `/usr/share/gocode:${goTmp}`,
  GOCACHE: path.join(goTmp, 'cache'),
  GOFLAGS: '',
};
const binary = path.join(goTmp, 'log-check');
let building: Promise<unknown> | undefined;
/** One build for both suites below. */
const buildChecker = () =>
  (building ??= (async () => {
    if (!fs.existsSync(modSources))
      throw new Error(`${modSources} is missing: apt-get install golang-golang-x-mod-dev`);
    await run('go', ['build', '-o', binary, '.'], { cwd: checker, env: goEnv });
  })());
afterAll(() => fs.rmSync(goTmp, { recursive: true, force: true }));

/** Changes a log table behind its append-only trigger, as an operator with the database could. */
async function tamper(t: TestApp, table: 'log_leaves' | 'log_hashes', change: SQL): Promise<void> {
  await t.db.execute(sql.raw(`alter table ${table} disable trigger ${table}_append_only`));
  await t.db.execute(change);
  await t.db.execute(sql.raw(`alter table ${table} enable trigger ${table}_append_only`));
}

let t: TestApp;
let base: string;
let code: string;

describe.skipIf(!hasGo)('Go sumdb interoperability', () => {
  beforeAll(async () => {
    await buildChecker();
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
  afterAll(async () => t?.close());

  it('note.Open, tlog.CheckRecord and tlog.CheckTree accept the checkpoint and every proof', async () => {
    const { stdout } = await run(binary, [base, code]);
    expect(stdout).toContain(`passport ${code}: 6 entries verified`);
    expect(stdout).toMatch(
      /ok: 127\.0\.0\.1:9\/log size 37, 37 inclusion and 36 consistency proofs verified/,
    );
  }, 120_000);

  it('fails when a leaf was altered behind the trigger', async () => {
    await tamper(
      t,
      'log_leaves',
      sql`update log_leaves set leaf = replace(leaf, '"photo_added"', '"photo_removed"') where index = 13`,
    );
    const result = await run(binary, [base]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(result?.code).toBe(1);
    expect(result?.stderr).toMatch(/root recomputed from 37 leaves/);
  }, 120_000);
});

const fails = (args: string[]) =>
  run(binary, args).then(
    () => null,
    (e: { code: number; stderr: string }) => e,
  );

// A C2SP tlog-tiles client: tiles through tlog.TileHashReader, entries from bundles, nothing from /api/log/….
describe.skipIf(!hasGo)('Go reads the log as C2SP tlog-tiles', () => {
  let tt: TestApp;
  let tilesBase: string;
  let olderCheckpoint: string;
  beforeAll(async () => {
    await buildChecker();
    tt = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9/' } });
    const maker = await luthierWithShop(tt);
    const ids = [
      (await instrumentOf(tt, maker.shop.id, { name: 'Tiles A' })).id,
      (await instrumentOf(tt, maker.shop.id, { name: 'Tiles B' })).id,
    ];
    // 300 leaves, a checkpoint signed there, then 600: a full level-0 tile and bundle (and a second one), a
    // partial one of 88, a partial level-1 tile of 2, and a tree that must extend the earlier checkpoint.
    await appendPhotos(tt.db, ids, 2, 298);
    olderCheckpoint = path.join(goTmp, 'checkpoint-300');
    fs.writeFileSync(olderCheckpoint, (await tt.app.inject({ url: '/log/checkpoint' })).body);
    await appendPhotos(tt.db, ids, 300, 300);
    tilesBase = await tt.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => tt?.close());

  it('rebuilds the signed root from tiles, proves all 600 entries from the bundles, and extends the checkpoint of size 300', async () => {
    const { stdout } = await run(binary, ['tiles', tilesBase, olderCheckpoint]);
    expect(stdout).toMatch(
      /^tiles ok: 127\.0\.0\.1:9\/log size 600, 600 entries proven from 3 bundles \(3 gzip\) and \d+ tiles, extends the checkpoint of size 300\n$/,
    );
  }, 120_000);

  it('fails when a bundle entry was altered behind the trigger (it no longer hashes to its tile)', async () => {
    const where = sql`where index = 300`;
    await tamper(
      tt,
      'log_leaves',
      sql`update log_leaves set leaf = replace(leaf, '"photo_added"', '"photo_removed"') ${where}`,
    );
    const result = await fails(['tiles', tilesBase]);
    await tamper(
      tt,
      'log_leaves',
      sql`update log_leaves set leaf = replace(leaf, '"photo_removed"', '"photo_added"') ${where}`,
    );
    expect(result?.code).toBe(1);
    expect(result?.stderr).toContain('entry 300 of tile/entries/001 does not hash to its level-0 tile hash');
  }, 120_000);

  it('fails when a stored hash a tile is made of was altered (its entries no longer prove into the signed root)', async () => {
    const [row] = await rows<{ hash: string }>(
      tt.db,
      sql`select hash from log_hashes where level = 0 and idx = 420`,
    );
    await tamper(
      tt,
      'log_hashes',
      sql`update log_hashes set hash = ${'00'.repeat(32)} where level = 0 and idx = 420`,
    );
    const result = await fails(['tiles', tilesBase]);
    await tamper(
      tt,
      'log_hashes',
      sql`update log_hashes set hash = ${row!.hash} where level = 0 and idx = 420`,
    );
    expect(result?.code).toBe(1);
    // The first entry of that tile already fails: x/mod 0.7's TileHashReader hands back this tile's hashes
    // without checking it against its parent (when several subtrees of the root share one tile it skips the
    // first tiles it fetched for the index), so it is the proof that catches it; a fixed x/mod refuses the tile.
    expect(result?.stderr).toMatch(/entry 256\b.*(invalid transparency proof|downloaded inconsistent tile)/);
    // Restored, the same log reads clean again: the failure was the altered hash.
    expect((await run(binary, ['tiles', tilesBase])).stdout).toMatch(/^tiles ok: .* size 600,/);
  }, 120_000);
});
