import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app';
import { SESSION_TTL_MS, userColumns } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const expiresIn = (ms: number) => new Date(Date.now() + ms);

describe('session lookup (one prepared statement per request)', () => {
  it('knows the person, many times over, and each person as themselves', async () => {
    const a = await signedInUser(t, { displayName: 'Ada Session' });
    const b = await signedInUser(t, { displayName: 'Bo Session' });
    for (let i = 0; i < 3; i++) {
      expect((await me(a.cookie)).json().user).toMatchObject({ id: a.user.id, displayName: 'Ada Session' });
      expect((await me(b.cookie)).json().user).toMatchObject({ id: b.user.id, displayName: 'Bo Session' });
    }
  });

  it('gives the person every field as Drizzle maps them (the lookup runs through the driver itself)', async () => {
    const { cookie, user } = await signedInUser(t, { displayName: 'Cy Fields' });
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), handle: 'cy-fields' })
      .where(eq(users.id, user.id));
    const [expected] = await t.db.select(userColumns).from(users).where(eq(users.id, user.id));
    expect(expected).toMatchObject({ emailVerified: true, handle: 'cy-fields', role: 'user' });
    expect((await me(cookie)).json().user).toEqual(expected);
  });

  it('refuses an expired session and clears its cookie', async () => {
    const { cookie } = await signedInUser(t);
    await t.db.update(sessions).set({ expiresAt: expiresIn(-1000) });
    const res = await me(cookie);
    expect(res.json().user).toBeNull();
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
  });

  it('slides a session that is older than a day, and leaves a fresh one alone', async () => {
    const { cookie } = await signedInUser(t);
    const fresh = await me(cookie);
    expect(fresh.json().user).not.toBeNull();
    expect(fresh.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    // Every session now ends in 15 days: only the one this request carries slides back to 30.
    const soon = expiresIn(SESSION_TTL_MS / 2);
    await t.db.update(sessions).set({ expiresAt: soon });
    const slid = await me(cookie);
    expect(slid.json().user).not.toBeNull();
    expect(slid.cookies.find((c) => c.name === 'sid')?.value).toBe(cookie.slice('sid='.length));
    const ends = (await t.db.select({ at: sessions.expiresAt }).from(sessions)).map((r) => r.at.getTime());
    expect(ends.filter((at) => at > soon.getTime() + 1000)).toHaveLength(1);
  });
});
