// Whether dossier downloads slow everyone else down (docs/decisions/029-documents-built-once.md): p99 of /healthz
// while idle and while one client keeps 30 dossier requests in flight, first for dossiers never built (most are
// answered 429: two builds per address), then once they are all stored; and the CPU one stored dossier costs
// against /healthz's. Alone: npx tsx bench/document-flood.ts (DOC_FLOOD_SECONDS, default 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds } from './cpu';
import { startRealServer, stop } from './lib';

export const DOCUMENT_FLOOD_TARGET_RATIO = 2;
const PARALLEL = 30;

interface Latency {
  p50: number;
  p99: number;
}

async function latency(url: string, seconds: number): Promise<Latency> {
  const r = await autocannon({ url, connections: 4, duration: seconds });
  return { p99: r.latency.p99, p50: r.latency.p50 };
}

/** Keeps `PARALLEL` dossier requests in flight until `until` resolves; counts the answers by status. */
async function flood(urls: string[], until: Promise<unknown>) {
  const statuses: Record<number, number> = {};
  let done = false;
  void until.then(() => (done = true));
  await Promise.all(
    Array.from({ length: PARALLEL }, async (_, i) => {
      while (!done) {
        const r = await fetch(urls[i % urls.length]!);
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

export async function runDocumentFlood(seconds: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'document-flood-'));
  const server = await startRealServer({ DATA_DIR: dataDir });
  try {
    const list = (await (await fetch(`${server.url}/api/registry/instruments?pageSize=50`)).json()) as {
      passportCode: string;
    }[];
    const urls = list.slice(0, PARALLEL).map((i) => `${server.url}/p/${i.passportCode}/dossier.pdf`);
    const health = `${server.url}/healthz`;
    const idle = { ...(await latency(health, seconds)), load: os.loadavg()[0]! };
    const coldRun = latency(health, seconds);
    const cold = { statuses: await flood(urls, coldRun), healthz: await coldRun, load: os.loadavg()[0]! };
    // Every dossier stored (one at a time, within the per-address bound).
    for (const url of urls) await (await fetch(url)).arrayBuffer();
    const warmRun = latency(health, seconds);
    const warm = { statuses: await flood(urls, warmRun), healthz: await warmRun, load: os.loadavg()[0]! };
    // CPU of the server process per request: stored dossiers against /healthz, 200 of each.
    const cpuPer = async (target: (i: number) => string, n = 200) => {
      const before = cpuSeconds(server.child.pid!);
      for (let i = 0; i < n; i++) await (await fetch(target(i))).arrayBuffer();
      const after = cpuSeconds(server.child.pid!);
      return ((after.user + after.system - before.user - before.system) / n) * 1e6;
    };
    const floorUs = await cpuPer(() => health);
    const dossierUs = await cpuPer((i) => urls[i % urls.length]!);
    return { idle, cold, warm, floorUs, dossierUs, passports: urls.length };
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export type DocumentFloodResult = Awaited<ReturnType<typeof runDocumentFlood>>;

export function documentFloodMarkdown(r: DocumentFloodResult): string[] {
  const ratio = (l: Latency) => l.p99 / Math.max(1, r.idle.p99);
  const flag = (l: Latency) =>
    `×${ratio(l).toFixed(1)} ${ratio(l) <= DOCUMENT_FLOOD_TARGET_RATIO ? '✅' : '❌'}`;
  // Older saved reports have no load figures.
  const load = (x: { load?: number }) => x.load?.toFixed(1) ?? '–';
  const statuses = (s: Record<number, number>) =>
    Object.entries(s)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
  return [
    `One client keeps ${PARALLEL} dossier requests (${r.passports} passports) in flight while 4 connections read \`/healthz\`; p99 in ms (target ≤ ${DOCUMENT_FLOOD_TARGET_RATIO}× idle).`,
    '',
    '| dossiers | answers | /healthz p99 (p50) | × idle | load average (1 min) |',
    '| --- | --- | --- | --- | --- |',
    `| none (idle) | – | ${r.idle.p99} (${r.idle.p50}) | – | ${load(r.idle)} |`,
    `| never built | ${statuses(r.cold.statuses)} | ${r.cold.healthz.p99} (${r.cold.healthz.p50}) | ${flag(r.cold.healthz)} | ${load(r.cold)} |`,
    `| all stored | ${statuses(r.warm.statuses)} | ${r.warm.healthz.p99} (${r.warm.healthz.p50}) | ${flag(r.warm.healthz)} | ${load(r.warm)} |`,
    '',
    `CPU per request: a stored dossier ${r.dossierUs.toFixed(0)} µs, /healthz (the floor) ${r.floorUs.toFixed(0)} µs.`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runDocumentFlood(Number(process.env.DOC_FLOOD_SECONDS ?? 5));
  console.log(documentFloodMarkdown(result).join('\n'));
}
