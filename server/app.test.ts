import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './db/builders/academy';
import { createShop, createUser } from './db/builders/accounts';
import { createInstrument } from './db/builders/registry';
import { sharedResponse } from './plugins/etag';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ clientDir });
  t.app.get('/api/test/explode', async () => {
    throw new Error('secret detail at /srv/app/file.ts: SELECT * FROM users');
  });
  t.app.get('/api/test/shared', async (_request, reply) =>
    sharedResponse(reply).send({ courses: [1, 2, 3] }),
  );
  t.app.get('/api/test/db/:value', async (request) => {
    const { value } = request.params as { value: string };
    await t.db.execute(sql`select ${value}::uuid`);
    return { ok: true };
  });
  t.app.post('/api/test/echo', async (request) => ({ body: request.body }));
});

afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('lifecycle endpoints', () => {
  it('healthz answers while the process is up', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readyz answers 200 when the database does', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
  });

  it('readyz answers 503 with Retry-After when the database does not', async () => {
    const down = await createTestApp({ ping: () => Promise.reject(new Error('connection refused')) });
    const res = await down.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 'unavailable', code: 'SERVICE_UNAVAILABLE' });
    await down.close();
  });
});

describe('errors', () => {
  it('unknown /api paths are JSON 404s in the error shape', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
  });

  it('an address no page has answers 404 with the app, which shows its not-found page', async () => {
    const res = await t.app.inject('/some/client/route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/registry/extra')).statusCode).toBe(404);
  });

  it('known pages answer 200, and a members page for a guest 200 with a noindex head', async () => {
    await createCourse(t.db, { id: 'course-1' });
    const person = await createUser(t.db, { handle: 'someone' });
    const shop = await createShop(t.db, person.id, { name: 'Someone Guitars' });
    const instrument = await createInstrument(t.db, { makerShopId: shop.id, name: 'A guitar' });
    const known = ['/registry', '/listing/course-1', '/u/someone', '/l/someone', '/check', '/luthiers'];
    for (const path of [...known, `/p/${instrument.passportCode}`, '/lessons/course-1-l1', '/instruments/x'])
      expect((await t.app.inject(path)).statusCode, path).toBe(200);
    // The page of a record that does not exist answers 404 (the app shows its not-found page), so search
    // engines do not index "not found" pages under real-looking addresses.
    // A public passport's page is the same for everyone: shared, with an ETag that turns a repeat into a 304.
    const page = await t.app.inject(`/p/${instrument.passportCode}`);
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.body).toContain(`<title>A guitar · ${instrument.passportCode} · Luthier Registry</title>`);
    const again = await t.app.inject({
      url: `/p/${instrument.passportCode}`,
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const path of [
      '/listing/no-such-course',
      '/u/nobody-here',
      '/l/nobody-here',
      '/p/LR-0000-0000',
      '/lessons/no-such-lesson',
      '/certificates/0000000000000000',
    ]) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    const settings = await t.app.inject('/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.body).toContain('<meta name="robots" content="noindex');
  });

  it('public pages get their own head tags in the HTML; the landing page carries the site JSON-LD', async () => {
    const res = await t.app.inject('/');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/" />');
    expect(res.body).toMatch(/"@type":"Organization"/);
    expect(res.body).toMatch(/"urlTemplate":"http:\/\/localhost:3000\/explore\?q=\{search_term_string\}"/);
    const registry = await t.app.inject('/registry');
    expect(registry.body).toContain('<title>Instrument registry · Luthier Registry</title>');
  });

  it('serves robots.txt and a sitemap', async () => {
    expect((await t.app.inject('/robots.txt')).body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/explore</loc>');
  });

  it('hashed assets are cached for a year', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a crash is a bare 500 without stack, SQL or path', async () => {
    const res = await t.app.inject('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' });
    expect(res.body).not.toMatch(/SELECT|\/srv|at |stack/);
  });

  it('input the database refuses (a NUL byte, a malformed id) is a 400, not a 500', async () => {
    for (const value of ['%00', 'not-a-uuid']) {
      const res = await t.app.inject(`/api/test/db/${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('an over-long or malformed path is refused in the error shape, without echoing it', async () => {
    const long = await t.app.inject(`/api/test/db/${'a'.repeat(3000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'This address is too long.', code: 'URI_TOO_LONG' });
    const bad = await t.app.inject('/api/test/db/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('malformed JSON is a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
  });

  it('an unsupported content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a body over 1 MB is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { big: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('text/plain JSON (the unload beacon) is parsed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{"a":1}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { a: 1 } });
  });
});

describe('caching', () => {
  it('shared public reads carry an ETag and answer 304 when unchanged', async () => {
    const first = await t.app.inject('/api/test/shared');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ url: '/api/test/shared', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/api/test/shared', headers: { 'if-none-match': 'W/"stale"' } });
    expect(other.statusCode).toBe(200);
  });

  it('personal JSON gets no ETag and no-store', async () => {
    const me = await t.app.inject('/api/auth/me');
    expect(me.headers.etag).toBeUndefined();
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

describe('security', () => {
  it('sets security headers and no-store on API responses', async () => {
    const res = await t.app.inject('/api/auth/me');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the public URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://luthiers.example' } });
    const res = await https.app.inject('/healthz');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    await https.close();
  });

  it.each([[{ origin: 'https://evil.example' }], [{ 'sec-fetch-site': 'cross-site' }], [{ origin: 'null' }]])(
    'refuses a state-changing request from another origin %o',
    async (headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CROSS_ORIGIN_REFUSED' });
    },
  );

  it('refuses the unload beacon (text/plain JSON) from another site too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{"videoProgressSeconds":10}',
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts same-origin requests', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { ok: 1 },
    });
    expect(res.statusCode).toBe(200);
  });

  it('does not answer CORS preflights for other origins', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
