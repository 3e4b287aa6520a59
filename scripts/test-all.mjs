// `npm test`: every suite — server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and client side by
// side, then the Playwright journeys against the built server, which start once the first of those three has
// ended (they mostly wait on the browser and leave the server suites room; E2E_OVERLAP=0 waits for all of them) —
// then one line "N passed, N failed" over all of them. Each suite's wall time and CPU time (user + system, its processes
// included, where /usr/bin/time exists) are printed at the end: CPU is what the shared two cores run out of.
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
          // Two workers too: its files mostly wait on PostgreSQL's own processes and on the servers they start
          // (139 s of CPU in a 659 s run on one worker), so a second file in flight fills that wait.
          env: { TEST_DB: 'postgres', VITEST_MAX_WORKERS: '2' },
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
const vitestPhase = vitestSuites.filter(selected);
const e2ePhase = [e2e].filter(selected);

// The Playwright run's server serves the build: it is made (when stale) before any suite starts, so a build
// failure is told at once.
if (e2ePhase.length) {
  const { buildClientIfStale } = await import('./build-client.mjs');
  if (buildClientIfStale() !== 0) {
    console.log('The web client did not build');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// GNU time reports the CPU a suite used, its workers and the processes they started included.
const gnuTime = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** Runs a suite, its output kept in a log (printed whole when it ends, so side-by-side suites do not interleave). */
function run(suite, { buffered }) {
  const log = path.join(out, `${suite.json.replace(/\.json$/, '')}.log`);
  const cpuFile = path.join(out, `${suite.json.replace(/\.json$/, '')}.cpu`);
  fs.rmSync(cpuFile, { force: true });
  const started = Date.now();
  return new Promise((resolve) => {
    const [cmd, args] = gnuTime
      ? [gnuTime, ['-f', '%U %S', '-o', cpuFile, suite.cmd, ...suite.args]]
      : [suite.cmd, suite.args];
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...suite.env },
    });
    const chunks = [];
    child.stdout?.on('data', (d) => chunks.push(d));
    child.stderr?.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const cpu = cpuSeconds(cpuFile);
      const took = `${seconds} s${cpu === null ? '' : `, CPU ${cpu} s`}`;
      if (buffered) {
        fs.writeFileSync(log, Buffer.concat(chunks));
        console.log(`\n=== ${suite.name} (${took}) ===`);
        process.stdout.write(Buffer.concat(chunks));
      } else console.log(`=== ${suite.name} ended (${took}) ===`);
      resolve({ code, took });
    });
  });
}

/** User + system seconds from GNU time's output file (its last line: a failed command adds a line before it). */
function cpuSeconds(file) {
  try {
    const last = fs.readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
    const [user, system] = last.split(' ').map(Number);
    return Number.isFinite(user) && Number.isFinite(system) ? Math.round(user + system) : null;
  } catch {
    return null;
  }
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
const record = (suite, result) => {
  const { p, f } = counts(suite, result.code);
  passed += p;
  failed += f;
  summary.push(`${suite.name}: ${p} passed, ${f} failed (${result.took})`);
};
for (const suite of [...vitestPhase, ...e2ePhase]) fs.rmSync(path.join(out, suite.json), { force: true });
// With the three suites (both backends and the client), the journeys start once the first (the client's) has
// ended: they wait on the browser and the server's first start more than they compute (a fresh-clone run used
// about half a core for them), so they fill what the two server suites leave. With fewer suites they wait for all
// (one server suite alone keeps both cores busy). E2E_OVERLAP=0: after every other suite.
const startE2eAt = process.env.E2E_OVERLAP === '0' || vitestPhase.length < 3 ? 0 : vitestPhase.length - 1;
// Everything is buffered while more than one suite may run at once.
const buffered = vitestPhase.length + e2ePhase.length > 1;
if (vitestPhase.length) console.log(`\n=== ${vitestPhase.map((s) => s.name).join(', ')}: side by side ===`);
let running = vitestPhase.length;
let releaseE2e;
const e2eMayStart = new Promise((resolve) => (releaseE2e = resolve));
if (running <= startE2eAt) releaseE2e();
const vitestDone = Promise.all(
  vitestPhase.map(async (suite) => {
    const result = await run(suite, { buffered });
    record(suite, result);
    running -= 1;
    if (running <= startE2eAt) releaseE2e();
  }),
);
const e2eDone = Promise.all(
  e2ePhase.map(async (suite) => {
    await e2eMayStart;
    console.log(`\n=== ${suite.name} starts (other suites still running: ${running}) ===`);
    record(suite, await run(suite, { buffered: buffered && running > 0 }));
  }),
);
await Promise.all([vitestDone, e2eDone]);
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
