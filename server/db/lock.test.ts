import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder held by a live process, with a clear message', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already using the data folder/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a killed process', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(dead.pid));
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a garbled lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), 'not a pid');
    const unlock = lockDataDir(dir);
    unlock();
  });
});
