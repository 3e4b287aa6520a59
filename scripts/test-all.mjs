// `npm test`: every suite — server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and client side by
// side, then the Playwright journeys against the built server on their own (they measure pages and must not share
// the two cores with the other suites) — then one line "N passed, N failed" over all of them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/*
 * System packages the suites use: a Chromium for Playwright (Debian's headless shell, or the full browser), Go
 * with golang.org/x/mod for the log interoperability test, zbar to decode QR labels, poppler to read PDFs. Missing
 * ones are installed with apt-get when this runs as root on Debian; otherwise the run stops with one line.
 */
const SYSTEM_NEEDS = [
  {
    ok: () =>
      Boolean(process.env.CHROMIUM_PATH) ||
      ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].some((p) => fs.existsSync(p)),
    packages: ['chromium-headless-shell', 'chromium', 'fonts-dejavu-core'],
  },
  {
    ok: () => fs.existsSync('/usr/share/gocode/src/golang.org/x/mod'),
    packages: ['golang-go', 'golang-golang-x-mod-dev'],
  },
  { ok: () => onPath('zbarimg'), packages: ['zbar-tools'] },
  { ok: () => onPath('pdftotext'), packages: ['poppler-utils'] },
];
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
const missing = SYSTEM_NEEDS.filter((need) => !need.ok()).flatMap((need) => need.packages);
if (missing.length) {
  const canInstall = process.getuid?.() === 0 && onPath('apt-get');
  if (!canInstall) {
    console.log(`Install these Debian packages first: apt-get install ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian...`);
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (apt(['update', '-qq']).status !== 0 || apt(['install', '-y', '-qq', ...missing]).status !== 0) {
    console.log(`Could not install ${missing.join(' ')}: run apt-get install ${missing.join(' ')} as root`);
    process.exit(1);
  }
}
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);

const vitestSuites = [
  {
    name: 'server (PGlite)',
    args: ['--project', 'server'],
    // The longest suite (the database runs in its own process's WebAssembly): two workers, so it takes the
    // second core once the other two suites are done.
    env: { TEST_DB: 'pglite', VITEST_MAX_WORKERS: '2' },
    json: 'server-pglite.json',
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'server (PostgreSQL)',
          args: ['--project', 'server'],
          env: { TEST_DB: 'postgres' },
          json: 'server-postgres.json',
        },
      ]
    : []),
  { name: 'client', args: ['--project', 'client'], env: {}, json: 'client.json' },
].map((s) => ({
  ...s,
  cmd: bin('vitest'),
  args: [
    'run',
    ...s.args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(out, s.json)}`,
  ],
  // Side by side, the other suites get one worker each.
  env: { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? '1', ...s.env },
}));
// The Playwright journeys against the built server, once the other suites are done (they measure pages and must
// not share the two cores).
const e2e = {
  name: 'e2e',
  cmd: bin('playwright'),
  args: ['test'],
  env: {
    CI: '1',
    E2E_OUTPUT_DIR: path.join('test-results', 'e2e'),
    E2E_JSON: path.join('test-results', 'e2e.json'),
  },
  json: 'e2e.json',
  playwright: true,
};

const selected = (suite) => !only.length || only.some((o) => suite.name.startsWith(o));
const phases = [vitestSuites.filter(selected), [e2e].filter(selected)].filter((p) => p.length);

// The Playwright run's server serves the build: it is made (when stale) before any suite starts, so a build
// failure is told at once.
if (phases.flat().some((suite) => suite.playwright)) {
  const { buildClientIfStale } = await import('./build-client.mjs');
  if (buildClientIfStale() !== 0) {
    console.log('The web client did not build');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

/** Runs a suite, its output kept in a log (printed whole when it ends, so side-by-side suites do not interleave). */
function run(suite, { buffered }) {
  const log = path.join(out, `${suite.json.replace(/\.json$/, '')}.log`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(suite.cmd, suite.args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...suite.env },
    });
    const chunks = [];
    child.stdout?.on('data', (d) => chunks.push(d));
    child.stderr?.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) {
        fs.writeFileSync(log, Buffer.concat(chunks));
        console.log(`\n=== ${suite.name} (${seconds} s) ===`);
        process.stdout.write(Buffer.concat(chunks));
      } else console.log(`=== ${suite.name} ended (${seconds} s) ===`);
      resolve({ code, seconds });
    });
  });
}

function counts(suite, code) {
  let p = 0;
  let f = 0;
  try {
    const report = JSON.parse(fs.readFileSync(path.join(out, suite.json), 'utf8'));
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
  if (code !== 0 && f === 0) f = 1;
  return { p, f };
}

let passed = 0;
let failed = 0;
const summary = [];
for (const phase of phases) {
  for (const suite of phase) fs.rmSync(path.join(out, suite.json), { force: true });
  if (phase.length > 1) console.log(`\n=== ${phase.map((s) => s.name).join(', ')}: side by side ===`);
  else console.log(`\n=== ${phase[0].name} ===`);
  const results = await Promise.all(phase.map((suite) => run(suite, { buffered: phase.length > 1 })));
  phase.forEach((suite, i) => {
    const { p, f } = counts(suite, results[i].code);
    passed += p;
    failed += f;
    summary.push(`${suite.name}: ${p} passed, ${f} failed (${results[i].seconds} s)`);
  });
}
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
