// A benchmark target, run as its own process so the load generator never shares its event loop:
//   tsx bench/targets.ts A|B|C <port> <bytes-file>
// A: bare node:http, B: bare Fastify, C: buildApp() with every production plugin; all three answer the same
// bytes from memory, so B/A and C/B isolate the framework's and the plugins' costs.
import fs from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { readEnv } from '../server/env';
import { createMemoryMailer } from '../server/mail/mailer';
import { createMediaStore } from '../server/media/media-store';

const [variant, portArg, bytesFile] = process.argv.slice(2);
const port = Number(portArg);
const bytes = fs.readFileSync(bytesFile ?? '');
const type = 'application/json; charset=utf-8';

if (variant === 'A') {
  http
    .createServer((_req, res) => {
      res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
      res.end(bytes);
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
} else if (variant === 'B') {
  const app = Fastify();
  app.get('/api/bench', async (_request, reply) => reply.type(type).send(bytes));
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
} else if (variant === 'C') {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const app = await buildApp({
    db: database.db,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PORT: String(port) }),
    mailer: createMemoryMailer(),
    media: createMediaStore(database.db, { storage: 'fs', dir: '/tmp/bench-media' }),
    ping: () => database.ping(),
  });
  app.get('/api/bench', async (_request, reply) => reply.type(type).send(bytes));
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
} else {
  console.error(`unknown variant ${variant}`);
  process.exit(2);
}
