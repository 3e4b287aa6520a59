// Idle RSS of the production server: started as the bench starts it (the compiled bundle), left alone for
// IDLE_SECONDS, then the RSS of its whole process tree summed from /proc. The embedded default runs twice on one
// data folder (the first start loads migrations and sample content, the second finds them); PostgreSQL, when
// reachable, once: in the bench on its database (already filled), alone on a new database of its own. Alone: `npx tsx bench/idle-rss.ts` (BENCH_IDLE_SECONDS sets the
// wait; PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL, a new database made and dropped there). With
// BENCH_AGAINST=<another checkout>: first starts only, BENCH_FIRST_STARTS (5) of each, alternating with that one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPostgresDatabase } from '../server/test/test-db';
import { startRealServer, stop, stopAll } from './lib';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);

/** The process and every descendant, from /proc/<pid>/task/<tid>/children. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    const taskDir = `/proc/${tree[i]!}/task`;
    let tasks: string[];
    try {
      tasks = fs.readdirSync(taskDir);
    } catch {
      continue; // exited meanwhile
    }
    for (const tid of tasks) {
      let children = '';
      try {
        children = fs.readFileSync(`${taskDir}/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(/\s+/).filter(Boolean)) tree.push(Number(child));
    }
  }
  return tree;
}

function statusKb(pid: number, field: string): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** RSS of the process and all its descendants, in MB (one decimal). */
export function treeRssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const kb = processTree(pid).reduce((sum, p) => sum + statusKb(p, 'VmRSS'), 0);
  return Math.round(kb / 102.4) / 10;
}

export interface IdleRss {
  /** What ran: backend and whether the data folder was new. */
  name: string;
  /** Spawn → /healthz answers. */
  startMs: number;
  /** Tree RSS after IDLE_SECONDS idle. */
  idleMb: number;
  processes: number;
}

async function measure(name: string, env: Record<string, string>, root?: string): Promise<IdleRss> {
  const server = await startRealServer(env, [], root);
  try {
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const pid = server.child.pid!;
    return {
      name,
      startMs: Math.round(server.coldStartMs),
      idleMb: treeRssMb(pid),
      processes: processTree(pid).length,
    };
  } finally {
    await stop(server.child);
  }
}

/** The embedded default on a new data folder, then again on the same folder; PostgreSQL when `pgUrl` is set. */
export async function runIdleRss(dir: string, pgUrl: string | null, pgFilled = false): Promise<IdleRss[]> {
  const dataDir = path.join(dir, 'idle-pglite');
  const results = [
    await measure('PGlite, first start (sample content loaded)', { DATA_DIR: dataDir, SAMPLE_DATA: '1' }),
    await measure('PGlite, existing data', { DATA_DIR: dataDir, SAMPLE_DATA: '1' }),
  ];
  if (pgUrl)
    results.push(
      await measure(
        pgFilled ? 'PostgreSQL, existing data' : 'PostgreSQL, new database (sample content loaded)',
        {
          DATA_DIR: path.join(dir, 'idle-pg'),
          SAMPLE_DATA: '1',
          DATABASE_URL: pgUrl,
        },
      ),
    );
  return results;
}

/**
 * First starts only, `count` of each, alternating between this checkout and `against` (another checkout, compiled
 * there): one build's first start moves by tens of megabytes from run to run, so one run per side says little.
 */
async function compareFirstStarts(dir: string, count: number, against: string): Promise<void> {
  for (let i = 0; i < count; i++)
    for (const [side, root] of [
      ['against', against],
      ['this', undefined],
    ] as const) {
      const dataDir = path.join(dir, `first-${side}-${i}`);
      const r = await measure(side, { DATA_DIR: dataDir, SAMPLE_DATA: '1' }, root);
      fs.rmSync(dataDir, { recursive: true, force: true });
      console.log(
        `first start ${i + 1}, ${side === 'this' ? 'this checkout' : against}: ${r.idleMb} MB after ${IDLE_SECONDS} s idle (${r.processes} process(es)), start ${r.startMs} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.env.BENCH_AGAINST) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idle-rss-'));
  try {
    await compareFirstStarts(dir, Number(process.env.BENCH_FIRST_STARTS ?? 5), process.env.BENCH_AGAINST);
  } finally {
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
  }
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idle-rss-'));
  process.env.TEST_DATABASE_URL ??=
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const pg = await createPostgresDatabase().catch(() => null);
  try {
    const pgUrl = pg?.url ?? null;
    for (const r of await runIdleRss(dir, pgUrl))
      console.log(
        `${r.name}: ${r.idleMb} MB after ${IDLE_SECONDS} s idle (${r.processes} process(es)), start ${r.startMs} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
  } finally {
    await stopAll();
    await pg?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
