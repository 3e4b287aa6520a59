import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './processes';
import type { PassportLog } from '../../contract/log';
import { verifyPassportLog } from '../../contract/log/verify-passport';

/** One kind of write the chaos run makes: `write` returns a check that proves the write is still there. */
export interface ChaosOperation {
  name: string;
  /** Runs once per server start (e.g. sign in); returns per-start state passed to write and check. */
  setup(url: string): Promise<unknown>;
  /** Makes one write; resolves with a token when the server acknowledged it (2xx), or null when it did not. */
  write(url: string, state: unknown, n: number): Promise<string | null>;
  /** After a restart: true when the acknowledged write is there. */
  check(url: string, state: unknown, token: string): Promise<boolean>;
}

export interface ChaosResult {
  kills: number;
  acknowledged: number;
  /** Acknowledged writes per operation name, so a run where one kind never succeeded is visible. */
  byOperation: Record<string, number>;
  lost: string[];
}

/**
 * Runs the real server, drives writes from several concurrent loops, kills it with SIGKILL at a random moment,
 * restarts it on the same data, and checks that every acknowledged write survived. Repeats `kills` times.
 */
export async function runChaos(options: {
  kills: number;
  env: Record<string, string>;
  operations: ChaosOperation[];
  seed?: number;
}): Promise<ChaosResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-'));
  const env = { DATA_DIR: dataDir, SAMPLE_DATA: '1', RATE_LIMIT_SCALE: '100000', ...options.env };
  let random = options.seed ?? 42;
  const rand = () => (random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const acknowledged: { op: ChaosOperation; token: string }[] = [];
  const lost: string[] = [];
  let server: ServerProcess | null = null;
  let counter = 0;
  try {
    for (let k = 0; k < options.kills; k++) {
      server = await startServerProcess(env);
      const url = server.url;
      const states = await Promise.all(options.operations.map((op) => op.setup(url)));
      let stop = false;
      const loops = options.operations.flatMap((op, i) =>
        [0, 1].map(async () => {
          while (!stop) {
            const token = await op.write(url, states[i], counter++).catch(() => null);
            if (token !== null && !stop) acknowledged.push({ op, token });
            else if (token === null && stop) break;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 300 + rand() * 1500));
      // On a busy machine a slow operation may not have been acknowledged yet: the kill waits (up to 30 s) until
      // each has been at least once this round, so every kind of write is tested across every kill.
      const since = acknowledged.length;
      const ackedNow = (op: ChaosOperation) => acknowledged.slice(since).some((a) => a.op === op);
      const before = acknowledged.slice(0, since);
      for (let waited = 0; waited < 30_000; waited += 50) {
        if (options.operations.every((op) => ackedNow(op) || before.some((a) => a.op === op))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      server.child.kill('SIGKILL');
      stop = true;
      await server.exited;
      await Promise.all(loops);
      server = null;
    }
    server = await startServerProcess(env);
    const url = server.url;
    const states = new Map(
      await Promise.all(options.operations.map(async (op) => [op, await op.setup(url)] as const)),
    );
    for (const { op, token } of acknowledged) {
      if (!(await op.check(url, states.get(op), token))) lost.push(`${op.name}:${token}`);
    }
    const byOperation: Record<string, number> = {};
    for (const { op } of acknowledged) byOperation[op.name] = (byOperation[op.name] ?? 0) + 1;
    return { kills: options.kills, acknowledged: acknowledged.length, byOperation, lost };
  } finally {
    server?.child.kill('SIGKILL');
    if (server) await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Registrations: each acknowledged account can sign in after the crash. */
export const registrations: ChaosOperation = {
  name: 'register',
  setup: async () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
  async write(url, prefix, n) {
    const email = `chaos-${String(prefix)}-${n}@example.test`;
    const res = await fetch(
      `${url}/api/auth/register`,
      json({ email, password: 'chaos passphrase', displayName: 'Chaos' }),
    );
    return res.status === 201 ? email : null;
  },
  async check(url, _state, email) {
    const res = await fetch(`${url}/api/auth/login`, json({ email, password: 'chaos passphrase' }));
    return res.status === 200;
  },
};

async function signIn(url: string, email: string, password: string, displayName: string): Promise<string> {
  let res = await fetch(`${url}/api/auth/login`, json({ email, password }));
  if (res.status === 401)
    res = await fetch(`${url}/api/auth/register`, json({ email, password, displayName }));
  // The session cookie by name: a sign-in also sets the device cookie.
  const cookie = /(?:^|,\s*)(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!res.ok || !cookie) throw new Error(`sign-in for chaos failed: ${res.status}`);
  return cookie;
}

const learnerEmail = `chaos-learner-${Date.now().toString(36)}@example.test`;
const LESSON = 'course-1-l1';

/** Lesson progress saves: the stored percent is never below one the server acknowledged. */
export const progressSaves: ChaosOperation = {
  name: 'progress',
  setup: (url) => signIn(url, learnerEmail, 'chaos passphrase', 'Chaos Learner'),
  async write(url, cookie, n) {
    // Monotonic positions below the 95 % auto-completion of the one-minute lesson.
    const seconds = Math.round(56 * (1 - Math.exp(-n / 400)) * 100) / 100;
    const res = await fetch(`${url}/api/lms/lessons/${LESSON}/video-progress`, {
      ...json({ videoProgressSeconds: seconds, eventData: { totalTime: seconds } }),
      headers: { 'content-type': 'application/json', cookie: String(cookie) },
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { progressPercent: number };
    return String(body.progressPercent);
  },
  async check(url, cookie, percent) {
    const res = await fetch(`${url}/api/lms/lessons/${LESSON}/progress`, {
      headers: { cookie: String(cookie) },
    });
    const body = (await res.json()) as { progressPercent: number } | null;
    return res.ok && body !== null && body.progressPercent >= Number(percent);
  },
};

/** Passport edits by the maker: every acknowledged edit is in the instrument's event log after the crash. */
export const passportEdits: ChaosOperation = {
  name: 'passport',
  async setup(url) {
    const cookie = await signIn(url, 'luthier@example.com', 'luthier-demo-2026', 'Elena Marquez');
    const res = await fetch(`${url}/api/registry/instruments`, {
      ...json({ name: 'Chaos Classical', instrumentType: 'guitar', category: 'classical', yearMade: 2024 }),
      headers: { 'content-type': 'application/json', cookie },
    });
    if (res.status !== 201) throw new Error(`could not register the chaos instrument: ${res.status}`);
    const { id } = (await res.json()) as { id: string };
    return { cookie, id };
  },
  async write(url, state, n) {
    const { cookie, id } = state as { cookie: string; id: string };
    const model = `chaos-${n}`;
    const res = await fetch(`${url}/api/registry/instruments/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ model }),
    });
    return res.ok ? `${id}|${model}` : null;
  },
  async check(url, state, token) {
    const { cookie } = state as { cookie: string };
    const [id, model] = token.split('|');
    const res = await fetch(`${url}/api/registry/instruments/${id}`, { headers: { cookie } });
    if (!res.ok) return false;
    const body = (await res.json()) as { passportCode: string; events: { type: string; data: unknown }[] };
    if (!body.events.some((e) => JSON.stringify(e.data).includes(`"${model}"`))) return false;
    // The event's transparency-log leaf survived too, and the passport's whole chain still verifies.
    const [key, log] = await Promise.all([
      fetch(`${url}/api/log/key`).then((r) => r.text()),
      fetch(`${url}/api/public/passports/${body.passportCode}/log`).then(
        (r) => r.json() as Promise<PassportLog>,
      ),
    ]);
    const result = await verifyPassportLog({ vkey: key, checkpoint: log.checkpoint, entries: log.entries });
    return result.ok && result.verified.some((v) => JSON.stringify(v.leaf.data).includes(`"${model}"`));
  },
};
