// `npm test`: every suite in turn — server (PGlite, then PostgreSQL when TEST_DATABASE_URL is set), client, and
// the Playwright journeys against the built server — then one line "N passed, N failed" over all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);

const suites = [
  {
    name: 'server (PGlite)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server'],
    env: { TEST_DB: 'pglite' },
    json: 'server-pglite.json',
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          cmd: bin('vitest'),
          args: ['run', '--project', 'server'],
          env: { TEST_DB: 'postgres' },
          json: 'server-postgres.json',
        },
      ]
    : []),
  { name: 'client', cmd: bin('vitest'), args: ['run', '--project', 'client'], env: {}, json: 'client.json' },
  {
    name: 'e2e',
    cmd: bin('playwright'),
    args: ['test'],
    env: { CI: '1' },
    json: 'e2e.json',
    playwright: true,
  },
].filter((s) => !only.length || only.some((o) => s.name.startsWith(o)));

let passed = 0;
let failed = 0;
const summary = [];
for (const suite of suites) {
  const jsonFile = path.join(out, suite.json);
  fs.rmSync(jsonFile, { force: true });
  const args = suite.playwright
    ? suite.args
    : [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`];
  console.log(`\n=== ${suite.name} ===`);
  const result = spawnSync(suite.cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  let p = 0;
  let f = 0;
  try {
    const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
    if (suite.playwright) {
      p = report.stats.expected + report.stats.flaky;
      f = report.stats.unexpected;
    } else {
      p = report.numPassedTests;
      f = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    }
  } catch {
    f = 1; // no report: the suite could not run at all
  }
  if (result.status !== 0 && f === 0) f = 1;
  passed += p;
  failed += f;
  summary.push(`${suite.name}: ${p} passed, ${f} failed`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
