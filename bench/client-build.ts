// The real servers serve dist/client when it exists (server/main.ts); Lighthouse needs it current. Same rule as
// scripts/start.mjs: build when there is no build or a client source is newer than it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../server/test/processes';

function newestMtime(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/** Builds the client if it is missing or stale; returns whether it built. */
export function ensureClientBuilt(): boolean {
  const built = path.join(repoRoot, 'dist/client/index.html');
  const sources = ['client', 'contract', 'vite.config.ts'].map((p) => path.join(repoRoot, p));
  const stale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
  if (!stale) return false;
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
  return true;
}
