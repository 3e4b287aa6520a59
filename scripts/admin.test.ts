import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../server/db/builders/accounts';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { repoRoot } from '../server/test/processes';

const run = promisify(execFile);
let dataDir: string;

/** Runs `npm run admin -- …` as a person would (through tsx), on a PGlite data folder of its own. */
async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test' },
    });
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

  it('prints its usage without arguments', async () => {
    const res = await admin();
    expect(res.code).toBe(2);
    expect(res.out).toContain('usage: npm run admin -- grant <email>');
  });
});
