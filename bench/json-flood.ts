// Whether hostile JSON bodies slow everyone else down (server/plugins/body-limits.ts): p99 of /healthz while idle
// and while one client keeps 20 bodies in flight to a guest route (POST /api/public/contact), for three bodies:
// 1 MiB of `[[[[…` (over the route's size limit: 413), nesting just within the size limit (400 before
// JSON.parse) and 8 MiB of flat JSON (413 as the bytes arrive). Alone: npx tsx bench/json-flood.ts
// (JSON_FLOOD_SECONDS, default 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { startRealServer, stop } from './lib';

export const JSON_FLOOD_TARGET_RATIO = 2;
const PARALLEL = 20;
const ROUTE = '/api/public/contact';

interface Latency {
  p50: number;
  p99: number;
}

async function latency(url: string, seconds: number): Promise<Latency> {
  const r = await autocannon({ url, connections: 4, duration: seconds });
  return { p99: r.latency.p99, p50: r.latency.p50 };
}

interface Answers {
  statuses: Record<string, number>;
  /** Median and slowest time to the answer, ms. */
  answerMs: { p50: number; max: number };
}

// The hostile client runs in a worker thread: sending 20 large bodies from the thread that runs autocannon would
// delay its /healthz requests and measure the bench, not the server.
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, size, kind, parallel } = workerData;
const body = kind === 'nested'
  ? Buffer.alloc(size, '[')
  : Buffer.from(JSON.stringify({ name: 'x', email: 'a@b.test', message: 'x'.repeat(size) }));
const statuses = {};
const times = [];
let done = false;
parentPort.on('message', () => (done = true));
Promise.all(Array.from({ length: parallel }, async () => {
  while (!done) {
    const started = performance.now();
    let status;
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      status = String(r.status);
    } catch {
      // The server answers 413 and closes the connection before the whole body is sent.
      status = 'closed';
    }
    times.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
})).then(() => parentPort.postMessage({ statuses, times }));
`;

/** Keeps `PARALLEL` requests with the body in flight until `until` resolves; counts the answers by status. */
async function flood(
  url: string,
  body: { kind: 'nested' | 'flat'; size: number },
  until: Promise<unknown>,
): Promise<Answers> {
  const worker = new Worker(FLOOD_WORKER, { eval: true, workerData: { url, ...body, parallel: PARALLEL } });
  const result = new Promise<{ statuses: Record<string, number>; times: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await until;
  worker.postMessage('stop');
  const { statuses, times } = await result;
  await worker.terminate();
  times.sort((a, b) => a - b);
  return {
    statuses,
    answerMs: { p50: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0 },
  };
}

const MIB = 1024 * 1024;
const BODIES: { name: string; body: { kind: 'nested' | 'flat'; size: number } }[] = [
  { name: '1 MiB of nesting', body: { kind: 'nested', size: MIB } },
  // Under the route's 16 KiB limit, so the size check passes and the depth scan refuses it.
  { name: '15 KiB of nesting', body: { kind: 'nested', size: 15 * 1024 } },
  { name: '8 MiB flat', body: { kind: 'flat', size: 8 * MIB } },
];

export async function runJsonFlood(seconds: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-flood-'));
  const server = await startRealServer({ DATA_DIR: dataDir });
  try {
    const health = `${server.url}/healthz`;
    const idle = await latency(health, seconds);
    const cases = [];
    for (const { name, body } of BODIES) {
      const run = latency(health, seconds);
      const answers = await flood(`${server.url}${ROUTE}`, body, run);
      cases.push({ name, answers, healthz: await run });
    }
    return { idle, cases, loadAverage: os.loadavg() };
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export type JsonFloodResult = Awaited<ReturnType<typeof runJsonFlood>>;

export function jsonFloodMarkdown(r: JsonFloodResult): string[] {
  const ratio = (l: Latency) => l.p99 / Math.max(1, r.idle.p99);
  const flag = (l: Latency) => `×${ratio(l).toFixed(1)} ${ratio(l) <= JSON_FLOOD_TARGET_RATIO ? '✅' : '❌'}`;
  const statuses = (s: Record<string, number>) =>
    Object.entries(s)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
  return [
    `One client keeps ${PARALLEL} hostile bodies in flight to \`POST ${ROUTE}\` (a guest route) while 4 connections read \`/healthz\`; p99 in ms (target ≤ ${JSON_FLOOD_TARGET_RATIO}× idle). Load average after the run: ${r.loadAverage.map((l) => l.toFixed(2)).join(', ')}.`,
    '',
    '| body | answers | answered in (p50 / max, ms) | /healthz p99 (p50) | × idle |',
    '| --- | --- | --- | --- | --- |',
    `| none (idle) | – | – | ${r.idle.p99} (${r.idle.p50}) | – |`,
    ...r.cases.map(
      (c) =>
        `| ${c.name} | ${statuses(c.answers.statuses)} | ${c.answers.answerMs.p50.toFixed(0)} / ${c.answers.answerMs.max.toFixed(0)} | ${c.healthz.p99} (${c.healthz.p50}) | ${flag(c.healthz)} |`,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runJsonFlood(Number(process.env.JSON_FLOOD_SECONDS ?? 5));
  console.log(jsonFloodMarkdown(result).join('\n'));
}
