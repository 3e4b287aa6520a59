// Whether a flood of wrong sign-ins slows everyone else down: p99 of a static asset and of
// /api/auth/me (signed in) while idle and while one client sends wrong passwords as fast as it can, as a ratio
// (target ≤ 5×). `npm run bench` includes it; alone: npx tsx bench/login-flood.ts
// Two floods: with the production rate limits (the flood is mostly answered 429 before any hashing), and with the
// limits lifted (RATE_LIMIT_SCALE huge, NODE_ENV=test), where only the bounded hashing queue protects the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { repoRoot } from '../server/test/processes';
import { ensureClientBuilt } from './client-build';
import { startRealServer, stop } from './lib';

export const FLOOD_TARGET_RATIO = 5;

interface Latency {
  p50: number;
  p99: number;
}
export interface FloodResult {
  label: string;
  signIns: number;
  answered2xx: number;
  answeredOther: number;
  asset: { idle: Latency; flood: Latency; ratio: number };
  me: { idle: Latency; flood: Latency; ratio: number };
}

async function latency(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Latency> {
  const r = await autocannon({ url, connections: 4, duration: seconds, headers });
  return { p99: r.latency.p99, p50: r.latency.p50 };
}

function flood(url: string, seconds: number) {
  return autocannon({
    url: `${url}/api/auth/login`,
    method: 'POST',
    connections: 16,
    duration: seconds * 2 + 2,
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'victim@example.test', password: 'wrong guess' }),
  });
}

async function measure(label: string, env: Record<string, string>, seconds: number): Promise<FloodResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'login-flood-'));
  const server = await startRealServer({ DATA_DIR: dataDir, SAMPLE_DATA: '0', ...env });
  try {
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        email: 'bench@example.test',
        password: 'bench passphrase',
        displayName: 'Bench',
      }),
    });
    const cookie = /sid=[^;]+/.exec(reg.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const assets = fs.readdirSync(path.join(repoRoot, 'dist/client/assets')).filter((f) => f.endsWith('.js'));
    const asset = `${server.url}/assets/${assets[0]}`;
    const me = `${server.url}/api/auth/me`;
    const idle = { asset: await latency(asset, seconds), me: await latency(me, seconds, { cookie }) };
    const attack = flood(server.url, seconds);
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = { asset: await latency(asset, seconds), me: await latency(me, seconds, { cookie }) };
    const f = await attack;
    const ratio = (k: 'asset' | 'me') => loaded[k].p99 / Math.max(1, idle[k].p99);
    return {
      label,
      signIns: f.requests.total,
      answered2xx: f['2xx'],
      answeredOther: f.non2xx,
      asset: { idle: idle.asset, flood: loaded.asset, ratio: ratio('asset') },
      me: { idle: idle.me, flood: loaded.me, ratio: ratio('me') },
    };
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both floods, one after the other, each on a server of its own. */
export async function runLoginFlood(seconds: number): Promise<FloodResult[]> {
  return [
    await measure('production limits', {}, seconds),
    await measure(
      'limits lifted (hash queue only)',
      { NODE_ENV: 'test', RATE_LIMIT_SCALE: '1000000' },
      seconds,
    ),
  ];
}

export function loginFloodMarkdown(results: FloodResult[]): string[] {
  const ms = (l: Latency) => `${l.p99} (p50 ${l.p50})`;
  const flag = (ratio: number) => `×${ratio.toFixed(1)} ${ratio <= FLOOD_TARGET_RATIO ? '✅' : '❌'}`;
  return [
    `One client sends wrong passwords for one account on 16 connections while 4 connections read a static asset and, signed in, \`/api/auth/me\`; p99 in ms, idle → under the flood (target ≤ ${FLOOD_TARGET_RATIO}×).`,
    '',
    '| flood | sign-ins (2xx / other) | asset idle | asset flooded | asset × | me idle | me flooded | me × |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.signIns} (${r.answered2xx} / ${r.answeredOther}) | ${ms(r.asset.idle)} | ${ms(r.asset.flood)} | ${flag(r.asset.ratio)} | ${ms(r.me.idle)} | ${ms(r.me.flood)} | ${flag(r.me.ratio)} |`,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureClientBuilt();
  const results = await runLoginFlood(Number(process.env.FLOOD_SECONDS ?? 8));
  console.log(loginFloodMarkdown(results).join('\n'));
}
