// `npm start`: builds the client if it has not been built (or its sources are newer), then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const stale = !fs.existsSync(built) || newestMtime(path.join(root, 'client')) > fs.statSync(built).mtimeMs;
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the web client...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // Always a production build: under NODE_ENV=test (the e2e server) Vite would bundle React's development build.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in this process (TypeScript through tsx), so signals and exit codes are its own.
const { register } = await import('tsx/esm/api');
register();
await import('../server/index.ts');
