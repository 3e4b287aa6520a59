// A black-box fuzz run over HTTP against a running server on this machine, for a fixed time:
//   npm run fuzz:live -- http://127.0.0.1:3000 300
// Every route the app registers gets hostile paths, queries, bodies and content types, half of them signed in as
// the demo luthier. Any 5xx, dropped connection or leaked internals is printed; the exit code is 1 if any.
import http from 'node:http';
import fc from 'fast-check';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { readEnv } from '../server/env';
import { createMemoryMailer } from '../server/mail/mailer';
import { createMediaStore } from '../server/media/media-store';
import { bodyAndType, fillPath, hostilePathValues, hostileQuery } from '../server/test/hostile-input';

const [base = 'http://127.0.0.1:3000', secondsArg = '300'] = process.argv.slice(2);
const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error('fuzz-live only targets a server on this machine (127.0.0.1, localhost or ::1).');
  process.exit(2);
}
const deadline = Date.now() + Number(secondsArg) * 1000;

async function routeList() {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const app = await buildApp({
    db: database.db,
    env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    mailer: createMemoryMailer(),
    media: createMediaStore(database.db, { storage: 'fs', dir: '/nonexistent' }),
    ping: () => database.ping(),
  });
  const routes = app.routeList.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/media/'));
  await app.close();
  await database.close();
  return routes;
}

/**
 * One request on its own connection (no keep-alive), so a socket the server closes on purpose after refusing an
 * oversize request line (414/431) is never reused for the next request.
 */
function send(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // An explicit length: Node sends a DELETE body unframed otherwise, which the server rightly reads as garbage.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(url, { method, headers: { ...headers, ...length }, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signIn(): Promise<string | null> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'luthier@example.com', password: 'luthier-demo-2026' }),
  });
  // The session cookie by name: a sign-in also sets the device cookie.
  return res.ok ? (/(?:^|,\s*)(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null) : null;
}

const routes = await routeList();
const cookie = await signIn();
const sample = fc.tuple(hostilePathValues, hostileQuery, bodyAndType, fc.boolean());
const statuses = new Map<number, number>();
const failures: string[] = [];
let sent = 0;

async function worker(seed: number): Promise<void> {
  let n = seed;
  while (Date.now() < deadline) {
    const route = routes[n % routes.length]!;
    const drawn = fc.sample(sample, { numRuns: 1, seed: n })[0];
    n += 7919;
    if (!drawn) continue;
    const [params, query, body, signedIn] = drawn;
    const url = new URL(fillPath(route.url, params), base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const label = `${route.method} ${url.pathname.slice(0, 120)}`;
    try {
      const res = await send(
        route.method,
        url,
        {
          ...(body.type ? { 'content-type': body.type } : {}),
          ...(signedIn && cookie ? { cookie } : {}),
        },
        route.method === 'GET' ? undefined : body.payload,
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`);
      else if (/node_modules|at [A-Za-z.]+ \(|SELECT |INSERT /.test(res.text))
        failures.push(`${label} leaked: ${res.text.slice(0, 200)}`);
    } catch (error) {
      failures.push(`${label} (${url.href.length} chars) → connection failed: ${String(error)}`);
    }
    sent += 1;
  }
}

await Promise.all([1, 2, 3, 4].map((i) => worker(i * 104729)));
const byStatus = [...statuses.entries()]
  .sort(([a], [b]) => a - b)
  .map(([s, c]) => `${s}×${c}`)
  .join(' ');
console.log(
  `fuzz-live: ${sent} requests over ${routes.length} routes in ${secondsArg} s; statuses ${byStatus}`,
);
for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
console.log(
  failures.length ? `${failures.length} failure(s)` : 'no 5xx, no dropped connection, nothing leaked',
);
process.exit(failures.length ? 1 : 0);
