import { eq } from 'drizzle-orm';
import { contactMessages, instruments } from '../../db/schema';
import { type Entry, everyone, get, type MatrixKit, post, serviceInput, signedIn } from './matrix-kit';

/** The registry: passports, listings, photos, service records, transfers and the admins' verification. Checked by registry.authz.test.ts; server/test/authz/matrix-kit.ts says how. */
export function registryMatrix(k: MatrixKit): Record<string, Entry> {
  const {
    t,
    shopOf,
    ownersInstrument,
    offerToEnthusiast,
    instrumentWithPhoto,
    pendingServiceRecord,
    claimNamingLuthier,
    imageUpload,
  } = k;
  return {
    // Registry: passports
    'GET /api/registry/instruments': {
      request: () => get('/api/registry/instruments'),
      expect: everyone(200),
    },
    'GET /api/registry/instruments/:id': {
      request: () => get(`/api/registry/instruments/${k.w.instrumentId}`),
      expect: everyone(200),
    },
    'POST /api/registry/instruments': {
      request: () =>
        post('/api/registry/instruments', {
          name: 'New Build',
          instrumentType: 'violin',
          category: 'classical',
          yearMade: 2025,
        }),
      // Only luthiers with a shop register passports; an admin has no shop.
      expect: { ...signedIn(403), luthier: 201, maker: 201 },
    },
    'PATCH /api/registry/instruments/:id': {
      request: () => ({
        method: 'PATCH',
        url: `/api/registry/instruments/${k.w.instrumentId}`,
        // A new text each time: the same text again would be no change at all (merge patch), which anyone may send.
        payload: { description: `Sitka spruce over Indian rosewood (${k.unique('edit')}).` },
      }),
      expect: { ...signedIn(403), maker: 200 },
    },
    'POST /api/registry/instruments/:id/report-stolen': {
      request: async () =>
        post(`/api/registry/instruments/${await ownersInstrument()}/report-stolen`, {
          date: new Date().toISOString().slice(0, 10),
          place: 'Lyon, France',
        }),
      expect: { ...signedIn(403), owner: 200 },
    },
    'POST /api/registry/instruments/:id/recovered': {
      request: async () =>
        post(`/api/registry/instruments/${await ownersInstrument({ status: 'stolen' })}/recovered`),
      expect: { ...signedIn(403), owner: 200 },
    },
    'PUT /api/registry/instruments/:id/listing': {
      request: async () => ({
        method: 'PUT',
        url: `/api/registry/instruments/${await ownersInstrument()}/listing`,
        payload: { status: 'for-sale', price: '4500.00', currency: 'EUR' },
      }),
      // Only the current owner lists; the maker of an instrument someone else owns may not.
      expect: { ...signedIn(403), owner: 200 },
    },
    'GET /api/public/passports/:code/listing': {
      request: async () => {
        const [row] = await t.db
          .select({ code: instruments.passportCode })
          .from(instruments)
          .where(eq(instruments.id, k.w.instrumentId));
        return get(`/api/public/passports/${row?.code ?? ''}/listing`);
      },
      expect: everyone(200),
    },
    'PUT /api/registry/instruments/:id/portfolio': {
      request: () => ({
        method: 'PUT',
        url: `/api/registry/instruments/${k.w.instrumentId}/portfolio`,
        payload: { portfolio: true },
      }),
      expect: { ...signedIn(403), maker: 200 },
    },
    'GET /api/registry/instruments/:id/owner-dossier.pdf': {
      request: async () => get(`/api/registry/instruments/${await ownersInstrument()}/owner-dossier.pdf`),
      // The owner's copy carries private values: the current owner's and, for an admin, all of them.
      expect: { ...signedIn(403), owner: 200, admin: 200 },
    },
    'GET /api/registry/me': { request: () => get('/api/registry/me'), expect: signedIn(200) },
    'GET /api/registry/privacy': { request: () => get('/api/registry/privacy'), expect: signedIn(200) },
    'PUT /api/registry/privacy': {
      request: () => ({ method: 'PUT', url: '/api/registry/privacy', payload: { ownerPrivacy: false } }),
      expect: signedIn(200),
    },

    // Registry: photos (maker or current owner)
    'POST /api/registry/instruments/:id/images': {
      request: async () => ({
        method: 'POST',
        url: `/api/registry/instruments/${(await instrumentWithPhoto()).id}/images`,
        ...(await imageUpload()),
      }),
      // The instrument has passed to its owner: only they change its photos now.
      expect: { ...signedIn(403), owner: 201 },
    },
    'PATCH /api/registry/instruments/:id/images/:imageId': {
      request: async () => {
        const { id, imageId } = await instrumentWithPhoto();
        return {
          method: 'PATCH',
          url: `/api/registry/instruments/${id}/images/${imageId}`,
          payload: { caption: 'Back' },
        };
      },
      expect: { ...signedIn(403), owner: 200 },
    },
    'PUT /api/registry/instruments/:id/images/order': {
      request: async () => {
        const { id, imageId } = await instrumentWithPhoto();
        return {
          method: 'PUT',
          url: `/api/registry/instruments/${id}/images/order`,
          payload: { imageIds: [imageId] },
        };
      },
      expect: { ...signedIn(403), owner: 200 },
    },
    'DELETE /api/registry/instruments/:id/images/:imageId': {
      request: async () => {
        const { id, imageId } = await instrumentWithPhoto();
        return { method: 'DELETE', url: `/api/registry/instruments/${id}/images/${imageId}` };
      },
      expect: { ...signedIn(403), owner: 200 },
    },

    // Registry: service records (owner, maker or any luthier with a shop; only the owner decides pending ones)
    'POST /api/registry/instruments/:id/service-records': {
      request: () => post(`/api/registry/instruments/${k.w.instrumentId}/service-records`, serviceInput),
      expect: { ...signedIn(403), luthier: 201, maker: 201, owner: 201 },
    },
    'POST /api/registry/instruments/:id/service-records/:recordId/approve': {
      request: async () =>
        post(
          `/api/registry/instruments/${k.w.instrumentId}/service-records/${await pendingServiceRecord()}/approve`,
        ),
      expect: { ...signedIn(403), owner: 200 },
    },
    'POST /api/registry/instruments/:id/service-records/:recordId/reject': {
      request: async () =>
        post(
          `/api/registry/instruments/${k.w.instrumentId}/service-records/${await pendingServiceRecord()}/reject`,
        ),
      expect: { ...signedIn(403), owner: 200 },
    },
    // Only the owner of the shop a record names answers it; to anyone else the record does not exist.
    'POST /api/registry/service-records/:recordId/confirm': {
      request: async () => post(`/api/registry/service-records/${await claimNamingLuthier()}/confirm`),
      expect: { ...signedIn(404), luthier: 200 },
    },
    'POST /api/registry/service-records/:recordId/decline': {
      request: async () => post(`/api/registry/service-records/${await claimNamingLuthier()}/decline`),
      expect: { ...signedIn(404), luthier: 200 },
    },

    // Registry: transfers (the owner offers; only sender and recipient see an offer, everyone else gets 404)
    'POST /api/registry/instruments/:id/transfers': {
      request: async () =>
        post(`/api/registry/instruments/${await ownersInstrument()}/transfers`, {
          recipient: `@${k.w.people.enthusiast.user.handle ?? ''}`,
          method: 'purchase',
          price: 4200,
          currency: 'CHF',
        }),
      expect: { ...signedIn(403), owner: 201 },
    },
    'GET /api/registry/transfers': { request: () => get('/api/registry/transfers'), expect: signedIn(200) },
    'GET /api/registry/transfers/:transferId': {
      request: () => get(`/api/registry/transfers/${k.w.transferId}`),
      expect: { ...signedIn(404), owner: 200, enthusiast: 200 },
    },
    'GET /api/registry/transfers/:transferId/preview': {
      request: () => get(`/api/registry/transfers/${k.w.transferId}/preview`),
      // The mailed link is the capability: whoever holds it sees what is offered, never to whom or for how much.
      expect: everyone(200),
    },
    'POST /api/registry/transfers/:transferId/accept': {
      request: async () => post(`/api/registry/transfers/${await offerToEnthusiast()}/accept`),
      expect: { ...signedIn(404), enthusiast: 200, owner: 403 },
    },
    'POST /api/registry/transfers/:transferId/decline': {
      request: async () => post(`/api/registry/transfers/${await offerToEnthusiast()}/decline`),
      expect: { ...signedIn(404), enthusiast: 200, owner: 403 },
    },
    'POST /api/registry/transfers/:transferId/cancel': {
      request: async () => post(`/api/registry/transfers/${await offerToEnthusiast()}/cancel`),
      expect: { ...signedIn(404), owner: 200, enthusiast: 403 },
    },

    // Admin
    // What visitors wrote on the contact page, with their addresses: admins only.
    'GET /api/admin/contact-messages': {
      request: () => get('/api/admin/contact-messages'),
      expect: { ...signedIn(403), admin: 200 },
    },
    // Marking one handled changes what every admin sees as still open: admins only.
    'PUT /api/admin/contact-messages/:id/handled': {
      request: async () => {
        const [row] = await t.db
          .insert(contactMessages)
          .values({ name: 'Sam', email: 'sam@example.test', message: 'A question about a passport.' })
          .returning({ id: contactMessages.id });
        return {
          method: 'PUT',
          url: `/api/admin/contact-messages/${row!.id}/handled`,
          payload: { handled: true },
        };
      },
      expect: { ...signedIn(403), admin: 200 },
    },
    'GET /api/admin/queue': {
      request: () => get('/api/admin/queue'),
      expect: { ...signedIn(403), admin: 200 },
    },
    'POST /api/admin/shops/:id/verification': {
      request: () =>
        post(`/api/admin/shops/${shopOf(k.w.people.maker)}/verification`, {
          verified: true,
          note: 'Checked the workshop register',
        }),
      expect: { ...signedIn(403), admin: 200 },
    },
    'POST /api/admin/instruments/:id/verification': {
      request: () =>
        post(`/api/admin/instruments/${k.w.instrumentId}/verification`, {
          verified: true,
          note: 'Checked the workshop register',
        }),
      expect: { ...signedIn(403), admin: 200 },
    },
  };
}
