import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOffer } from '../../../contract/purchase-offers';
import { settleNotificationMail } from '../../notify/notifications';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

// A buyer's offer on a listed instrument, counter-offers and acceptance, which makes the ownership transfer with
// the agreed price; the buyer's acceptance of the transfer closes the listing as sold and declines the others.

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let offsetMs = 0;
let seller: Awaited<ReturnType<typeof luthierWithShop>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let rival: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + offsetMs) });
  seller = await luthierWithShop(t, 'Offer Bench');
  buyer = await signedInUser(t, {
    displayName: 'Olga Offer',
    handle: 'olga-offer',
    onboardingComplete: true,
  });
  rival = await signedInUser(t, { displayName: 'Rex Rival', handle: 'rex-rival', onboardingComplete: true });
  stranger = await signedInUser(t, { displayName: 'Stu Stranger', onboardingComplete: true });
});
afterAll(async () => t.close());

async function listed(price = '4800', currency = 'EUR') {
  const inst = await instrumentOf(t, seller.shop.id, {
    name: `Offer Viola ${Math.random().toString(36).slice(2, 6)}`,
  });
  const res = await api(t, seller.cookie).put(`/api/registry/instruments/${inst.id}/listing`, {
    status: 'for-sale',
    price,
    currency,
  });
  expect(res.statusCode).toBe(200);
  return inst;
}

const offerOn = (cookie: string | null, id: string, body: object) =>
  api(t, cookie).post(`/api/registry/instruments/${id}/purchase-offers`, body);

const titles = async (cookie: string) =>
  (await api(t, cookie).get('/api/notifications')).json<{ items: { title: string; body: string }[] }>().items;

describe('making an offer', () => {
  it('needs a signed-in buyer with a confirmed address, on an instrument listed for sale by someone else', async () => {
    const inst = await listed();
    expect((await offerOn(null, inst.id, { price: 4500 })).statusCode).toBe(401);
    const unproven = await signedInUser(t, { displayName: 'Una Unproven', emailVerified: false });
    const refused = await offerOn(unproven.cookie, inst.id, { price: 4500 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect((await offerOn(seller.cookie, inst.id, { price: 4500 })).statusCode).toBe(403);
    expect((await offerOn(buyer.cookie, 'not-a-uuid', { price: 4500 })).statusCode).toBe(404);
    const unlisted = await instrumentOf(t, seller.shop.id);
    const notForSale = await offerOn(buyer.cookie, unlisted.id, { price: 4500 });
    expect(notForSale.statusCode).toBe(409);
    expect(notForSale.json().code).toBe('NOT_FOR_SALE');
    // The listing's currency is euros: at most two decimals, checked against it when the offer names none.
    for (const price of [0, -5, '12.505', 'lots', 1e13]) {
      const bad = await offerOn(buyer.cookie, inst.id, { price });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('price');
    }
    expect((await offerOn(buyer.cookie, inst.id, { price: 10, currency: 'XXX' })).statusCode).toBe(400);
  });

  it("takes the listing's currency by default or the one given, and shows the seller in the conversation", async () => {
    const inst = await listed('1500000', 'JPY');
    const fraction = await offerOn(buyer.cookie, inst.id, { price: '1,400,000.50' });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().fields).toEqual({ price: 'JPY amounts have no decimals: enter a whole amount.' });
    const res = await offerOn(buyer.cookie, inst.id, { price: '1,400,000', message: 'Can I try it first?' });
    expect(res.statusCode).toBe(201);
    const offer = res.json<PurchaseOffer>();
    expect(offer).toMatchObject({
      role: 'buyer',
      price: '1400000',
      currency: 'JPY',
      listed: { price: '1500000', currency: 'JPY' },
      status: 'open',
      awaiting: 'seller',
      buyerName: 'Olga Offer',
    });
    const days = (Date.parse(offer.expiresAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const conversation = (
      await api(t, seller.cookie).get(`/api/conversations/${offer.conversationId}`)
    ).json();
    expect(conversation.messages.at(-1).body).toContain('Offer: ¥1,400,000');
    expect(conversation.messages.at(-1).body).toContain('Can I try it first?');
    expect((await titles(seller.cookie))[0]?.title).toBe(`Offer of ¥1,400,000 for ${inst.name}`);
    await settleNotificationMail();
    expect(t.mail.filter((m) => m.to === seller.user.email).at(-1)?.text).toContain('¥1,400,000');
    const sellerList = (await api(t, seller.cookie).get('/api/purchase-offers?role=seller')).json();
    expect(sellerList.offers[0]).toMatchObject({ id: offer.id, role: 'seller', awaiting: 'seller' });

    const other = await listed('9000', 'GBP');
    const inEuros = await offerOn(buyer.cookie, other.id, { price: 10000, currency: 'eur' });
    expect(inEuros.json()).toMatchObject({ price: '10000.00', currency: 'EUR' });
    // Dinars keep three decimals, the listing's and the offer's.
    const dinars = await listed('9000.125', 'KWD');
    expect((await offerOn(buyer.cookie, dinars.id, { price: '8950.1255' })).json().fields).toHaveProperty(
      'price',
    );
    const inDinars = await offerOn(buyer.cookie, dinars.id, { price: '8,950.125' });
    expect(inDinars.json()).toMatchObject({
      price: '8950.125',
      currency: 'KWD',
      listed: { price: '9000.125', currency: 'KWD' },
    });
    expect((await titles(seller.cookie))[0]?.title).toBe(`Offer of KWD\u00a08,950.125 for ${dinars.name}`);
  });

  it('allows one open offer per buyer and instrument; withdrawing frees the place', async () => {
    const inst = await listed();
    const first = await offerOn(buyer.cookie, inst.id, { price: 4000 });
    const again = await offerOn(buyer.cookie, inst.id, { price: 4100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PURCHASE_OFFER_OPEN');
    // Another buyer may offer at the same time.
    expect((await offerOn(rival.cookie, inst.id, { price: 4200 })).statusCode).toBe(201);
    const withdrawn = await api(t, buyer.cookie).del(`/api/purchase-offers/${first.json().id}`);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', awaiting: null });
    expect((await titles(seller.cookie))[0]?.title).toBe(
      `The offer of €4,000.00 for ${inst.name} was withdrawn`,
    );
    expect((await offerOn(buyer.cookie, inst.id, { price: 4100 })).statusCode).toBe(201);
  });
});

describe('answering an offer', () => {
  it('is for its two sides only: anyone else gets 404', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 4000 })).json().id;
    const as = api(t, stranger.cookie);
    expect((await as.get(`/api/purchase-offers/${id}`)).statusCode).toBe(404);
    expect((await as.post(`/api/purchase-offers/${id}/accept`)).statusCode).toBe(404);
    expect((await as.post(`/api/purchase-offers/${id}/decline`)).statusCode).toBe(404);
    expect((await as.post(`/api/purchase-offers/${id}/counter`, { price: 1 })).statusCode).toBe(404);
    expect((await as.del(`/api/purchase-offers/${id}`)).statusCode).toBe(404);
    expect((await as.get('/api/purchase-offers?role=seller')).json().offers).toEqual([]);
    expect((await as.get('/api/purchase-offers?role=buyer')).json().offers).toEqual([]);
    expect((await as.get('/api/purchase-offers?role=anyone')).statusCode).toBe(400);
    expect((await api(t, seller.cookie).get(`/api/purchase-offers/${id}`)).json().role).toBe('seller');
    expect((await api(t, seller.cookie).get('/api/purchase-offers/nope')).statusCode).toBe(404);
  });

  it('moves through counter and acceptance; each side acts only in its turn', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 4000 })).json().id;
    const sellerApi = api(t, seller.cookie);
    const buyerApi = api(t, buyer.cookie);
    expect((await buyerApi.post(`/api/purchase-offers/${id}/accept`)).statusCode).toBe(403);
    expect((await buyerApi.post(`/api/purchase-offers/${id}/counter`, { price: 4100 })).statusCode).toBe(403);
    expect((await buyerApi.post(`/api/purchase-offers/${id}/decline`)).statusCode).toBe(403);
    expect((await sellerApi.del(`/api/purchase-offers/${id}`)).statusCode).toBe(403);
    const cents = await sellerApi.post(`/api/purchase-offers/${id}/counter`, { price: '4600.505' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().fields).toEqual({ price: 'EUR amounts have at most 2 decimals.' });
    const countered = await sellerApi.post(`/api/purchase-offers/${id}/counter`, { price: '4,600.50' });
    expect(countered.json()).toMatchObject({
      status: 'countered',
      price: '4600.50',
      currency: 'EUR',
      awaiting: 'buyer',
    });
    expect((await titles(buyer.cookie))[0]?.title).toBe(`Counter-offer of €4,600.50 for ${inst.name}`);
    expect((await sellerApi.post(`/api/purchase-offers/${id}/accept`)).statusCode).toBe(403);
    expect((await sellerApi.post(`/api/purchase-offers/${id}/counter`, { price: 4500 })).statusCode).toBe(
      403,
    );

    const accepted = await buyerApi.post(`/api/purchase-offers/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const offer = accepted.json<PurchaseOffer>();
    expect(offer).toMatchObject({ status: 'accepted', awaiting: null, price: '4600.50' });
    // The transfer is made, to the buyer, with the agreed price and currency and what the listing asked.
    const transfer = (await buyerApi.get(`/api/registry/transfers/${offer.transferId}`)).json();
    expect(transfer).toMatchObject({
      direction: 'incoming',
      method: 'purchase',
      price: '4600.50',
      currency: 'EUR',
      status: 'pending',
      listing: { price: '4800.00', currency: 'EUR' },
    });
    const outgoing = (await sellerApi.get(`/api/registry/transfers/${offer.transferId}`)).json();
    expect(outgoing.toLabel).toBe('@olga-offer');
    expect((await titles(seller.cookie))[0]?.title).toBe(`Olga Offer accepted €4,600.50 for ${inst.name}`);
    expect((await buyerApi.del(`/api/purchase-offers/${id}`)).statusCode).toBe(409);
    const lines = (await buyerApi.get(`/api/conversations/${offer.conversationId}`)).json().messages;
    expect(lines.map((m: { body: string }) => m.body.split(':')[0])).toEqual([
      'Offer',
      'Counter-offer',
      'Accepted the counter-offer of €4,600.50. The ownership transfer is offered to Olga Offer',
    ]);
  });

  it('seller declines; the buyer is told', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 3000 })).json().id;
    const res = await api(t, seller.cookie).post(`/api/purchase-offers/${id}/decline`);
    expect(res.json()).toMatchObject({ status: 'declined' });
    expect((await titles(buyer.cookie))[0]?.title).toBe(
      `The offer of €3,000.00 for ${inst.name} was declined`,
    );
    expect((await api(t, seller.cookie).post(`/api/purchase-offers/${id}/accept`)).statusCode).toBe(409);
  });

  it('accepting while the instrument has another pending transfer changes nothing', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 3000 })).json().id;
    await api(t, seller.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
      recipient: '@rex-rival',
      method: 'gift',
    });
    const res = await api(t, seller.cookie).post(`/api/purchase-offers/${id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TRANSFER_PENDING');
    expect((await api(t, seller.cookie).get(`/api/purchase-offers/${id}`)).json().status).toBe('open');
  });
});

describe('the sale', () => {
  it("the buyer's acceptance of the transfer closes the listing as sold and declines the other offers", async () => {
    const inst = await listed('4800', 'EUR');
    const mine = (await offerOn(buyer.cookie, inst.id, { price: 4700 })).json().id;
    const theirs = (await offerOn(rival.cookie, inst.id, { price: 4400 })).json().id;
    const accepted = (await api(t, seller.cookie).post(`/api/purchase-offers/${mine}/accept`)).json();
    expect((await titles(buyer.cookie))[0]?.title).toBe(`An instrument is offered to you: ${inst.name}`);
    expect((await titles(buyer.cookie))[0]?.body).toContain('€4,700.00');
    const done = await api(t, buyer.cookie).post(`/api/registry/transfers/${accepted.transferId}/accept`);
    expect(done.statusCode).toBe(200);

    expect((await api(t, buyer.cookie).get(`/api/purchase-offers/${mine}`)).json().status).toBe('sold');
    expect((await api(t, rival.cookie).get(`/api/purchase-offers/${theirs}`)).json().status).toBe('declined');
    expect((await titles(rival.cookie))[0]?.title).toBe(
      `${inst.name} was sold: your offer of €4,400.00 is declined`,
    );
    expect((await titles(seller.cookie)).map((n) => n.title)).toContain(`Sold: ${inst.name} for €4,700.00`);
    const detail = (await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(detail.ownershipHistory.at(-1)).toMatchObject({
      purchasePrice: '4700.00',
      purchaseCurrency: 'EUR',
    });
    // Nobody can offer on it any more: it is not listed.
    expect((await offerOn(stranger.cookie, inst.id, { price: 1 })).json().code).toBe('NOT_FOR_SALE');

    // The storefront shows it sold; the price only once the seller chooses to show it.
    const slug = seller.shop.slug;
    const sold = (await api(t, null).get(`/api/profile/l/${slug}/sold`)).json().sold;
    expect(sold[0]).toMatchObject({ instrument: { name: inst.name }, price: null, currency: null });
    expect(
      (await api(t, buyer.cookie).put(`/api/purchase-offers/${mine}/sold-price`, { shown: true })).statusCode,
    ).toBe(404);
    const shown = await api(t, seller.cookie).put(`/api/purchase-offers/${mine}/sold-price`, { shown: true });
    expect(shown.json().soldPriceShown).toBe(true);
    const after = (await api(t, null).get(`/api/profile/l/${slug}/sold`)).json().sold;
    expect(after[0]).toMatchObject({ price: '4700.00', currency: 'EUR' });
    expect((await api(t, null).get('/api/profile/l/no-such-shop/sold')).statusCode).toBe(404);
  });

  it('a transfer the seller makes by hand to a buyer with an open offer sells that offer', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 4300 })).json().id;
    const transfer = await api(t, seller.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
      recipient: '@olga-offer',
      method: 'purchase',
      price: 4300,
      currency: 'EUR',
    });
    await api(t, buyer.cookie).post(`/api/registry/transfers/${transfer.json().id}/accept`);
    expect((await api(t, buyer.cookie).get(`/api/purchase-offers/${id}`)).json()).toMatchObject({
      status: 'sold',
      transferId: transfer.json().id,
    });
  });
});

describe('expiry', () => {
  it('closes an unanswered offer after 7 days, tells both sides and frees the place', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 3900 })).json().id;
    offsetMs = 6 * DAY_MS;
    expect((await api(t, seller.cookie).get(`/api/purchase-offers/${id}`)).json().status).toBe('open');
    offsetMs = 7 * DAY_MS + 60_000;
    try {
      expect((await api(t, seller.cookie).get(`/api/purchase-offers/${id}`)).json()).toMatchObject({
        status: 'expired',
        awaiting: null,
      });
      expect((await api(t, seller.cookie).post(`/api/purchase-offers/${id}/accept`)).statusCode).toBe(409);
      // Every open offer of the earlier tests expired too; this one's notice is among them.
      expect((await titles(buyer.cookie)).map((n) => n.title)).toContain(
        `The offer of €3,900.00 for ${inst.name} expired`,
      );
      expect((await offerOn(buyer.cookie, inst.id, { price: 3950 })).statusCode).toBe(201);
    } finally {
      offsetMs = 0;
    }
  });

  it('a counter-offer gives the buyer 7 days from the counter', async () => {
    const inst = await listed();
    const id = (await offerOn(buyer.cookie, inst.id, { price: 3900 })).json().id;
    offsetMs = 5 * DAY_MS;
    try {
      await api(t, seller.cookie).post(`/api/purchase-offers/${id}/counter`, { price: 4200 });
      offsetMs = 10 * DAY_MS;
      expect((await api(t, buyer.cookie).get(`/api/purchase-offers/${id}`)).json().status).toBe('countered');
      expect((await api(t, buyer.cookie).post(`/api/purchase-offers/${id}/accept`)).json().status).toBe(
        'accepted',
      );
    } finally {
      offsetMs = 0;
    }
  });
});

describe('limits', () => {
  it('a buyer makes at most 10 offers an hour', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const maker = await luthierWithShop(limited, 'Limit Bench');
      const someone = await signedInUser(limited, { displayName: 'Lim Buyer' });
      const inst = await instrumentOf(limited, maker.shop.id);
      await api(limited, maker.cookie).put(`/api/registry/instruments/${inst.id}/listing`, {
        status: 'for-sale',
        price: '100',
        currency: 'USD',
      });
      const as = api(limited, someone.cookie);
      for (let i = 0; i < 10; i += 1) {
        const made = await as.post(`/api/registry/instruments/${inst.id}/purchase-offers`, { price: 50 + i });
        expect(made.statusCode).toBe(201);
        expect((await as.del(`/api/purchase-offers/${made.json().id}`)).statusCode).toBe(200);
      }
      const over = await as.post(`/api/registry/instruments/${inst.id}/purchase-offers`, { price: 90 });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
