import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../db/builders/accounts';
import { createInstrument } from '../db/builders/registry';
import { createTestApp, type TestApp } from '../test/test-app';

// The log is public data a monitor or verifier on another site reads from a browser: its reads answer any
// origin (without credentials); no other endpoint gains CORS.

let t: TestApp;
let code: string;
const origin = 'https://monitor.example';

beforeAll(async () => {
  t = await createTestApp();
  const maker = await createUser(t.db, { displayName: 'Mara Wood', role: 'luthier', handle: 'mara-wood' });
  const shop = await createShop(t.db, maker.id, { name: 'Wood & Wire', published: true });
  code = (await createInstrument(t.db, { makerShopId: shop.id, name: 'Open Guitar' })).passportCode;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { origin } });

describe('reads of the log from any origin', () => {
  it.each([
    '/log/checkpoint',
    '/log/policy',
    '/log/tile/0/000',
    '/log/tile/entries/000',
    '/index/checkpoint',
    '/api/log/key',
    '/api/log/checkpoint',
    '/api/log/witnesses',
    '/api/log/entries/0',
    '/api/log/proof/inclusion?index=0&size=1',
  ])('%s answers Access-Control-Allow-Origin: * (errors too), never with credentials', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('ETag');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { origin } });
    expect(head.headers['access-control-allow-origin']).toBe('*');
  });

  it.each([
    '/api/auth/me',
    '/api/registry/instruments',
    '/api/public/passports/{code}',
    '/p/{code}/dossier.pdf',
    '/api/lms/courses/explore',
    '/logout',
    '/login',
    '/logbook',
    '/api/logs',
  ])('%s stays same-origin', async (url) => {
    const res = await get(url.replace('{code}', code));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('writes never gain CORS: a cross-site POST under /api/log is refused as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/log/checkpoint',
      headers: { origin },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
