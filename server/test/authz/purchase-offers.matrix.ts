import { eq } from 'drizzle-orm';
import { instrumentListings, shops } from '../../db/schema';
import { type Entry, everyone, get, type MatrixKit, post, signedIn } from './matrix-kit';

/**
 * Purchase offers: only the buyer and the seller (the instrument's owner) see or answer an offer; anyone else
 * gets 404. Checked by purchase-offers.authz.test.ts; server/test/authz/matrix-kit.ts says how.
 */
export function purchaseOffersMatrix(k: MatrixKit): Record<string, Entry> {
  const { t, ownersInstrument } = k;

  /** A new instrument of the world's owner, listed for sale. */
  async function listed(): Promise<string> {
    const id = await ownersInstrument();
    await t.db.insert(instrumentListings).values({
      instrumentId: id,
      ownerId: k.w.people.owner.user.id,
      status: 'for-sale',
      price: '4500',
      currency: 'EUR',
    });
    return id;
  }

  /** A new open offer by the enthusiast on a listed instrument of the owner's. */
  async function enthusiastsOffer(): Promise<string> {
    const res = await t.app.inject({
      ...post(`/api/registry/instruments/${await listed()}/purchase-offers`, { price: 4000 }),
      headers: { cookie: k.w.people.enthusiast.cookie },
    });
    return res.json<{ id: string }>().id;
  }

  /** A sale: the owner accepted the enthusiast's offer and the enthusiast accepted the transfer. */
  async function soldOffer(): Promise<string> {
    const id = await enthusiastsOffer();
    const accepted = await t.app.inject({
      ...post(`/api/purchase-offers/${id}/accept`),
      headers: { cookie: k.w.people.owner.cookie },
    });
    await t.app.inject({
      ...post(`/api/registry/transfers/${accepted.json<{ transferId: string }>().transferId}/accept`),
      headers: { cookie: k.w.people.enthusiast.cookie },
    });
    return id;
  }

  const answer = { ...signedIn(404), owner: 200, enthusiast: 403 };
  return {
    'POST /api/registry/instruments/:id/purchase-offers': {
      request: async () =>
        post(`/api/registry/instruments/${await listed()}/purchase-offers`, { price: 4000 }),
      // Any signed-in member with a confirmed address may offer; the owner may not offer on their own.
      expect: { ...signedIn(201), owner: 403 },
    },
    'GET /api/purchase-offers': {
      request: () => get('/api/purchase-offers?role=buyer'),
      expect: signedIn(200),
    },
    'GET /api/purchase-offers/:id': {
      request: async () => get(`/api/purchase-offers/${await enthusiastsOffer()}`),
      expect: { ...signedIn(404), owner: 200, enthusiast: 200 },
    },
    'POST /api/purchase-offers/:id/accept': {
      request: async () => post(`/api/purchase-offers/${await enthusiastsOffer()}/accept`),
      expect: answer,
    },
    'POST /api/purchase-offers/:id/decline': {
      request: async () => post(`/api/purchase-offers/${await enthusiastsOffer()}/decline`),
      expect: answer,
    },
    'POST /api/purchase-offers/:id/counter': {
      request: async () => post(`/api/purchase-offers/${await enthusiastsOffer()}/counter`, { price: 4300 }),
      expect: answer,
    },
    'DELETE /api/purchase-offers/:id': {
      request: async () => ({ method: 'DELETE', url: `/api/purchase-offers/${await enthusiastsOffer()}` }),
      expect: { ...signedIn(404), enthusiast: 200, owner: 403 },
    },
    'PUT /api/purchase-offers/:id/sold-price': {
      request: async () => ({
        method: 'PUT',
        url: `/api/purchase-offers/${await soldOffer()}/sold-price`,
        payload: { shown: true },
      }),
      expect: { ...signedIn(404), owner: 200 },
    },
    'GET /api/profile/l/:slug/sold': {
      request: async () => {
        const [shop] = await t.db
          .select({ slug: shops.slug })
          .from(shops)
          .where(eq(shops.ownerId, k.w.people.maker.user.id));
        await t.db.update(shops).set({ published: true }).where(eq(shops.ownerId, k.w.people.maker.user.id));
        return get(`/api/profile/l/${shop?.slug ?? ''}/sold`);
      },
      expect: everyone(200),
    },
  };
}
