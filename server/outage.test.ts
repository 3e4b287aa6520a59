import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { readEnv } from './env';
import { createMemoryMailer } from './mail/mailer';
import { createMediaStore } from './media/media-store';
import { startTcpProxy } from './test/tcp-proxy';
import { createPostgresDatabase, testBackend } from './test/test-db';
import type { FastifyInstance } from 'fastify';

// PostgreSQL goes away (a restart, a network cut): requests fail fast with 503 + Retry-After, /readyz says so,
// the process stays up, and it recovers by itself once the database is back.
describe.runIf(testBackend === 'postgres')('database outage', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let pgDb: { url: string; drop: () => Promise<void> };
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    const target = new URL(pgDb.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(pgDb.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({ url: viaProxy.toString(), poolSize: 4 });
    await migrateDatabase(database);
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: viaProxy.toString() });
    app = await buildApp({
      db: database.db,
      env,
      mailer: createMemoryMailer(),
      media: createMediaStore(database.db, { storage: 'db', dir: '/nonexistent' }),
      ping: () => database.ping(),
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.close();
    await pgDb.drop();
  });

  const register = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a long passphrase', displayName: 'Outage' },
    });

  it('answers 503 with Retry-After while the database is down, then recovers within 5 s', async () => {
    expect((await register('before@example.test')).statusCode).toBe(201);

    await proxy.cut();
    const started = Date.now();
    const down = await register('during@example.test');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    await proxy.restore();
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await app.inject('/readyz')).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await register('after@example.test')).statusCode).toBe(201);
  }, 30_000);
});
