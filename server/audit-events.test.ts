import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from './test/test-app';

// Security-relevant actions leave structured audit lines, and none of them carries a password, token or hash.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => t.close());

const audits = () =>
  lines
    .map((l) => JSON.parse(l) as { audit?: { event: string; userId: string | null } })
    .filter((l) => l.audit)
    .map((l) => l.audit!);

describe('audit log', () => {
  it('records sign-ups, failed and successful sign-ins, password changes and sign-outs without secrets', async () => {
    const password = 'a long passphrase';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'audit@example.test', password, displayName: 'Audit' },
    });
    expect(reg.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'audit@example.test', password: 'wrong guess!' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'audit@example.test', password },
    });
    const cookie = sessionCookie(login);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: { currentPassword: password, newPassword: 'an even longer passphrase' },
    });
    expect(change.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });

    expect(audits().map((a) => a.event)).toEqual([
      'auth.register',
      'auth.login.failure',
      'auth.login.success',
      'auth.password.changed',
      'auth.logout',
    ]);
    const all = lines.join('\n');
    for (const secret of [password, 'wrong guess!', 'an even longer passphrase', cookie.slice(4)])
      expect(all).not.toContain(secret);
    expect(all).not.toMatch(/argon2id/);
  });
});
