// Measures whether a flood of wrong sign-ins slows everyone else down: p99 of a static asset and of /api/auth/me
// (signed in) while idle and while one client sends wrong passwords as fast as it can. Run:
//   npx tsx bench/login-flood.ts
// Two floods: with the production rate limits (the flood is mostly answered 429 before any hashing), and with the
// limits lifted (RATE_LIMIT_SCALE huge, NODE_ENV=test), where only the bounded hashing queue protects the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from '../server/test/processes';
import { ensureClientBuilt } from './client-build';
import { startRealServer, stop } from './lib';

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 8);

async function p99(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 4, duration: SECONDS, headers });
  return { p99: r.latency.p99, p50: r.latency.p50, rps: Math.round(r.requests.average), non2xx: r.non2xx };
}

function flood(url: string) {
  return autocannon({
    url: `${url}/api/auth/login`,
    method: 'POST',
    connections: 16,
    duration: SECONDS * 2 + 2,
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'victim@example.test', password: 'wrong guess' }),
  });
}

async function run(label: string, env: Record<string, string>) {
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
    const idle = { asset: await p99(asset), me: await p99(`${server.url}/api/auth/me`, { cookie }) };
    const attack = flood(server.url);
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = { asset: await p99(asset), me: await p99(`${server.url}/api/auth/me`, { cookie }) };
    const f = await attack;
    const codes = `flood: ${f.requests.total} sign-ins, ${f['2xx']} 2xx, ${f.non2xx} non-2xx`;
    console.log(`\n${label} (${codes})`);
    for (const k of ['asset', 'me'] as const)
      console.log(
        `  ${k.padEnd(6)} idle p99 ${idle[k].p99} ms (p50 ${idle[k].p50}) → flood p99 ${loaded[k].p99} ms (p50 ${loaded[k].p50}); ×${(loaded[k].p99 / Math.max(1, idle[k].p99)).toFixed(1)}`,
      );
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureClientBuilt();
await run('production limits', {});
await run('limits lifted (hash queue only)', { NODE_ENV: 'test', RATE_LIMIT_SCALE: '1000000' });
