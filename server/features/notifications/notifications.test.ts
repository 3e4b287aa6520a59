import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { notifications } from '../../db/schema';
import {
  notificationMailAttempts,
  notify,
  settleNotificationMail,
  type NotificationInput,
} from '../../notify/notifications';
import { api } from '../registry/registry-test-kit';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = {
    db: t.db,
    env: t.env,
    mailer: {
      send: async (m) => {
        t.mail.push(m);
      },
    },
    media: undefined as never,
    ping: async () => undefined,
  };
});
afterAll(async () => t.close());

const item = (userId: string, over: Partial<NotificationInput> = {}): NotificationInput => ({
  userId,
  kind: 'offer_received',
  title: 'An offer for "Blue Guitar"',
  body: 'Someone offered you an instrument.',
  link: '/transfers',
  ...over,
});

describe('inbox', () => {
  it('lists newest first with the unread count; read and read-all touch only your own', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await notify(ctx, t.db, [item(owner.user.id, { title: 'first' })]);
    await notify(ctx, t.db, [
      item(owner.user.id, { title: 'second' }),
      item(other.user.id, { title: 'theirs' }),
    ]);
    const mine = await api(t, owner.cookie).get('/api/notifications');
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.unread).toBe(2);
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['second', 'first']);
    expect(body.items[0]).toMatchObject({ type: 'offer_received', link: '/transfers', readAt: null });

    const theirs = (await api(t, other.cookie).get('/api/notifications')).json().items[0].id as string;
    expect((await api(t, owner.cookie).post(`/api/notifications/${theirs}/read`)).statusCode).toBe(404);
    expect((await api(t, owner.cookie).post('/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
    expect((await api(t, other.cookie).get('/api/notifications')).json().unread).toBe(1);

    const firstId = body.items[1].id as string;
    expect((await api(t, owner.cookie).post(`/api/notifications/${firstId}/read`)).statusCode).toBe(200);
    const after = (await api(t, owner.cookie).get('/api/notifications')).json();
    expect(after.unread).toBe(1);
    expect(after.items[1].readAt).not.toBeNull();

    await api(t, owner.cookie).post('/api/notifications/read-all');
    expect((await api(t, owner.cookie).get('/api/notifications')).json().unread).toBe(0);
    expect((await api(t, other.cookie).get('/api/notifications')).json().unread).toBe(1);
  });

  it('needs sign-in', async () => {
    expect((await api(t, null).get('/api/notifications')).statusCode).toBe(401);
    expect((await api(t, null).post('/api/notifications/read-all')).statusCode).toBe(401);
    expect((await api(t, null).get('/api/account/notification-preferences')).statusCode).toBe(401);
  });

  it('shows at most 50 entries but counts every unread one', async () => {
    const owner = await signedInUser(t);
    await notify(
      ctx,
      t.db,
      Array.from({ length: 55 }, (_, i) => item(owner.user.id, { title: `n${i}` })),
    );
    const body = (await api(t, owner.cookie).get('/api/notifications')).json();
    expect(body.items).toHaveLength(50);
    expect(body.unread).toBe(55);
  });
});

/** Yields to I/O until `done`: no fixed wait, each turn is one pass of the event loop. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('notification mail', () => {
  it('is sent only after the transaction commits, and never for a rolled-back one', async () => {
    const owner = await signedInUser(t, { email: 'commit@example.test' });
    const sent = () => t.mail.filter((m) => m.to === 'commit@example.test').length;
    await settleNotificationMail();
    await t.db.transaction(async (tx) => {
      const before = notificationMailAttempts();
      await notify(ctx, tx, [item(owner.user.id, { title: 'inside' })]);
      // On PostgreSQL the flush looks at once, finds the transaction open and sends nothing. (PGlite runs one
      // statement at a time, so there the flush cannot look before the commit.)
      if (t.database.kind === 'postgres') await until(() => notificationMailAttempts() > before);
      expect(sent()).toBe(0);
    });
    await settleNotificationMail();
    expect(sent()).toBe(1);

    await t.db
      .transaction(async (tx) => {
        await notify(ctx, tx, [item(owner.user.id, { title: 'rolled back' })]);
        throw new Error('abort');
      })
      .catch(() => undefined);
    // The flush finds the transaction aborted and stops: settling does not wait on any retry.
    await settleNotificationMail();
    expect(sent()).toBe(1);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(rows.map((r) => r.title)).toEqual(['inside']);
    expect(rows[0]?.mailPending).toBe(false);
  });

  it('follows the preferences per kind; security notices are always mailed', async () => {
    const owner = await signedInUser(t, { email: 'prefs@example.test' });
    const prefs = await api(t, owner.cookie).get('/api/account/notification-preferences');
    expect(prefs.json().mail.offer_received).toBe(true);
    const put = await api(t, owner.cookie).put('/api/account/notification-preferences', {
      mail: { offer_received: false, password_changed: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().mail).toMatchObject({
      offer_received: false,
      password_changed: true,
      offer_accepted: true,
    });
    expect(
      (await api(t, owner.cookie).put('/api/account/notification-preferences', { mail: { nonsense: true } }))
        .statusCode,
    ).toBe(400);

    await notify(ctx, t.db, [
      item(owner.user.id, { title: 'muted offer' }),
      item(owner.user.id, {
        kind: 'password_changed',
        title: 'Your password was changed',
        link: '/settings',
      }),
    ]);
    await settleNotificationMail();
    const subjects = t.mail.filter((m) => m.to === 'prefs@example.test').map((m) => m.subject);
    expect(subjects).toEqual(['Your password was changed']);
    // The inbox has both.
    expect((await api(t, owner.cookie).get('/api/notifications')).json().unread).toBe(2);
  });

  it('puts no user text in a link: links are site paths, names are defanged', async () => {
    const owner = await signedInUser(t, { email: 'links@example.test' });
    await notify(ctx, t.db, [
      item(owner.user.id, {
        title: 'Message from https://evil.example/login',
        body: 'Shop "www.evil.example" wrote: visit evil.example or mail me@evil.example',
        link: '/instruments/123',
      }),
    ]);
    await settleNotificationMail();
    const mail = t.mail.filter((m) => m.to === 'links@example.test').at(-1);
    expect(mail?.text).toContain(`${t.env.publicUrl}/instruments/123`);
    expect(mail?.text).not.toMatch(/evil\.example/);
    expect(mail?.subject).not.toMatch(/https:\/\//);
    expect(mail?.text).toContain('www[.]evil[.]example');
    await expect(notify(ctx, t.db, [item(owner.user.id, { link: 'https://evil.example' })])).rejects.toThrow(
      /unsafe/,
    );
    await expect(notify(ctx, t.db, [item(owner.user.id, { link: '//evil.example' })])).rejects.toThrow(
      /unsafe/,
    );
  });

  it('a failing mail server leaves the inbox entry', async () => {
    const owner = await signedInUser(t);
    const failing: AppContext = { ...ctx, mailer: { send: () => Promise.reject(new Error('smtp down')) } };
    await notify(failing, t.db, [item(owner.user.id)]);
    await settleNotificationMail();
    expect((await api(t, owner.cookie).get('/api/notifications')).json().unread).toBe(1);
  });
});
