// A benchmark target, run as its own process so the load generator never shares its event loop:
//   tsx bench/targets.ts A|B|C <port> <bodies-dir>
// The folder holds one file per endpoint (0, 1, ...: the exact bytes the real server answered); each is served
// at /api/bench/<n>. A: bare node:http; B: the fastest idiomatic Fastify (no logger, sync handler, headers
// prepared once); C: buildApp() with every production plugin and B's handler. A and B send the same headers and
// bytes, so B/A is the framework's cost alone and C/B the plugins'.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { readEnv } from '../server/env';
import { createMemoryMailer } from '../server/mail/mailer';
import { createMediaStore } from '../server/media/media-store';

const [variant, portArg, bodiesDir = ''] = process.argv.slice(2);
// A clean exit on SIGTERM, so `node --cpu-prof bench/targets.ts …` writes its profile when stopped.
process.on('SIGTERM', () => process.exit(0));
const port = Number(portArg);
const routes = fs
  .readdirSync(bodiesDir)
  .sort()
  .map((name) => {
    const body = fs.readFileSync(path.join(bodiesDir, name));
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
    return { url: `/api/bench/${name}`, body, headers };
  });

function addRoutes(app: FastifyInstance): void {
  for (const r of routes)
    app.get(r.url, (_request, reply) => {
      reply.headers(r.headers).send(r.body);
    });
}

if (variant === 'A') {
  const byUrl = new Map(routes.map((r) => [r.url, r]));
  const server = http.createServer((req, res) => {
    const r = byUrl.get(req.url ?? '');
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, r.headers);
    res.end(r.body);
  });
  // Fastify's default, so both send the same Keep-Alive header.
  server.keepAliveTimeout = 72_000;
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
} else if (variant === 'B') {
  const app = Fastify({ logger: false });
  addRoutes(app);
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
} else if (variant === 'C') {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const app = await buildApp({
    db: database.db,
    env: readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', LOG_LEVEL: 'silent', PORT: String(port) }),
    mailer: createMemoryMailer(),
    media: createMediaStore(database.db, { storage: 'fs', dir: '/tmp/bench-media' }),
    ping: () => database.ping(),
  });
  addRoutes(app);
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
} else {
  console.error(`unknown variant ${variant}`);
  process.exit(2);
}
