// `npm run bench`: one run on this machine, every variant measured side by side with the same client and
// connections, interleaved over several rounds, medians reported. Writes bench/report.md and bench/report.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envSchema } from '../server/env';
import { createPostgresDatabase } from '../server/test/test-db';
import { treeRssMb } from './idle-rss';
import { ENDPOINTS, EXPLORE, startBackends, writeBodies, type Backend } from './backends';
import { ensureClientBuilt } from './client-build';
import { cpuSettingsFromEnv, runCpu, writeSaveBody } from './cpu';
import { runDbFloor } from './db-floor';
import { runFloorReads } from './floor';
import { runIdleRss } from './idle-rss';
import { canPin, load, median, onLoadCore, startSynthetic, stopAll, stop, type Sample } from './lib';
import { runLighthouse, samplePages } from './lighthouse';
import { LOG_SIZES, runLogBench } from './log-bench';
import { runDocumentFlood } from './document-flood';
import { runJsonFlood } from './json-flood';
import { runLoginFlood } from './login-flood';
import { runMailCost } from './mail-cost';
import { renderReportFile, writeReportFiles } from './report-files';
import { type EndpointRow, type Report } from './render';
import { runScale } from './scale';
import { runWitnessBench } from './witness-bench';
import type { SaveRotation } from './writes';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = num('BENCH_SECONDS', 3);
const ROUNDS = num('BENCH_ROUNDS', 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 10);
/** G needs no warm-up of sockets and steadies quickly. */
const G_SECONDS = num('BENCH_G_SECONDS', Math.min(SECONDS, 2));
const SCALE_SECONDS = num('BENCH_SCALE_SECONDS', Math.min(SECONDS, 3));
/** S asks how one search's latency grows with the registry: one client, so p50 is not a queue's length. */
const SCALE_CONNECTIONS = num('BENCH_SCALE_CONNECTIONS', 1);
const SCALE_ROUNDS = num('BENCH_SCALE_ROUNDS', 1);
/**
 * S on PGlite starts only this many seconds into the run at the latest: on a busy machine it is left out rather than
 * stretch a run that is already long. A quiet run of this machine reaches S after about 1,100 s (Lighthouse's
 * twenty pages take 450 of them), so the limit is set above that.
 */
const PGLITE_SCALE_LATEST_START_S = 1500;
/** BENCH_SCALE_PGLITE=0 leaves out S on PGlite (see PGLITE_SCALE_SIZES for its sizes). */
const SCALE_PGLITE = process.env.BENCH_SCALE_PGLITE !== '0';
/** Learners that share the progress saves (300 saves per 10 minutes each). */
const WRITERS = num('BENCH_WRITERS', 600);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
// The fresh benchmark database is made on this server (createPostgresDatabase reads TEST_DATABASE_URL).
process.env.TEST_DATABASE_URL ??= PG_URL;

async function main() {
  const started = performance.now();
  const phase = { at: started, times: {} as Record<string, number> };
  const lap = (name: string) => {
    const now = performance.now();
    phase.times[name] = (now - phase.at) / 1000;
    phase.at = now;
  };
  const loadStart = os.loadavg();
  if (ensureClientBuilt()) console.log('built the client');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  cleanup.dir = dir;
  const pg = await createPostgresDatabase().catch(() => null);
  cleanup.drop = pg?.drop ?? null;
  if (!pg) console.warn(`PostgreSQL at ${PG_URL} is not reachable: D, G pg and S are skipped.`);

  const { backends, coldStartMs } = await startBackends(dir, pg?.url ?? null, {
    writers: WRITERS,
    connections: CONNECTIONS,
  });
  const byName = (name: 'E' | 'D') => backends.find((b) => b.name === name);
  const bodies = path.join(dir, 'bodies');
  await writeBodies(bodies, backends.at(-1)!);
  // A save's answer too, so A can answer the save's bytes for the CPU ratios.
  const saveIndex = await writeSaveBody(bodies, backends.at(-1)!);
  // Their start-ups are not measured, so they overlap.
  const [A, B, C] = await Promise.all([
    startSynthetic('A', bodies),
    startSynthetic('B', bodies),
    startSynthetic('C', bodies),
  ]);

  const idleRss: Record<string, number> = {};
  for (const b of backends) idleRss[b.name] = treeRssMb(b.server.child.pid);
  const loadedRss: Record<string, number> = {};
  const samples = new Map<string, Sample[]>();
  const record = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);
  const httpLoad = async (
    key: string,
    url: string,
    options: { headers?: Record<string, string>; requests?: SaveRotation['requests'] } = {},
    watch?: Backend,
  ) => {
    const during = load(url, { seconds: SECONDS, connections: CONNECTIONS, ...options });
    if (watch) {
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
      loadedRss[watch.name] = Math.max(loadedRss[watch.name] ?? 0, treeRssMb(watch.server.child.pid));
    }
    record(key, await during);
  };
  lap('setup');

  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}/${ROUNDS}`);
    // A, B and C on the explore body back to back, each round in another order, so no variant always goes first.
    const trio = [
      [`A ${ENDPOINTS[EXPLORE]!.name}`, A],
      ['B', B],
      ['C', C],
    ] as const;
    for (let k = 0; k < trio.length; k++) {
      const [key, target] = trio[(k + round - 1) % trio.length]!;
      await onLoadCore(() => httpLoad(key, `${target.url}/${EXPLORE}`));
    }
    for (const [i, ep] of ENDPOINTS.entries()) {
      if (i !== EXPLORE) await onLoadCore(() => httpLoad(`A ${ep.name}`, `${A.url}/${i}`));
      for (const b of backends) {
        const headers = ep.signedIn ? { cookie: b.people.reader.cookie } : undefined;
        await httpLoad(`${b.name} ${ep.name}`, `${b.server.url}${ep.path}`, { headers }, b);
        record(`G ${b.name} ${ep.name}`, await b.replayer.run(b.sequences[i]!, G_SECONDS));
      }
    }
    for (const b of backends)
      await httpLoad(`${b.name} cached`, `${b.cached.url}${ENDPOINTS[EXPLORE]!.path}`);
    // Saves with and without watched ranges and adversarial saves of scattered fragments back to back, each round
    // another first, so their ratios are range merging's cost and the fragments' cost.
    for (const b of backends) {
      const trio = [
        [`W ${b.name}`, b.saves],
        [`W ${b.name} plain`, b.plainSaves],
        [`W ${b.name} fragments`, b.fragmentSaves],
      ] as const;
      for (let k = 0; k < trio.length; k++) {
        const [key, rotation] = trio[(k + round - 1) % trio.length]!;
        await httpLoad(key, `${b.server.url}/`, { requests: rotation.requests }, b);
      }
    }
  }
  lap('rounds');
  // CPU per request (the server's and A's, from /proc) while the same servers run: the ratio the load barely moves.
  const cpuSettings = cpuSettingsFromEnv();
  const cpu =
    process.env.BENCH_CPU === '0'
      ? null
      : { settings: cpuSettings, rows: await runCpu(backends, A, saveIndex, cpuSettings) };
  lap('cpu');
  // The floor those ratios stand on: course explore's bytes through one bare PostgreSQL round trip, and layer by
  // layer up to the real server (a database and servers of its own; the bench's servers idle meanwhile).
  const floor =
    process.env.BENCH_CPU === '0' || process.env.BENCH_FLOOR === '0' || !pg
      ? null
      : await runDbFloor(cpuSettings);
  lap('floor');
  // Every read the targets name against its own floor, PostgreSQL's backends counted (decision 036).
  const floorReads = process.env.BENCH_FLOOR === '0' || !pg ? null : await runFloorReads();
  lap('floor reads');

  const med = (key: string): Sample => {
    const list = samples.get(key) ?? [];
    return {
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
    };
  };
  /** The ratio in each round: its two loads ran back to back, so the machine's drift between rounds cancels. */
  const perRound = (over: string, under: string) =>
    (samples.get(over) ?? []).map((s, i) => s.rps / (samples.get(under)?.[i]?.rps ?? Number.NaN));
  const bound = (a: number, g: number) => 1 / (1 / a + 1 / g);
  const endpoints: EndpointRow[] = ENDPOINTS.map((ep, i) => {
    const a = med(`A ${ep.name}`);
    const row = (name: 'E' | 'D') => {
      const b = byName(name);
      if (!b) return null;
      const g = med(`G ${name} ${ep.name}`);
      const server = med(`${name} ${ep.name}`);
      const h = bound(a.rps, g.rps);
      // Like B/A: the median of each round's ratio, whose three loads ran within a minute of each other.
      const rps = (key: string) => (samples.get(key) ?? []).map((x) => x.rps);
      const [aR, gR, sR] = [rps(`A ${ep.name}`), rps(`G ${name} ${ep.name}`), rps(`${name} ${ep.name}`)];
      const ratio = median(sR.map((x, r) => x / bound(aR[r] ?? Number.NaN, gR[r] ?? Number.NaN)));
      return { g, server, h, ratio, statements: b.sequences[i]!.length };
    };
    const eRow = row('E')!;
    const dRow = row('D');
    return {
      endpoint: ep.name,
      path: ep.path,
      statements: { pglite: eRow.statements, postgres: dRow?.statements ?? null },
      A: a,
      G: { pglite: eRow.g, postgres: dRow?.g ?? null },
      H: { pglite: eRow.h, postgres: dRow?.h ?? null },
      E: eRow.server,
      D: dRow?.server ?? null,
      'E/H': eRow.ratio,
      'D/H': dRow?.ratio ?? null,
    };
  });

  // Both production servers with their default server cache, as a production start serves pages.
  const lighthouse =
    process.env.BENCH_LIGHTHOUSE === '0'
      ? null
      : await (async () => {
          const results = [];
          for (const b of backends) {
            const label = b.name === 'E' ? 'PGlite' : 'PostgreSQL';
            results.push(...(await runLighthouse(b.cached.url, await samplePages(b.cached.url), label)));
          }
          return results;
        })().catch((error: unknown) => {
          console.warn(`Lighthouse failed: ${String(error)}`);
          return null;
        });
  lap('lighthouse');

  for (const b of backends) {
    await stop(b.cached.child);
    await b.replayer.close();
  }
  for (const t of [A, B, C]) await stop(t.child);
  const scale = await runScale(
    backends,
    { seconds: SCALE_SECONDS, rounds: SCALE_ROUNDS, connections: SCALE_CONNECTIONS },
    () => {
      // S on PGlite takes one to two minutes: a run already slowed by a busy machine leaves it out.
      const elapsed = (performance.now() - started) / 1000;
      if (!SCALE_PGLITE) return 'left out (BENCH_SCALE_PGLITE=0)';
      if (elapsed > PGLITE_SCALE_LATEST_START_S)
        return `left out: the run had already taken ${elapsed.toFixed(0)} s (a busy machine), and S on PGlite takes one to two minutes`;
      return null;
    },
  );
  lap('scale');
  // Its own two servers, after the others have stopped.
  const loginFlood =
    process.env.BENCH_FLOOD === '0' ? null : await runLoginFlood(num('BENCH_FLOOD_SECONDS', 4));
  lap('login flood');
  // Its own server: one client keeping 30 dossier requests in flight (decision 029).
  const documentFlood =
    process.env.BENCH_DOCUMENTS === '0' ? null : await runDocumentFlood(num('BENCH_DOCUMENTS_SECONDS', 4));
  lap('document flood');
  // Its own server: one client keeping 20 hostile JSON bodies in flight to a guest route.
  const jsonFlood =
    process.env.BENCH_JSON_FLOOD === '0' ? null : await runJsonFlood(num('BENCH_JSON_FLOOD_SECONDS', 4));
  lap('json flood');
  // In process, on fresh databases of their own. A million leaves on PGlite adds a minute: BENCH_LOG_PGLITE_SIZES.
  const log =
    process.env.BENCH_LOG === '0'
      ? null
      : await runLogBench(Boolean(pg), {
          postgres: LOG_SIZES,
          pglite: (process.env.BENCH_LOG_PGLITE_SIZES ?? '10000,100000')
            .split(',')
            .filter(Boolean)
            .map(Number),
        });
  lap('log');
  const mail = process.env.BENCH_MAIL === '0' ? null : await runMailCost(Boolean(pg));
  lap('mail');
  // Its own PostgreSQL databases and two witness processes (needs PostgreSQL).
  const witness = process.env.BENCH_WITNESS === '0' || !pg ? null : await runWitnessBench();
  lap('witnessed log');
  // Every other server stopped: each start measured alone, its whole process tree after 20 s idle.
  for (const b of backends) await stop(b.server.child);
  const idleAlone = await runIdleRss(dir, pg?.url ?? null, true);
  lap('idle rss');

  const mostSaves = Math.max(
    ...backends.map((b) => b.saves.mostPerLearner() + b.plainSaves.mostPerLearner()),
    ...backends.map((b) => b.fragmentSaves.mostPerLearner()),
  );
  const report: Report = {
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? '',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: {
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      pinned: canPin ? 1 : 0,
      gSeconds: G_SECONDS,
      scaleSeconds: SCALE_SECONDS,
      scaleRounds: SCALE_ROUNDS,
      scaleConnections: SCALE_CONNECTIONS,
    },
    loadAverage: { start: loadStart, end: os.loadavg() },
    elapsedSeconds: { ...phase.times },
    synthetic: {
      A: med(`A ${ENDPOINTS[EXPLORE]!.name}`),
      B: med('B'),
      C: med('C'),
      'B/A': median(perRound('B', `A ${ENDPOINTS[EXPLORE]!.name}`)),
      'C/B': median(perRound('C', 'B')),
      perRound: {
        'B/A': perRound('B', `A ${ENDPOINTS[EXPLORE]!.name}`),
        'C/B': perRound('C', 'B'),
      },
    },
    endpoints,
    cpu,
    floor,
    floorReads,
    cached: {
      E: med('E cached'),
      D: byName('D') ? med('D cached') : null,
      ...('SHARED_CACHE_SECONDS' in envSchema.shape
        ? {}
        : {
            note:
              'This server has no shared response cache yet (`SHARED_CACHE_SECONDS` is not among its settings), ' +
              'so the cache-on row measures the same path as course explore.',
          }),
    },
    writes: {
      E: med('W E'),
      D: byName('D') ? med('W D') : null,
      plain: { E: med('W E plain'), D: byName('D') ? med('W D plain') : null },
      rangesRatio: {
        E: perRound('W E', 'W E plain'),
        D: byName('D') ? perRound('W D', 'W D plain') : [],
      },
      fragments: { E: med('W E fragments'), D: byName('D') ? med('W D fragments') : null },
      fragmentsRatio: {
        E: perRound('W E fragments', 'W E'),
        D: byName('D') ? perRound('W D fragments', 'W D') : [],
      },
      learners: WRITERS,
      mostSavesPerLearner: mostSaves,
    },
    scale,
    rssMb: { idle: idleRss, underLoad: loadedRss, alone: idleAlone },
    coldStartMs,
    lighthouse,
    loginFlood,
    documentFlood,
    jsonFlood,
    log,
    mail,
    witness,
    missed: [],
  };

  report.elapsedSeconds.total = (performance.now() - started) / 1000;
  await writeReportFiles(report);
  console.log(fs.readFileSync(path.join('bench', 'report.md'), 'utf8'));
  console.log(`npm run bench took ${report.elapsedSeconds.total.toFixed(0)} s`);
}

/** What a run leaves behind, removed even when it fails. */
const cleanup: { dir: string | null; drop: (() => Promise<void>) | null } = { dir: null, drop: null };
try {
  // `npm run bench -- --render`: bench/report.md again from the last run's bench/report.json, measuring nothing.
  if (process.argv.includes('--render')) await renderReportFile();
  else await main();
} finally {
  await stopAll();
  await cleanup.drop?.();
  if (cleanup.dir) fs.rmSync(cleanup.dir, { recursive: true, force: true });
}
