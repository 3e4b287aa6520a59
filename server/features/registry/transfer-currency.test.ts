import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../../db/schema';
import { settleNotificationMail } from '../../notify/notifications';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

// An offer's private price carries its currency: the same ISO 4217 codes as listings, kept with the offer and the
// buyer's ownership record, shown with its symbol to the two sides (offers, inbox, mail), never to anyone else.

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Currency Bench');
  buyer = await signedInUser(t, { displayName: 'Yoko Buyer', handle: 'yoko-buyer' });
});
afterAll(async () => t.close());

const offer = (instrumentId: string, body: object) =>
  api(t, maker.cookie).post(`/api/registry/instruments/${instrumentId}/transfers`, {
    recipient: '@yoko-buyer',
    method: 'purchase',
    ...body,
  });

describe('the currency of a transfer price', () => {
  it('is required with a price, must be ISO 4217, and the amount has at most its decimals', async () => {
    const inst = await instrumentOf(t, maker.shop.id);
    const cases: [object, string][] = [
      [{ price: 4500 }, 'currency'],
      [{ price: 4500, currency: 'XYZ' }, 'currency'],
      [{ price: '4500.5', currency: 'JPY' }, 'price'],
      [{ price: '4,600.505', currency: 'EUR' }, 'price'],
      [{ price: '12.3456', currency: 'KWD' }, 'price'],
      [{ price: -1, currency: 'EUR' }, 'price'],
      [{ price: '1000000000000', currency: 'EUR' }, 'price'],
    ];
    for (const [body, field] of cases) {
      const res = await offer(inst.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    // The message names the currency's rule.
    expect((await offer(inst.id, { price: '4500.5', currency: 'JPY' })).json().fields.price).toBe(
      'JPY amounts have no decimals: enter a whole amount.',
    );
    expect((await offer(inst.id, { price: '4600.505', currency: 'EUR' })).json().fields.price).toBe(
      'EUR amounts have at most 2 decimals.',
    );
    // A gift carries no price, not even cents: refused on the price field, nothing offered.
    const pricedGift = await offer(inst.id, { method: 'gift', price: '0.50', currency: 'EUR' });
    expect(pricedGift.statusCode).toBe(400);
    expect(pricedGift.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { price: 'A gift has no price: leave the price empty, or choose how it changes hands.' },
    });
    expect(
      (await api(t, maker.cookie).get('/api/registry/transfers'))
        .json()
        .outgoing.filter((o: { instrument: { id: string } }) => o.instrument.id === inst.id),
    ).toEqual([]);
    // No price: no currency either, whatever was sent.
    const free = await offer(inst.id, { method: 'gift', currency: 'EUR' });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ price: null, currency: null });
    await api(t, maker.cookie).post(`/api/registry/transfers/${free.json().id}/cancel`);
  });

  it('travels with the offer to the inbox, its mail and the buyer’s ownership record, and nowhere public', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Kyoto Koa Tenor' });
    // 150 million yen: more than the old limit of 100,000,000 (whole dollars), an ordinary sum in yen.
    const res = await offer(inst.id, { price: 150_000_000, currency: 'jpy' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '150000000', currency: 'JPY' });
    const id = res.json().id as string;

    const incoming = (await api(t, buyer.cookie).get(`/api/registry/transfers/${id}`)).json();
    expect(incoming).toMatchObject({ direction: 'incoming', price: '150000000', currency: 'JPY' });

    const inbox = (await api(t, buyer.cookie).get('/api/notifications')).json();
    const notice = inbox.items.find((n: { link: string }) => n.link === `/transfers/${id}`);
    expect(notice.body).toContain('for ¥150,000,000');
    await settleNotificationMail();
    const mail = t.mail.filter((m) => m.to === buyer.user.email).at(-1);
    expect(mail?.text).toContain('for ¥150,000,000');

    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(200);
    const mine = (await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(mine.ownershipHistory.at(-1)).toMatchObject({
      purchasePrice: '150000000',
      purchaseCurrency: 'JPY',
    });
    const makers = (await api(t, maker.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(makers.ownershipHistory.at(-1)).not.toHaveProperty('purchaseCurrency');
    const guest = await api(t, null).get(`/api/public/passports/${inst.passportCode}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.body).not.toContain('JPY');
    expect(guest.body).not.toContain('150000000');
  });

  it('keeps cents exactly: €4,600.50 in the offer, the inbox, the mail, the history and the dashboard', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Cents Dreadnought' });
    const res = await offer(inst.id, { price: '4,600.50', currency: 'EUR' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '4600.50', currency: 'EUR' });
    const id = res.json().id as string;

    // The buyer's dashboard lists the offer with its exact amount.
    const dashboard = (await api(t, buyer.cookie).get('/api/registry/transfers')).json();
    expect(dashboard.incoming.find((o: { id: string }) => o.id === id)).toMatchObject({
      price: '4600.50',
      currency: 'EUR',
    });
    const inbox = (await api(t, buyer.cookie).get('/api/notifications')).json();
    expect(inbox.items.find((n: { link: string }) => n.link === `/transfers/${id}`).body).toContain(
      'for €4,600.50.',
    );
    await settleNotificationMail();
    expect(t.mail.filter((m) => m.to === buyer.user.email).at(-1)?.text).toContain('for €4,600.50.');

    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(200);
    const mine = (await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(mine.ownershipHistory.at(-1)).toMatchObject({ purchasePrice: '4600.50', purchaseCurrency: 'EUR' });
  });

  it('keeps three decimals for dinars and none for yen', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Dinar Oud' });
    const res = await offer(inst.id, { price: '1,250.125', currency: 'KWD' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '1250.125', currency: 'KWD' });
    await settleNotificationMail();
    expect(t.mail.filter((m) => m.to === buyer.user.email).at(-1)?.text).toContain('for KWD 1,250.125.');
    await api(t, maker.cookie).post(`/api/registry/transfers/${res.json().id}/cancel`);

    const yen = await offer(inst.id, { price: '480000', currency: 'JPY' });
    expect(yen.json()).toMatchObject({ price: '480000', currency: 'JPY' });
    await settleNotificationMail();
    expect(t.mail.filter((m) => m.to === buyer.user.email).at(-1)?.text).toContain('for ¥480,000.');
    await api(t, maker.cookie).post(`/api/registry/transfers/${yen.json().id}/cancel`);
  });

  it('defaults to what the owner usually prices in: their latest priced offer, else their listing', async () => {
    const me = async () =>
      (await api(t, maker.cookie).get('/api/registry/me')).json<{ usualCurrency: string | null }>()
        .usualCurrency;
    const fresh = await luthierWithShop(t, 'Fresh Bench');
    expect((await api(t, fresh.cookie).get('/api/registry/me')).json().usualCurrency).toBeNull();

    const listed = await instrumentOf(t, fresh.shop.id);
    const put = await api(t, fresh.cookie).put(`/api/registry/instruments/${listed.id}/listing`, {
      status: 'for-sale',
      price: '2400',
      currency: 'CHF',
    });
    expect(put.statusCode).toBe(200);
    expect((await api(t, fresh.cookie).get('/api/registry/me')).json().usualCurrency).toBe('CHF');

    // The maker above offered in yen last.
    expect(await me()).toBe('JPY');
  });

  it('is enforced by the database too: a price never lies there without its currency', async () => {
    const inst = await instrumentOf(t, maker.shop.id);
    await expect(
      t.db.insert(transfers).values({
        id: 'no-currency-offer',
        instrumentId: inst.id,
        fromUserId: maker.user.id,
        toEmail: buyer.user.email,
        toLabel: buyer.user.email,
        method: 'purchase',
        price: '100',
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    ).rejects.toThrow();
  });
});
