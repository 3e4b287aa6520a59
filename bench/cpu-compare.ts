// CPU per request of two builds side by side on one PostgreSQL database: another checkout's server (the
// baseline, e.g. main) and this one's, measured alternately in each round (which goes first alternates too), so
// that each pair of figures saw the same minutes of the machine's load. Optionally a third: this build reaching
// PostgreSQL through its Unix socket instead of TCP.
//   BENCH_CPU_BASELINE=/path/to/main-checkout npx tsx bench/cpu-compare.ts
//   BENCH_CPU_SOCKET=/var/run/postgresql  (adds "socket": this build, DATABASE_URL with host=<that directory>)
// The baseline checkout is compiled there (its scripts/build-server.mjs) and needs node_modules.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { testDatabaseUrl } from '../server/test/test-db';
import { ENDPOINTS, NO_CACHE, writeBodies } from './backends';
import {
  cpuPerRequest,
  cpuSettingsFromEnv,
  SAVE_NAME,
  saveRotationForA,
  writeSaveBody,
  type CpuRequest,
} from './cpu';
import { seedPeople } from './fixtures';
import { median, startRealServer, startSynthetic, stopAll, type RealServer } from './lib';
import { saveRotation, type SaveRotation } from './writes';

interface Build {
  name: string;
  server: RealServer;
  saves: SaveRotation;
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const baseline = process.env.BENCH_CPU_BASELINE;
  if (!baseline) throw new Error('BENCH_CPU_BASELINE=<a checkout to compare with> is needed');
  const settings = cpuSettingsFromEnv();
  const only = process.env.BENCH_CPU_ONLY;
  const socketDir = process.env.BENCH_CPU_SOCKET;
  const admin = testDatabaseUrl();
  const name = `cpu_${crypto.randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cpu-compare-'));
  try {
    const env = (databaseUrl: string, data: string) => ({
      ...NO_CACHE,
      SAMPLE_DATA: '1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, data),
    });
    const profile = process.env.BENCH_CPU_PROFILE;
    const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
    // This build first: it creates the schema and the sample content; the others start on them.
    const mine = await startRealServer(env(url.toString(), 'cpu'), nodeArgs);
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    const people = await seedPeople(database.db, 600);
    await database.close();
    const builds: Build[] = [
      {
        name: 'baseline',
        server: await startRealServer(env(url.toString(), 'base'), nodeArgs, path.resolve(baseline)),
        saves: saveRotation(people.writers),
      },
      { name: 'this', server: mine, saves: saveRotation(people.writers) },
    ];
    if (socketDir) {
      const socketUrl = new URL(url);
      socketUrl.hostname = 'localhost';
      socketUrl.searchParams.set('host', socketDir);
      builds.push({
        name: 'socket',
        server: await startRealServer(env(socketUrl.toString(), 'socket'), nodeArgs),
        saves: saveRotation(people.writers),
      });
    }
    const bodies = path.join(dir, 'bodies');
    const ref = { server: mine, people };
    await writeBodies(bodies, ref);
    const saveIndex = await writeSaveBody(bodies, ref);
    const A = await startSynthetic('A', bodies);
    const cases = [
      ...ENDPOINTS.map((ep, index) => ({ ...ep, index })).filter((ep) => ep.name !== 'auth/me'),
      { name: SAVE_NAME, path: '', signedIn: true, index: saveIndex },
    ].filter((c) => !only || c.name.includes(only));
    const lines: string[] = [];
    for (const c of cases) {
      const save = c.name === SAVE_NAME;
      const per = new Map<string, number[]>(builds.map((b) => [b.name, []]));
      const a: number[] = [];
      for (let round = 0; round < settings.rounds; round++) {
        const aReq: CpuRequest = save
          ? { url: `${A.url}/${c.index}`, rotation: saveRotationForA(A.url, c.index) }
          : { url: `${A.url}/${c.index}` };
        a.push(
          (
            await cpuPerRequest(A.child.pid!, aReq, {
              amount: settings.amountA,
              connections: settings.connections,
            })
          ).total,
        );
        const order = round % 2 ? [...builds].reverse() : builds;
        for (const b of order) {
          const req: CpuRequest = save
            ? { url: `${b.server.url}/`, rotation: b.saves }
            : {
                url: `${b.server.url}${c.path}`,
                headers: c.signedIn ? { cookie: people.reader.cookie } : undefined,
              };
          const us = await cpuPerRequest(b.server.child.pid!, req, {
            amount: settings.amount,
            connections: settings.connections,
          });
          per.get(b.name)!.push(us.total);
        }
        console.log(
          `${c.name} round ${round + 1} (load ${load()}): A ${a.at(-1)!.toFixed(0)} µs, ` +
            builds.map((b) => `${b.name} ${per.get(b.name)!.at(-1)!.toFixed(0)} µs`).join(', '),
        );
      }
      const m = (b: Build) => median(per.get(b.name)!);
      lines.push(
        `| ${c.name} | ${median(a).toFixed(0)} | ` +
          builds
            .map(
              (b) =>
                `${m(b).toFixed(0)} (${per
                  .get(b.name)!
                  .map((v) => v.toFixed(0))
                  .join(' / ')}) | ${(m(b) / median(a)).toFixed(1)}`,
            )
            .join(' | ') +
          ' |',
      );
    }
    console.log(
      `\n| endpoint | A µs | ${builds.map((b) => `${b.name} µs (each round) | ${b.name} ÷ A`).join(' | ')} |`,
    );
    console.log(`| --- | --- | ${builds.map(() => '--- | ---').join(' | ')} |`);
    console.log(lines.join('\n'));
    console.log(`load average at the end ${load()}`);
  } finally {
    await stopAll();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
