import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, repoRoot } from '../server/test/processes';

export interface Sample {
  rps: number;
  p50: number;
  p99: number;
}

export interface Target {
  name: string;
  url: string;
  child: ChildProcess;
}

/** Every process the bench started, so a failed run still stops them all. */
const children = new Set<ChildProcess>();

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * On a machine with two cores or more (and `taskset`), the synthetic servers A, B and C run on core 1 and, while
 * they are measured, the load generator (this process) on core 0: B/A and C/B then compare the servers rather
 * than how the scheduler shares two cores between a server and autocannon. False when pinning is not possible.
 */
export const canPin =
  os.cpus().length >= 2 &&
  spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

function pin(pid: number | undefined, cpus: string): void {
  if (canPin && pid) spawnSync('taskset', ['-apc', cpus, String(pid)], { stdio: 'ignore' });
}

/**
 * Runs `measure` with this process on core 0, then gives it every core back (what it starts later, the real
 * servers and Chromium, inherits its affinity).
 */
export async function onLoadCore<T>(measure: () => Promise<T>): Promise<T> {
  pin(process.pid, '0');
  try {
    return await measure();
  } finally {
    pin(process.pid, `0-${os.cpus().length - 1}`);
  }
}

/** Starts one of bench/targets.ts (A, B, C) serving the bodies in `bodiesDir` and resolves when it listens. */
export async function startSynthetic(variant: 'A' | 'B' | 'C', bodiesDir: string): Promise<Target> {
  const port = await freePort();
  const child = fork(path.join(repoRoot, 'bench/targets.ts'), [variant, String(port), bodiesDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  pin(child.pid, '1');
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`target ${variant} exited with ${code}`)));
  });
  return { name: variant, url: `http://127.0.0.1:${port}/api/bench`, child };
}

export interface RealServer {
  url: string;
  child: ChildProcess;
  coldStartMs: number;
}

/** SIGTERM, then resolves when the process has exited (the server shuts down gracefully). */
export async function stop(child: ChildProcess): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the real server and measures its cold start (spawn → /healthz answers). `nodeArgs` go to node before
 * the bundle (`--cpu-prof`, which NODE_OPTIONS does not allow).
 */
/** `root`: the checkout whose server runs (another branch's, to compare; compiled there). */
export async function startRealServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  root = repoRoot,
): Promise<RealServer> {
  const port = await freePort();
  const started = performance.now();
  // The production server: compiled JavaScript (scripts/build-server.mjs, as `npm start` runs it), no tsx.
  if (spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' }).status)
    throw new Error('could not compile the server');
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...nodeArgs, path.join(root, 'dist/server/index.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Benchmarks read no mail: the outbox is where it goes, as an operator without SMTP chooses.
        MAIL_OUTBOX_ONLY: '1',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        RATE_LIMIT_SCALE: '1',
        // As `npm start` sets it (docs/decisions/020).
        MALLOC_MMAP_THRESHOLD_: '131072',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, child, coldStartMs: performance.now() - started };
}

export async function load(
  url: string,
  options: {
    seconds: number;
    connections: number;
    headers?: Record<string, string>;
    /** Requests built one by one (autocannon's setupRequest), e.g. to rotate cookies. */
    requests?: autocannon.Request[];
  },
): Promise<Sample> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: options.requests,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx and ${result.errors} errors out of ${result.requests.total}`,
    );
  }
  // On a very busy machine a short load can end before any response: no latency to report.
  if (result.requests.total === 0) return { rps: 0, p50: Number.NaN, p99: Number.NaN };
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
