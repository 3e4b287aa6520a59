import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';
import { api, luthierWithShop } from './registry-test-kit';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Held Offer Bench');
});
afterAll(async () => t.close());

const mailTo = (to: string): MailMessage[] => t.mail.filter((m) => m.to === to);
const tokenIn = (mail: MailMessage | undefined) => {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link in ${mail?.text}`);
  return match[1];
};
const inbox = async (cookie: string) =>
  (await api(t, cookie).get('/api/notifications')).json<{
    items: { type: string; link: string | null; title: string }[];
  }>().items;

async function register(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'a long passphrase', displayName: 'Future Owner' },
  });
  expect(res.statusCode).toBe(201);
  return sessionCookie(res);
}

const verify = (cookie: string, token: string) => api(t, cookie).post('/api/auth/verify-email', { token });

describe('a first-owner offer held until the address is proven', () => {
  it('reaches the inbox when its recipient proves the address, once, and nobody else’s', async () => {
    const email = 'held-first-owner@example.test';
    const cookie = await register(email);
    const squatter = await register('someone-else@example.test');
    const made = await api(t, maker.cookie).post('/api/registry/instruments', {
      name: 'Held Offer Guitar',
      instrumentType: 'guitar',
      category: 'classical',
      yearMade: 2024,
      firstOwner: email,
      firstOwnerMethod: 'commission',
    });
    expect(made.statusCode).toBe(201);
    // Unproven: the offer is mailed to the address, but the account that claims it neither sees nor is told.
    await t.app.inject({ url: '/api/health' });
    expect(mailTo(email).some((m) => m.subject.endsWith(' offers you Held Offer Guitar'))).toBe(true);
    expect((await inbox(cookie)).filter((n) => n.type === 'offer_received')).toEqual([]);
    expect((await api(t, cookie).get('/api/registry/transfers')).json().incoming).toEqual([]);

    // Proving another address tells that account nothing.
    const otherToken = tokenIn(mailTo('someone-else@example.test').at(-1));
    expect((await verify(squatter, otherToken)).statusCode).toBe(200);
    expect((await inbox(squatter)).filter((n) => n.type === 'offer_received')).toEqual([]);

    const token = tokenIn(mailTo(email).find((m) => /verify-email/.test(m.text)));
    expect((await verify(cookie, token)).statusCode).toBe(200);
    const incoming = (await api(t, cookie).get('/api/registry/transfers')).json().incoming as {
      id: string;
    }[];
    expect(incoming).toHaveLength(1);
    const offers = (await inbox(cookie)).filter((n) => n.type === 'offer_received');
    expect(offers).toEqual([
      expect.objectContaining({
        link: `/transfers/${incoming[0]!.id}`,
        title: 'An instrument is offered to you: Held Offer Guitar',
      }),
    ]);

    // Proving the address again (a second link) does not announce the same offer twice.
    expect((await api(t, cookie).post('/api/auth/verify-email/resend')).statusCode).toBeLessThan(500);
    const again = mailTo(email)
      .filter((m) => /verify-email/.test(m.text))
      .at(-1);
    if (again && tokenIn(again) !== token) await verify(cookie, tokenIn(again));
    expect((await inbox(cookie)).filter((n) => n.type === 'offer_received')).toHaveLength(1);
  });
});
