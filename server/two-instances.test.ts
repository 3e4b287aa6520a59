import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { createUser } from './db/builders/accounts';
import { createCourse } from './db/builders/academy';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { enrollments, sessions } from './db/schema';
import { readEnv } from './env';
import { createMemoryMailer } from './mail/mailer';
import { createMediaStore } from './media/media-store';
import { redisStore } from './plugins/rate-limit';
import { hashToken } from './plugins/sessions';
import { redisInvalidationBus } from './plugins/shared-cache';
import { createPostgresDatabase, testBackend } from './test/test-db';
import { sessionCookie } from './test/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two app instances on one PostgreSQL and one Redis, requests alternating between them.
describe.runIf(testBackend === 'postgres')('two instances', () => {
  let pgDb: { url: string; drop: () => Promise<void> };
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  // A channel of this run's own, so other runs sharing the Redis server cannot clear these caches.
  const channel = `shared-cache:test:${crypto.randomBytes(6).toString('hex')}`;
  // Rate-limit counters of this run's own too: the sign-up limit (5 an hour per IP) would otherwise count every
  // run on this machine's Redis and refuse the third within an hour.
  const limitPrefix = `rl:test:${crypto.randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: pgDb.url, poolSize: 3 });
      if (i === 0) await migrateDatabase(database);
      databases.push(database);
      const bus = redisInvalidationBus(REDIS_URL, () => undefined, channel);
      await bus.ready;
      const app = await buildApp({
        db: database.db,
        env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: pgDb.url }),
        mailer: createMemoryMailer(),
        media: createMediaStore(database.db, { storage: 'db', dir: '/nonexistent' }),
        ping: () => database.ping(),
        rateLimitStore: redisStore(REDIS_URL, () => undefined, limitPrefix),
        sharedCacheBus: bus,
      });
      app.get('/api/test/limited/:key', async (request) => {
        await app.rateLimit(`test:${(request.params as { key: string }).key}`, 3, 60_000);
        return { ok: true };
      });
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await pgDb.drop();
  });

  it('a session made on one instance works on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const reg = await a.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'two@example.test', password: 'a long passphrase', displayName: 'Two' },
    });
    expect(reg.statusCode).toBe(201);
    const me = await b.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(reg) } });
    expect(me.json().user.email).toBe('two@example.test');
    await b.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: sessionCookie(reg) } });
    expect((await a.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(reg) } })).json()).toEqual(
      { user: null },
    );
  });

  it('rate limits count across both instances', async () => {
    const key = crypto.randomBytes(6).toString('hex');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await apps[i % 2]!.inject(`/api/test/limited/${key}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('sign-in failures are counted across both instances, and a device cookie from one is known to the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const owner = await createUser(databases[0]!.db, { password: 'owner passphrase 2026' });
    const signIn = (app: FastifyInstance, password: string, ip: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: owner.email, password },
        headers: cookie ? { cookie } : {},
      });
    const first = await signIn(a, 'owner passphrase 2026', '10.77.0.1');
    const device = first.cookies.find((c) => c.name === 'did');
    expect(device?.value).toMatch(/^[\w.-]{40,}$/);
    // The failure budget for unknown devices (50 per 15 minutes), spent from ten addresses through both instances.
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await signIn(apps[i % 2]!, `guess ${i}`, `10.77.1.${i % 10}`)).statusCode);
    expect(statuses).toEqual(statuses.map(() => 401));
    expect((await signIn(b, 'owner passphrase 2026', '10.77.2.1')).statusCode).toBe(429);
    expect((await signIn(b, 'owner passphrase 2026', '10.77.2.2', `did=${device!.value}`)).statusCode).toBe(
      200,
    );
  }, 60_000);

  it('progress saves sent through both instances, concurrently and out of order, all land and both instances agree', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await createCourse(databases[0]!.db, {
      id: 'ti',
      title: 'Two Instances',
      sections: [{ title: 'One', lessons: [{ title: 'Only', free: true, durationMinutes: 2 }] }],
    });
    const reg = await a.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'learner2@example.test', password: 'a long passphrase', displayName: 'Learner' },
    });
    const cookie = sessionCookie(reg);
    const positions = [10, 30, 20, 60, 45, 90, 70];
    const saves = await Promise.all(
      positions.map((seconds, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/lms/lessons/ti-l1/video-progress',
          headers: { cookie },
          payload: { videoProgressSeconds: seconds, eventData: { totalTime: seconds } },
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(positions.map(() => 200));
    // Saves queue on the progress row's lock, whichever instance takes them: both instances then answer the same
    // record, the resume point is one of the positions sent, and no time is credited beyond the real time that
    // passed (the saves claim up to 90 s within a fraction of a second).
    const [fromA, fromB] = await Promise.all(
      [a, b].map(async (app) =>
        (await app.inject({ url: '/api/lms/lessons/ti-l1/progress', headers: { cookie } })).json<{
          lastPosition: number;
          timeSpent: number;
        }>(),
      ),
    );
    expect(fromA).toEqual(fromB);
    expect(positions).toContain(fromA?.lastPosition);
    expect(fromA?.timeSpent).toBeLessThanOrEqual(5);
  });

  it('an image stored through one instance is served by the other', async () => {
    const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#8b5a2b' } })
      .png()
      .toBuffer();
    const stored = await createMediaStore(databases[0]!.db, { storage: 'db', dir: '/nonexistent' }).save(
      png,
      'test',
      null,
    );
    const res = await apps[1]!.inject(`/media/${stored.id}/320.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("a write through one instance clears the other's shared cache", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await createCourse(databases[0]!.db, { id: 'tc', title: 'Two Caches' });
    const students = async () =>
      (await b.inject('/api/lms/courses/explore'))
        .json<{ id: string; students: number }[]>()
        .find((c) => c.id === 'tc')?.students;
    expect(await students()).toBe(0);
    // Written behind the API's back: instance 2 keeps answering from its cache...
    const someone = await createUser(databases[0]!.db, {});
    await databases[0]!.db.insert(enrollments).values({ userId: someone.id, courseId: 'tc' });
    expect(await students()).toBe(0);
    // ...until a write through instance 1 reaches it over Redis. (The learner's session is made directly: the
    // sign-up limit per IP lives in the shared Redis for an hour, across runs.)
    const learner = await createUser(databases[0]!.db, {});
    const token = crypto.randomBytes(32).toString('base64url');
    await databases[0]!.db
      .insert(sessions)
      .values({ id: hashToken(token), userId: learner.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const enrol = await a.inject({
      method: 'POST',
      url: '/api/lms/courses/tc/enroll',
      headers: { cookie: `sid=${token}` },
    });
    expect(enrol.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await students()).toBe(2), { timeout: 2000, interval: 20 });
  });
});
