// Builds the web client when it has not been built or its sources (client/, contract/) are newer than the build. `npm start` and the
// end-to-end suites call it first; run alone (`node scripts/build-client.mjs`) it does the same.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');

/** Returns the build's exit status (0 when nothing needed building). */
export function buildClientIfStale() {
  // The client bundles the shared contract too.
  if (!isStale(built, [path.join(root, 'client'), path.join(root, 'contract')])) return 0;
  console.log('Building the web client...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // Always a production build: under NODE_ENV=test (the e2e server) Vite would bundle React's development build.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return result.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(buildClientIfStale());
