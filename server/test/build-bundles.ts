import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUNDLED_ENTRIES, repoRoot } from './processes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder with every process the tests start compiled to JavaScript (see BUNDLED_ENTRIES); '' if none. */
    testBundles: string;
  }
}

/**
 * Compiles the server, the witness and the command-line tools once per run (esbuild, well under a second), so the
 * tests that start them as processes run JavaScript: through tsx each start cost about a second of CPU compiling
 * TypeScript, a hundred starts per run. The bundles are built from the sources of this run, as `npm start` builds
 * the production server; they live under dist/ (packages resolve from the checkout's node_modules) in a folder of
 * their own, so the two server runs side by side never share one.
 */
export default function setup(project: TestProject) {
  if (process.env.TEST_BUNDLES === '0') {
    project.provide('testBundles', '');
    return;
  }
  fs.mkdirSync(path.join(repoRoot, 'dist'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(repoRoot, 'dist', 'test-bundles-'));
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/esbuild'),
    [
      ...BUNDLED_ENTRIES,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20.19',
      '--packages=external',
      '--sourcemap',
      '--log-level=warning',
      `--outdir=${dir}`,
      '--outbase=.',
      '--out-extension:.js=.mjs',
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('esbuild could not compile the processes the tests start');
  project.provide('testBundles', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
