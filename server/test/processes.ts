import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The programs tests start as processes, compiled once per run (server/test/build-bundles.ts). */
export const BUNDLED_ENTRIES = [
  'server/index.ts',
  // Not started by tests itself: the server's document build thread, which it finds beside its own bundle.
  'server/document-worker.ts',
  'server/test/witness-server.ts',
  'scripts/verify.ts',
  'scripts/monitor.ts',
  'scripts/admin.ts',
  'scripts/generate-instruments.ts',
  'server/db/migrate-cli.ts',
];

/**
 * node's arguments to run `entry` (one of BUNDLED_ENTRIES, from the checkout's root): its compiled bundle under
 * the test runner, which builds them, else (or with `tsx`, as `npm run …` starts it) the TypeScript through tsx.
 */
export async function nodeArgs(entry: string, { tsx = false } = {}): Promise<string[]> {
  const dir = process.env.VITEST && !tsx ? (await import('vitest')).inject('testBundles') : '';
  if (dir && BUNDLED_ENTRIES.includes(entry)) return [path.join(dir, entry.replace(/\.ts$/, '.mjs'))];
  return ['--import', 'tsx', path.join(repoRoot, entry)];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the real server (`server/index.ts`, compiled under the tests) as a child process and waits until /healthz answers or it exits. */
export async function startServerProcess(
  env: Record<string, string>,
  { waitReady = true } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, await nodeArgs('server/index.ts'), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (waitReady) {
    let done = false;
    void exited.then(() => (done = true));
    // A guard, not a measure: a first start on a shared machine (initdb, migrations) can take minutes.
    const deadline = Date.now() + 240_000;
    while (!done && Date.now() < deadline) {
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    if (done) throw new Error(`server exited before it was ready:\n${out}`);
  }
  return { child, url, output: () => out, exited };
}
