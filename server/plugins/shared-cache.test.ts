import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShop, createUser } from '../db/builders/accounts';
import { createCourse } from '../db/builders/academy';
import { enrollments, shops } from '../db/schema';
import { api, luthierWithShop } from '../features/registry/registry-test-kit';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app';
import { sharedResponse, registerEtag } from './etag';
import { cacheKey, registerSharedCache } from './shared-cache';

describe('cacheKey', () => {
  it('orders parameters by name, keeps the order of repeated ones and leaves the encoding alone', () => {
    expect(cacheKey('/api/x')).toBe('/api/x');
    expect(cacheKey('/api/x?')).toBe('/api/x');
    expect(cacheKey('/api/x?b=2&a=1')).toBe('/api/x?a=1&b=2');
    expect(cacheKey('/api/x?a=1&b=2')).toBe('/api/x?a=1&b=2');
    expect(cacheKey('/api/x?t=2&a=1&t=1')).toBe('/api/x?a=1&t=2&t=1');
    expect(cacheKey('/api/x?q=a%20b&&flag')).toBe('/api/x?flag&q=a%20b');
  });
});

// The cache on its own, on a bare Fastify with a route whose handler counts its runs.
describe('the cache mechanics', () => {
  async function bareApp(options: { maxEntries?: number; maxEntryBytes?: number } = {}) {
    const app = Fastify();
    registerEtag(app);
    registerSharedCache(app, { ttlSeconds: 60, ...options });
    const runs = { count: 0 };
    let gate: Promise<void> = Promise.resolve();
    app.get('/api/item/:n', { config: { sharedCache: true } }, async (request, reply) => {
      runs.count += 1;
      await gate;
      const { n } = request.params as { n: string };
      return sharedResponse(reply).send({ n, padding: 'x'.repeat(Number(n)) });
    });
    app.post('/api/write', async () => ({ ok: true }));
    app.post('/api/refused', async (_request, reply) => reply.status(400).send({ error: 'no', code: 'X' }));
    app.post('/api/progress', { config: { keepsSharedCache: true } }, async () => ({ ok: true }));
    await app.ready();
    return {
      app,
      runs,
      /** Holds every handler started from now until the returned function is called. */
      hold: () => {
        let release = () => {};
        gate = new Promise((resolve) => (release = resolve));
        return () => release();
      },
    };
  }

  it('stores a 200 once and answers the same bytes and headers after', async () => {
    const { app, runs } = await bareApp();
    const first = await app.inject('/api/item/3');
    const second = await app.inject('/api/item/3');
    expect(runs.count).toBe(1);
    expect(second.body).toBe(first.body);
    for (const name of ['content-type', 'cache-control', 'vary', 'etag'])
      expect(second.headers[name]).toBe(first.headers[name]);
    expect((await app.inject({ method: 'HEAD', url: '/api/item/3' })).body).toBe('');
    expect(runs.count).toBe(1);
  });

  it('a successful write clears it; a refused one (4xx) and a write marked keepsSharedCache do not', async () => {
    const { app, runs } = await bareApp();
    await app.inject('/api/item/1');
    await app.inject({ method: 'POST', url: '/api/refused' });
    await app.inject({ method: 'POST', url: '/api/progress' });
    await app.inject('/api/item/1');
    expect(runs.count).toBe(1);
    await app.inject({ method: 'POST', url: '/api/write' });
    expect(app.sharedCache.size).toBe(0);
    await app.inject('/api/item/1');
    expect(runs.count).toBe(2);
  });

  it('a response computed while a write happened is not stored (it may hold the old data)', async () => {
    const { app, runs, hold } = await bareApp();
    const open = hold();
    const slow = app.inject('/api/item/2');
    await vi.waitFor(() => expect(runs.count).toBe(1));
    await app.inject({ method: 'POST', url: '/api/write' });
    open();
    expect((await slow).statusCode).toBe(200);
    expect(app.sharedCache.size).toBe(0);
    await app.inject('/api/item/2');
    await app.inject('/api/item/2');
    expect(runs.count).toBe(2);
  });

  it('keeps at most maxEntries (oldest go first) and skips bodies over maxEntryBytes', async () => {
    const { app, runs } = await bareApp({ maxEntries: 3, maxEntryBytes: 500 });
    for (const n of [1, 2, 3, 4]) await app.inject(`/api/item/${n}`);
    expect(app.sharedCache.size).toBe(3);
    await app.inject('/api/item/4');
    await app.inject('/api/item/1');
    expect(runs.count).toBe(5);
    await app.inject('/api/item/900');
    await app.inject('/api/item/900');
    expect(runs.count).toBe(7);
  });
});

// The product's shared reads, on the configured backend.
describe('shared reads in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createCourse(t.db, { id: 'cache-course', title: 'Cached Course' });
  });
  afterAll(async () => t.close());

  /** Counts the queries the app makes while `run` runs (every read here goes through db.select). */
  async function queriesDuring(run: () => Promise<unknown>) {
    const select = vi.spyOn(t.db, 'select');
    const execute = vi.spyOn(t.db, 'execute');
    try {
      await run();
      return select.mock.calls.length + execute.mock.calls.length;
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  }

  type Card = { id: string; students: number };
  const studentsOf = async (app: TestApp, courseId: string) =>
    (await app.app.inject('/api/lms/courses/explore')).json<Card[]>().find((c) => c.id === courseId)
      ?.students;
  const students = () => studentsOf(t, 'cache-course');

  it('a repeated read is answered without a database query, GET and HEAD alike', async () => {
    await t.app.inject('/api/registry/instruments?pageSize=5&type=guitar');
    const queries = await queriesDuring(async () => {
      const hit = await t.app.inject('/api/registry/instruments?type=guitar&pageSize=5');
      expect(hit.statusCode).toBe(200);
      expect(hit.headers['x-total-count']).toBe('0');
      const head = await t.app.inject({
        method: 'HEAD',
        url: '/api/registry/instruments?type=guitar&pageSize=5',
      });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });
    expect(queries).toBe(0);
  });

  it('answers 304 from the cache when the client has the same bytes', async () => {
    const first = await t.app.inject('/api/lms/courses/explore?sort=rating');
    const etag = String(first.headers.etag);
    const queries = await queriesDuring(async () => {
      const again = await t.app.inject({
        url: '/api/lms/courses/explore?sort=rating',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    });
    expect(queries).toBe(0);
  });

  it('free-text searches are not cached (their keys are unbounded)', async () => {
    await t.app.inject('/api/registry/instruments?search=maple');
    await t.app.inject('/api/lms/courses/explore?q=cached');
    const queries = await queriesDuring(async () => {
      await t.app.inject('/api/registry/instruments?search=maple');
      await t.app.inject('/api/lms/courses/explore?q=cached');
    });
    expect(queries).toBeGreaterThan(0);
  });

  it('registering an instrument makes the next list read fresh at once', async () => {
    const maker = await luthierWithShop(t, 'Fresh Reads');
    const before = await t.app.inject('/api/registry/instruments');
    const total = Number(before.headers['x-total-count']);
    const created = await api(t, maker.cookie).post('/api/registry/instruments', {
      name: 'Fresh Guitar',
      instrumentType: 'guitar',
      category: 'acoustic',
      yearMade: 2022,
    });
    expect(created.statusCode).toBe(201);
    const after = await t.app.inject('/api/registry/instruments');
    expect(Number(after.headers['x-total-count'])).toBe(total + 1);
    expect(after.json()[0].name).toBe('Fresh Guitar');
  });

  it('editing a shop makes the next shop page read fresh at once', async () => {
    const owner = await signedInUser(t, { role: 'luthier', handle: 'cache-shop' });
    await createShop(t.db, owner.user.id, { name: 'Before', published: true });
    expect((await t.app.inject('/api/profile/l/cache-shop')).json().name).toBe('Before');
    const edit = await api(t, owner.cookie).patch('/api/account/shop', {
      name: 'After',
      bio: '',
      workshopBio: '',
      location: 'Porto',
      establishedYear: 2010,
      specializations: [],
      published: true,
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.app.inject('/api/profile/l/cache-shop')).json().name).toBe('After');
  });

  it('an enrolment refreshes the student count; a free preview and later saves keep the cache', async () => {
    const learner = await signedInUser(t);
    const count = (await students()) ?? 0;
    // A free preview is a look before deciding: no enrolment, no student counted.
    const start = await api(t, learner.cookie).post('/api/lms/lessons/cache-course-l1/start');
    expect(start.statusCode).toBe(200);
    expect((await students()) ?? 0).toBe(count);
    const enrol = await api(t, learner.cookie).post('/api/lms/courses/cache-course/enroll');
    expect(enrol.statusCode).toBe(200);
    expect(await students()).toBe(count + 1);
    const size = t.app.sharedCache.size;
    expect(size).toBeGreaterThan(0);
    await api(t, learner.cookie).post('/api/lms/lessons/cache-course-l1/video-progress', {
      videoProgressSeconds: 10,
    });
    expect(t.app.sharedCache.size).toBe(size);
  });

  it('a change made outside the API shows once the entry expires', async () => {
    const short = await createTestApp({ env: { SHARED_CACHE_SECONDS: '1' } });
    try {
      const owner = await createUser(short.db, { role: 'luthier', handle: 'ttl-shop' });
      await createShop(short.db, owner.id, { name: 'Old Name', published: true });
      // Only Date is faked (the database's own timers run as usual): the second passes without waiting for it.
      vi.useFakeTimers({ toFake: ['Date'] });
      const name = async () =>
        (await short.app.inject('/api/profile/l/ttl-shop')).json<{ name: string }>().name;
      expect(await name()).toBe('Old Name');
      await short.db.update(shops).set({ name: 'New Name' }).where(eq(shops.ownerId, owner.id));
      expect(await name()).toBe('Old Name');
      vi.advanceTimersByTime(999);
      expect(await name()).toBe('Old Name');
      vi.advanceTimersByTime(1);
      expect(await name()).toBe('New Name');
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('signed-in callers share only the caller-independent reads, and never a Set-Cookie', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    // A stale session cookie gets a clearing Set-Cookie on the miss that stores the entry...
    const stale = await t.app.inject({
      url: '/api/lms/courses/explore?level=beginner',
      headers: { cookie: 'sid=not-a-session' },
    });
    expect(String(stale.headers['set-cookie'])).toContain('sid=;');
    // ...which the hits served to everyone else never repeat.
    const hit = await t.app.inject({
      url: '/api/lms/courses/explore?level=beginner',
      headers: { cookie: a.cookie },
    });
    expect(hit.body).toBe(stale.body);
    expect(hit.headers['set-cookie']).toBeUndefined();
    // Personal reads are not cached: A's bookmark never shows in B's listing.
    const listing = (cookie: string) =>
      t.app.inject({ url: '/api/lms/courses/listing/cache-course', headers: { cookie } });
    expect((await listing(b.cookie)).json().bookmarked).toBe(false);
    await api(t, a.cookie).post('/api/lms/courses/cache-course/bookmark');
    expect((await listing(a.cookie)).json().bookmarked).toBe(true);
    expect((await listing(b.cookie)).json().bookmarked).toBe(false);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: b.cookie } })).json().user.id).toBe(
      b.user.id,
    );
  });

  it('SHARED_CACHE_SECONDS=0 turns it off', async () => {
    const off = await createTestApp({ env: { SHARED_CACHE_SECONDS: '0' } });
    try {
      await createCourse(off.db, { id: 'off-course' });
      const read = () => studentsOf(off, 'off-course');
      expect(await read()).toBe(0);
      const user = await createUser(off.db, {});
      await off.db.insert(enrollments).values({ userId: user.id, courseId: 'off-course' });
      expect(await read()).toBe(1);
      expect(off.app.sharedCache.size).toBe(0);
      // No hook at all: the routes cost what they did before the cache.
      const hooks = (app: TestApp) => app.app.printRoutes({ includeHooks: true, commonPrefix: false });
      expect(hooks(t)).toMatch(/lookUp\(\)[\s\S]*clearAfterWrite\(\)|clearAfterWrite\(\)[\s\S]*lookUp\(\)/);
      expect(hooks(off)).not.toMatch(/lookUp\(\)|store\(\)|clearAfterWrite\(\)/);
    } finally {
      await off.close();
    }
  });

  it('does not change what the routes answer (same body as a fresh read)', async () => {
    const cached = await t.app.inject('/api/lms/courses/explore?category=classical');
    const again = await t.app.inject('/api/lms/courses/explore?category=classical');
    t.app.sharedCache.invalidate();
    const fresh = await t.app.inject('/api/lms/courses/explore?category=classical');
    expect(again.body).toBe(cached.body);
    expect(fresh.body).toBe(cached.body);
  });
});
