import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnership } from '../registry/registry-trust-kit';
import { notifications } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const kindsOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);

describe('admin verification', () => {
  it('only admins see the queue and verify shops and instruments; the passport logs it', async () => {
    const maker = await luthierWithShop(t, 'Queue Shop');
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Queue Violin' });
    const admin = await signedInUser(t, { role: 'admin', displayName: 'Ada Admin' });
    expect((await api(t, maker.cookie).get('/api/admin/queue')).statusCode).toBe(403);
    expect((await api(t, null).get('/api/admin/queue')).statusCode).toBe(401);
    const queue = (await api(t, admin.cookie).get('/api/admin/queue')).json();
    expect(queue.shops.map((s: { name: string }) => s.name)).toContain('Queue Shop');
    expect(queue.instruments.map((i: { name: string }) => i.name)).toContain('Queue Violin');

    const verifyInst = `/api/admin/instruments/${inst.id}/verification`;
    const note = 'Saw the label and serial in person';
    expect((await api(t, maker.cookie).post(verifyInst, { verified: true, note })).statusCode).toBe(403);
    const noNote = await api(t, admin.cookie).post(verifyInst, { verified: true });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields.note).toMatch(/what you checked/);
    expect((await api(t, admin.cookie).post(verifyInst, { verified: true, note })).statusCode).toBe(200);
    const shopUrl = `/api/admin/shops/${maker.shop.id}/verification`;
    expect((await api(t, admin.cookie).post(shopUrl, { verified: true })).statusCode).toBe(400);
    expect(
      (await api(t, admin.cookie).post(shopUrl, { verified: true, note: 'Visited the workshop' })).statusCode,
    ).toBe(200);
    expect(
      (await api(t, admin.cookie).post('/api/admin/shops/nope/verification', { verified: true, note }))
        .statusCode,
    ).toBe(404);
    expect((await api(t, admin.cookie).post(verifyInst, { verified: 'yes' })).statusCode).toBe(400);

    // The storefront states what the shop's badge rests on.
    const storefront = (await api(t, null).get(`/api/profile/l/${maker.shop.slug}`)).json();
    expect(storefront).toMatchObject({
      verified: true,
      verification: { adminName: 'Ada Admin', note: 'Visited the workshop' },
    });
    const detail = (await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(detail).toMatchObject({ verified: true, luthier: { verified: true } });
    expect(detail.verification).toMatchObject({ adminName: 'Ada Admin', note });
    expect(Date.now() - Date.parse(detail.verification.at)).toBeLessThan(60_000);
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['created', 'verified']);
    expect(await kindsOf(maker.user.id)).toEqual(
      expect.arrayContaining(['verification_given', 'verification_given']),
    );
    const after = (await api(t, admin.cookie).get('/api/admin/queue')).json();
    expect(after.instruments.map((i: { name: string }) => i.name)).not.toContain('Queue Violin');
    const verified = (await api(t, admin.cookie).get('/api/admin/queue?verified=true')).json();
    const row = verified.instruments.find((i: { name: string }) => i.name === 'Queue Violin');
    expect(row.verification).toMatchObject({ adminName: 'Ada Admin', note });
    await api(t, admin.cookie).post(verifyInst, { verified: false });
    const unverified = (await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(unverified).toMatchObject({ verified: false, verification: null });
    expect(await kindsOf(maker.user.id)).toContain('verification_removed');
  });

  it('renaming a verified shop removes its badge and puts it back in the queue; other edits keep it', async () => {
    const maker = await luthierWithShop(t, 'Rename Me');
    const admin = await signedInUser(t, { role: 'admin' });
    await api(t, admin.cookie).post(`/api/admin/shops/${maker.shop.id}/verification`, {
      verified: true,
      note: 'Checked the trade register',
    });
    const shopBody = {
      name: 'Rename Me',
      bio: '',
      workshopBio: 'Same name, new words',
      location: 'Cremona, Italy',
      establishedYear: null,
      specializations: [],
      published: true,
    };
    const keep = await api(t, maker.cookie).patch('/api/account/shop', shopBody);
    expect(keep.statusCode).toBe(200);
    const queued = async (): Promise<string[]> =>
      (await api(t, admin.cookie).get('/api/admin/queue'))
        .json<{ shops: { id: string }[] }>()
        .shops.map((s) => s.id);
    expect(await queued()).not.toContain(maker.shop.id);
    expect(
      (await api(t, maker.cookie).patch('/api/account/shop', { ...shopBody, name: 'Renamed' })).statusCode,
    ).toBe(200);
    expect(await queued()).toContain(maker.shop.id);
    // The queue says why, and the admins are told.
    const item = (await api(t, admin.cookie).get('/api/admin/queue'))
      .json<{ shops: { id: string; recheckReason: string | null }[] }>()
      .shops.find((s) => s.id === maker.shop.id);
    expect(item?.recheckReason).toBe(
      'Verification removed: name changed (renamed from "Rename Me" to "Renamed").',
    );
    expect(await kindsOf(admin.user.id)).toContain('verification_removed');
  });

  it('correcting a verified instrument after its first transfer removes the badge', async () => {
    const maker = await luthierWithShop(t, 'Correcting Shop');
    const owner = await signedInUser(t, { displayName: 'Cora Owner' });
    const admin = await signedInUser(t, { role: 'admin' });
    const inst = await createOwnership(t, maker, owner.user, { name: 'Corrected Cello' });
    await api(t, admin.cookie).post(`/api/admin/instruments/${inst.id}/verification`, {
      verified: true,
      note: 'Matched the serial against the workshop book',
    });
    const res = await api(t, maker.cookie).patch(`/api/registry/instruments/${inst.id}`, {
      serialNumber: 'CC-2',
      reason: 'The label was misread',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verified: false, verification: null });
    // First in the admins' queue, saying what changed; every admin is told.
    const queue = (await api(t, admin.cookie).get('/api/admin/queue')).json();
    expect(queue.instruments[0]).toMatchObject({
      id: inst.id,
      recheckReason: 'Verification removed: serial number changed (corrected: The label was misread).',
    });
    expect(await kindsOf(owner.user.id)).toContain('verification_removed');
    expect(await kindsOf(admin.user.id)).toContain('verification_removed');
    // An admin's new decision answers the request.
    await api(t, admin.cookie).post(`/api/admin/instruments/${inst.id}/verification`, {
      verified: true,
      note: 'Read the corrected serial on the label',
    });
    const verified = (await api(t, admin.cookie).get('/api/admin/queue?verified=true')).json();
    expect(verified.instruments.find((i: { id: string }) => i.id === inst.id)).toMatchObject({
      recheckReason: null,
    });
  });
});
