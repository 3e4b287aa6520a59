// W: progress saves (POST /api/lms/lessons/:id/video-progress) per second. Saves are limited to 300 per 10
// minutes per learner (server/features/academy/lessons.routes.ts), so each request goes to the next of many
// learners in turn, each on their own record: the limit is never what is measured, nor one learner's row lock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { createPostgresDatabase } from '../server/test/test-db';
import type { Backend } from './backends';
import { cpuPerRequest, lightBackend } from './cpu';
import { fragmentBody, progressBody, type Learner } from './fixtures';
import { load, median, stopAll } from './lib';

export interface SaveRotation {
  requests: autocannon.Request[];
  /** Saves sent so far, over every load that used this rotation. */
  sent(): number;
  /** The most saves any one learner has sent. */
  mostPerLearner(): number;
}

/**
 * Requests for autocannon that cycle through `learners`; one rotation per server and kind, kept across rounds.
 * `plain` sends the seed's save (position and time, no watched ranges): the same request without range merging,
 * measured beside it to give merging's cost as a ratio in one run; `fragments` sends the adversarial save (500
 * scattered fragments), measured beside the ordinary one.
 */
export function saveRotation(
  learners: Learner[],
  kind: 'ranges' | 'plain' | 'fragments' = 'ranges',
): SaveRotation {
  let next = 0;
  return {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          const learner = learners[n % learners.length]!;
          return {
            ...request,
            method: 'POST',
            path: `/api/lms/lessons/${learner.lessonId}/video-progress`,
            headers: { cookie: learner.cookie, 'content-type': 'application/json' },
            body:
              kind === 'fragments'
                ? fragmentBody(Math.floor(n / learners.length))
                : progressBody(Math.floor(n / learners.length), kind === 'ranges'),
          };
        },
      },
    ],
    sent: () => next,
    mostPerLearner: () => Math.ceil(next / learners.length),
  };
}

/**
 * Alone (W only, quick): the ordinary saves and the adversarial ones back to back on each backend, each round
 * another first, as `npm run bench` measures them; with BENCH_W_BASELINE=<another checkout> that checkout's
 * server too, on its own databases, each round alternating which build goes first, so both builds' ratios come
 * from the same minutes of the machine's load.
 *   npx tsx bench/writes.ts   (BENCH_W_BACKENDS=E,D, BENCH_SECONDS=3, BENCH_ROUNDS=3, BENCH_CPU_REQUESTS=500)
 *   BENCH_W_BASELINE=/path/to/main-checkout npx tsx bench/writes.ts
 */
async function standalone(): Promise<void> {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const seconds = num('BENCH_SECONDS', 3);
  const rounds = num('BENCH_ROUNDS', 3);
  const connections = num('BENCH_CONNECTIONS', 10);
  const cpuAmount = num('BENCH_CPU_REQUESTS', 500);
  const names = (process.env.BENCH_W_BACKENDS ?? 'E,D').split(',') as ('E' | 'D')[];
  const baseline = process.env.BENCH_W_BASELINE;
  const builds = [
    { name: 'this', root: undefined },
    ...(baseline ? [{ name: 'baseline', root: baseline }] : []),
  ];
  const loadAverage = () =>
    os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-w-'));
  const drops: (() => Promise<void>)[] = [];
  try {
    const runs: { build: string; backend: Backend }[] = [];
    for (const build of builds)
      for (const name of names) {
        const data = path.join(dir, `${build.name}-${name}`);
        const env: Record<string, string> = { DATA_DIR: data };
        if (name === 'D') {
          const pg = await createPostgresDatabase();
          drops.push(pg.drop);
          env.DATABASE_URL = pg.url;
        }
        runs.push({ build: build.name, backend: await lightBackend(name, env, build.root) });
      }
    console.log(`load average at the start ${loadAverage()}`);
    const rps: Record<string, number[]> = {};
    const record = (key: string, value: number) => (rps[key] ??= []).push(value);
    for (let round = 0; round < rounds; round++) {
      for (const name of names) {
        const pair = runs.filter((r) => r.backend.name === name);
        if (round % 2) pair.reverse();
        for (const { build, backend } of pair) {
          const kinds = [
            ['ordinary', backend.saves],
            ['fragments', backend.fragmentSaves],
          ] as const;
          for (const [kind, rotation] of round % 2 ? [...kinds].reverse() : kinds) {
            const s = await load(`${backend.server.url}/`, {
              seconds,
              connections,
              requests: rotation.requests,
            });
            record(`${build} ${name} ${kind}`, s.rps);
          }
        }
      }
      console.log(`round ${round + 1}/${rounds} done, load average ${loadAverage()}`);
    }
    // CPU per save (the server process's, from /proc), the builds alternating as above: what the load moves least.
    const cpu: Record<string, number[]> = {};
    for (let round = 0; round < rounds; round++)
      for (const name of names) {
        const pair = runs.filter((r) => r.backend.name === name);
        if (round % 2) pair.reverse();
        for (const { build, backend } of pair)
          for (const [kind, rotation] of [
            ['ordinary', backend.saves],
            ['fragments', backend.fragmentSaves],
          ] as const) {
            const us = await cpuPerRequest(
              backend.server.child.pid!,
              { url: `${backend.server.url}/`, rotation },
              { amount: cpuAmount, connections },
            );
            (cpu[`${build} ${name} ${kind}`] ??= []).push(us.total);
          }
      }
    console.log(
      '\n| build | backend | ordinary saves/s | fragments saves/s | ratio (median) | ratio of each round | ' +
        `CPU µs per ordinary save | per fragments save (${cpuAmount} saves, median of ${rounds}) |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const { build, backend } of runs) {
      const key = `${build} ${backend.name}`;
      const ordinary = rps[`${key} ordinary`] ?? [];
      const fragments = rps[`${key} fragments`] ?? [];
      const ratios = fragments.map((f, i) => f / (ordinary[i] ?? Number.NaN));
      console.log(
        `| ${build} | ${backend.name} | ${median(ordinary).toFixed(0)} | ${median(fragments).toFixed(0)} | ` +
          `${median(ratios).toFixed(2)} | ${ratios.map((r) => r.toFixed(2)).join(', ')} | ` +
          `${median(cpu[`${key} ordinary`] ?? []).toFixed(0)} | ${median(cpu[`${key} fragments`] ?? []).toFixed(0)} |`,
      );
    }
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    await stopAll();
    for (const drop of drops) await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await standalone();
