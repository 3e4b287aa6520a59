import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOffer } from '../../../contract/purchase-offers';
import { transfers } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

// An accepted offer whose ownership transfer does not complete (the buyer declines it, the seller cancels it, it
// expires) closes with a state saying so, a line in the conversation and a notice, instead of staying accepted.

let t: TestApp;
let seller: Awaited<ReturnType<typeof luthierWithShop>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await luthierWithShop(t, 'Lapse Bench');
  buyer = await signedInUser(t, {
    displayName: 'Lena Lapse',
    handle: 'lena-lapse',
    onboardingComplete: true,
  });
});
afterAll(async () => t.close());

/** An instrument listed at €4,800 with the buyer's offer of €4,600 accepted: the transfer waits for the buyer. */
async function accepted() {
  const inst = await instrumentOf(t, seller.shop.id, {
    name: `Lapse Cello ${Math.random().toString(36).slice(2, 6)}`,
  });
  await api(t, seller.cookie).put(`/api/registry/instruments/${inst.id}/listing`, {
    status: 'for-sale',
    price: '4800',
    currency: 'EUR',
  });
  const made = await api(t, buyer.cookie).post(`/api/registry/instruments/${inst.id}/purchase-offers`, {
    price: 4600,
  });
  const offer = (await api(t, seller.cookie).post(`/api/purchase-offers/${made.json().id}/accept`)).json();
  expect(offer.status).toBe('accepted');
  return { inst, offer };
}

const offerOf = async (id: string) =>
  (await api(t, buyer.cookie).get(`/api/purchase-offers/${id}`)).json<PurchaseOffer>();
const lastLine = async (conversationId: string) =>
  (await api(t, buyer.cookie).get(`/api/conversations/${conversationId}`)).json().messages.at(-1)
    .body as string;
const titles = async (cookie: string) =>
  (await api(t, cookie).get('/api/notifications'))
    .json<{ items: { title: string }[] }>()
    .items.map((n) => n.title);

describe('an accepted offer whose transfer does not complete', () => {
  it('the buyer declines the transfer: the offer is withdrawn, the seller told, the listing stays', async () => {
    const { inst, offer } = await accepted();
    const res = await api(t, buyer.cookie).post(`/api/registry/transfers/${offer.transferId}/decline`);
    expect(res.statusCode).toBe(200);
    expect((await offerOf(offer.id)).status).toBe('withdrawn');
    expect(await lastLine(offer.conversationId)).toBe(
      'Lena Lapse declined the ownership transfer: the agreed sale at €4,600.00 did not happen, and this offer is closed.',
    );
    expect(await titles(seller.cookie)).toContain(`No sale: ${inst.name} at €4,600.00`);
    const listing = (await api(t, null).get(`/api/public/passports/${inst.passportCode}/listing`)).json();
    expect(listing.listing).toMatchObject({ status: 'for-sale', price: '4800.00' });
    // The place is free again: the same buyer may offer anew.
    const again = await api(t, buyer.cookie).post(`/api/registry/instruments/${inst.id}/purchase-offers`, {
      price: 4700,
    });
    expect(again.statusCode).toBe(201);
  });

  it('the seller cancels the transfer: the offer is declined and the buyer told', async () => {
    const { inst, offer } = await accepted();
    const res = await api(t, seller.cookie).post(`/api/registry/transfers/${offer.transferId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect((await offerOf(offer.id)).status).toBe('declined');
    expect(await lastLine(offer.conversationId)).toContain('cancelled the ownership transfer');
    expect(await titles(buyer.cookie)).toContain(`No sale: ${inst.name} at €4,600.00`);
  });

  it('nobody accepts the transfer in its 14 days: the offer is expired and both sides told', async () => {
    const { inst, offer } = await accepted();
    // Transfers expire on the real clock: moving this one's end into the past stands in for its 14 days.
    await t.db
      .update(transfers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(transfers.id, offer.transferId));
    // The next action on transfers records the expiry (as the periodic sweep does): too late to accept.
    const late = await api(t, buyer.cookie).post(`/api/registry/transfers/${offer.transferId}/accept`);
    expect(late.statusCode).toBe(409);
    expect((await offerOf(offer.id)).status).toBe('expired');
    expect(await lastLine(offer.conversationId)).toContain('Nobody accepted the ownership transfer in time');
    expect(await titles(seller.cookie)).toContain(`No sale: ${inst.name} at €4,600.00`);
    expect(await titles(buyer.cookie)).toContain(`No sale: ${inst.name} at €4,600.00`);
  });
});
