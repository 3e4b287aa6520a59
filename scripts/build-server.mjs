// Compiles the server (server/, contract/) into JavaScript bundles, dist/server/index.js and the document build
// thread beside it (dist/server/document-worker.js), with source maps, when it has not been built or its sources
// are newer. `npm start` runs it first (as a child process: esbuild never loads into the serving process) and
// then serves the compiled JavaScript, with no TypeScript loader and no dev dependency at run time. Packages stay
// external: node resolves them from node_modules as before.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'dist/server/index.js');

/** Returns the build's exit status (0 when nothing needed building). */
export function buildServerIfStale() {
  if (!isStale(serverBundle, [path.join(root, 'server'), path.join(root, 'contract')])) return 0;
  console.log('Compiling the server...');
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/esbuild'),
    [
      'server/index.ts',
      // Document builds run in worker threads from their own entry, beside the server's (decision 029).
      'server/document-worker.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20.19',
      '--packages=external',
      '--sourcemap',
      '--log-level=warning',
      `--outdir=${path.dirname(serverBundle)}`,
      '--outbase=server',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return result.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(buildServerIfStale());
