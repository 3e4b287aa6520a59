import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});
afterAll(async () => t.close());

let ipCounter = 10;
const freshIp = () => `10.0.0.${ipCounter++}`;

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ error: expect.any(String), code: 'RATE_LIMITED' });
}

describe('rate limits at scale 1', () => {
  it('sign-in: 10 per 15 minutes per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: `p${i}@example.test`, password: 'wrong password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email: 'p99@example.test', password: 'wrong password' },
    });
    expectLimited(res);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('sign-in: 10 per 15 minutes per account and address; other addresses stay open', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: 'target@example.test', password: 'wrong password' },
      });
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: 'TARGET@example.test', password: 'wrong password' },
      }),
    );
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      payload: { email: 'target@example.test', password: 'wrong password' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('register: 5 per hour per IP', async () => {
    const ip = freshIp();
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: { email: `new${i}@example.test`, password: 'a long passphrase', displayName: 'New' },
      });
    for (let i = 0; i < 5; i++) expect((await register(i)).statusCode).toBe(201);
    expectLimited(await register(5));
  });

  it('reset requests: 3 per hour per email', async () => {
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-reset',
        remoteAddress: freshIp(),
        payload: { email: 'reset-me@example.test' },
      });
    for (let i = 0; i < 3; i++) expect((await request()).statusCode).toBe(200);
    expectLimited(await request());
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-reset',
      payload: { email: 'someone-else@example.test' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('handle checks: 60 per minute per IP', async () => {
    const ip = freshIp();
    const check = () =>
      t.app.inject({ url: '/api/slug/check?kind=user&slug=some-handle', remoteAddress: ip });
    for (let i = 0; i < 60; i++) expect((await check()).statusCode).toBe(200);
    expectLimited(await check());
  });

  it('uploads: 60 per hour per user (avatar)', async () => {
    const { cookie } = await signedInUser(t);
    // A refused upload (not multipart) still counts: the limit guards the work of reading the request.
    const upload = () =>
      t.app.inject({ method: 'POST', url: '/api/account/avatar', headers: { cookie }, payload: {} });
    for (let i = 0; i < 60; i++) expect((await upload()).statusCode).toBe(415);
    expectLimited(await upload());
  });
});
