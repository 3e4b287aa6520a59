import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLeaves, notifications } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, luthierWithShop } from './registry-test-kit';
import { createOwnership } from './registry-trust-kit';

// A servicer is a claim until the shop confirms: a record naming another registry shop says "reported by the
// owner" until that shop's owner, and only they, confirms or declines it from their inbox.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Inbox = {
  items: { id: string; type: string; serviceClaim?: { recordId: string; status: string } | null }[];
};

async function claimWorld() {
  const maker = await luthierWithShop(t, 'Maker Bench');
  const servicer = await luthierWithShop(t, 'Oak Repair');
  const owner = await signedInUser(t, { displayName: 'Claire Owner' });
  const inst = await createOwnership(t, maker, owner.user, { name: 'Claimed Guitar' });
  const res = await api(t, owner.cookie).post(`/api/registry/instruments/${inst.id}/service-records`, {
    serviceType: 'repair',
    description: 'Crack repair on the top',
    serviceDate: '2025-03-01',
    servicerShop: `@${servicer.shop.slug}`,
    cost: 300,
    costCurrency: 'USD',
  });
  expect(res.statusCode).toBe(201);
  const recordId = res.json<{ id: string }>().id;
  const services = async () =>
    (await api(t, null).get(`/api/public/passports/${inst.passportCode}`)).json<{
      services: { servicer: string; claim: string }[];
    }>().services;
  return { maker, servicer, owner, inst, recordId, services };
}

const lastLeaf = async (code: string) => {
  const rows = await t.db
    .select({ leaf: logLeaves.leaf })
    .from(logLeaves)
    .where(eq(logLeaves.passportCode, code))
    .orderBy(asc(logLeaves.seq));
  return JSON.parse(rows.at(-1)?.leaf ?? '{}') as { type: string; data: Record<string, unknown> };
};

describe('a service record naming another registry shop', () => {
  it('is the owner’s report until the shop confirms it from its inbox', async () => {
    const { servicer, owner, inst, recordId, services } = await claimWorld();
    expect(await services()).toEqual([
      expect.objectContaining({ servicer: 'Oak Repair (reported by the owner)', claim: 'pending' }),
    ]);
    // The log says the same: the servicer is a claim, not a fact.
    expect(await lastLeaf(inst.passportCode)).toMatchObject({
      type: 'service_recorded',
      data: {
        // Free text is committed; the claimed shop's handle and the claim's state are in clear.
        servicerName: { $commit: expect.stringMatching(/^[0-9a-f]{64}$/) },
        servicerShop: servicer.shop.slug,
        claim: 'pending',
        reportedBy: 'owner',
      },
    });
    const inbox = (await api(t, servicer.cookie).get('/api/notifications')).json<Inbox>();
    const entry = inbox.items.find((n) => n.type === 'service_claim');
    expect(entry?.serviceClaim).toEqual({ recordId, status: 'pending' });

    expect(
      (await api(t, servicer.cookie).post(`/api/registry/service-records/${recordId}/confirm`)).statusCode,
    ).toBe(200);
    expect(await services()).toEqual([
      expect.objectContaining({ servicer: 'by Oak Repair, confirmed', claim: 'confirmed' }),
    ]);
    expect(await lastLeaf(inst.passportCode)).toEqual(
      expect.objectContaining({
        type: 'service_confirmed',
        data: {
          serviceType: 'repair',
          serviceDate: '2025-03-01',
          servicerShop: servicer.shop.slug,
          servicerName: { $commit: expect.stringMatching(/^[0-9a-f]{64}$/) },
        },
      }),
    );
    // Answered once: a second answer, either way, is refused and changes nothing.
    const again = await api(t, servicer.cookie).post(`/api/registry/service-records/${recordId}/decline`);
    expect(again.statusCode).toBe(409);
    expect((await services())[0]?.claim).toBe('confirmed');
    const after = (await api(t, servicer.cookie).get('/api/notifications')).json<Inbox>();
    expect(after.items.find((n) => n.type === 'service_claim')?.serviceClaim?.status).toBe('confirmed');
    // The owner who wrote it is told.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'service_claim_answered')));
    expect(told.map((n) => n.title)).toEqual(['Oak Repair confirmed your service record for Claimed Guitar']);
  });

  it('says "not confirmed by {shop}" once the shop declines it', async () => {
    const { servicer, inst, recordId, services } = await claimWorld();
    expect(
      (await api(t, servicer.cookie).post(`/api/registry/service-records/${recordId}/decline`)).statusCode,
    ).toBe(200);
    expect(await services()).toEqual([
      expect.objectContaining({ servicer: 'not confirmed by Oak Repair', claim: 'declined' }),
    ]);
    expect((await lastLeaf(inst.passportCode)).type).toBe('service_declined');
  });

  it('only the named shop’s owner can answer; everyone else is told there is no such record', async () => {
    const { maker, owner, recordId, services } = await claimWorld();
    const otherShop = await luthierWithShop(t, 'Other Bench');
    const stranger = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    for (const who of [owner, maker, otherShop, stranger, admin])
      for (const action of ['confirm', 'decline'])
        expect(
          (await api(t, who.cookie).post(`/api/registry/service-records/${recordId}/${action}`)).statusCode,
        ).toBe(404);
    expect((await api(t, null).post(`/api/registry/service-records/${recordId}/confirm`)).statusCode).toBe(
      401,
    );
    expect((await services())[0]).toMatchObject({
      servicer: 'Oak Repair (reported by the owner)',
      claim: 'pending',
    });
  });
});

describe('servicers that are no claim', () => {
  it('free text naming no registry shop is always the recorder’s report; the maker’s own shop is its name', async () => {
    const maker = await luthierWithShop(t, 'Own Bench');
    const owner = await signedInUser(t, { displayName: 'Free Owner' });
    const inst = await createOwnership(t, maker, owner.user);
    const url = `/api/registry/instruments/${inst.id}/service-records`;
    const base = { serviceType: 'setup', description: 'Setup', serviceDate: '2025-04-01' };
    expect((await api(t, owner.cookie).post(url, { ...base, servicerName: 'Oak Repair' })).statusCode).toBe(
      201,
    );
    expect((await api(t, maker.cookie).post(url, { ...base, serviceDate: '2025-05-01' })).statusCode).toBe(
      201,
    );
    const unknown = await api(t, owner.cookie).post(url, { ...base, servicerShop: '@no-such-shop-here' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.servicerShop).toMatch(/No shop in the registry/);
    const pub = (await api(t, null).get(`/api/public/passports/${inst.passportCode}`)).json();
    expect(pub.services.map((s: { servicer: string; claim: string }) => [s.servicer, s.claim])).toEqual([
      ['Oak Repair (reported by the owner)', 'none'],
      ['Own Bench', 'none'],
    ]);
  });
});
