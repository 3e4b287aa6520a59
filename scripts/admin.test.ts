import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../server/db/builders/accounts';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { certificateKeys, users } from '../server/db/schema';
import { nodeArgs, repoRoot } from '../server/test/processes';

const run = promisify(execFile);
let dataDir: string;

/**
 * Runs `npm run admin -- …` as its own process, on a PGlite data folder of its own: compiled once per run
 * (server/test/build-bundles.ts), or through tsx as `npm run admin` starts it.
 */
async function admin(...args: string[]) {
  return adminVia({ tsx: false }, ...args);
}
async function adminVia(via: { tsx: boolean }, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [...(await nodeArgs('scripts/admin.ts', via)), ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test' },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-script-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await createUser(database.db, { email: 'boss@example.test' });
  await database.db.insert(certificateKeys).values([
    { kid: 'kid-signed', publicKey: 'x1', seed: 'c2VlZA==', firstSignedAt: new Date() },
    { kid: 'kid-leaked', publicKey: 'x2', seed: null, firstSignedAt: new Date() },
  ]);
  await database.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('grants admin to a known email and says so for an unknown one', async () => {
    const unknown = await admin('grant', 'nobody@example.test');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account uses nobody@example.test');
    const ok = await admin('grant', 'BOSS@example.test');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('boss@example.test is now an admin');
    const database = await openDatabase({ dataDir });
    const [row] = await database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'boss@example.test'));
    await database.close();
    expect(row?.role).toBe('admin');
  });

  it('refuses to touch a data folder a running server holds', async () => {
    // This test process is alive, so its pid in the lock file stands for a running server.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const locked = await admin('grant', 'boss@example.test');
      expect(locked.code).toBe(1);
      expect(locked.out).toMatch(/already using the data folder/);
    } finally {
      fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  });

  it('lists, retires and revokes certificate keys', async () => {
    const list = await admin('keys', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/kid-signed {2}signing {2}generated .* published/);
    expect(list.out).toMatch(/kid-leaked {2}signing {2}environment /);
    const retired = await admin('keys', 'retire', 'kid-signed');
    expect(retired.code).toBe(0);
    expect(retired.out).toContain('Key kid-signed is retired');
    const revoked = await admin('keys', 'revoke', 'kid-leaked');
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain('Key kid-leaked is revoked');
    const unknown = await admin('keys', 'retire', 'kid-nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No certificate key has the id kid-nobody');
    const database = await openDatabase({ dataDir });
    const rows = await database.db.select().from(certificateKeys).orderBy(certificateKeys.kid);
    await database.close();
    expect(rows.map((r) => [r.kid, !!r.retiredAt, !!r.revokedAt])).toEqual([
      ['kid-leaked', false, true],
      ['kid-signed', true, false],
    ]);
    const after = await admin('keys', 'list');
    expect(after.out).toMatch(/kid-leaked {2}revoked .* not published {2}revoked /);
    expect(after.out).toMatch(/kid-signed {2}retired .* published {2}retired /);
  }, 120_000);

  it('prints its usage without arguments (started through tsx, as npm run admin does)', async () => {
    const res = await adminVia({ tsx: true });
    expect(res.code).toBe(2);
    expect(res.out).toContain('usage: npm run admin -- grant <email>');
  });
});
