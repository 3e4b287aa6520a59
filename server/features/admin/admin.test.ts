import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('admin verification', () => {
  it('only admins see the queue and verify shops and instruments; the passport logs it', async () => {
    const maker = await luthierWithShop(t, 'Queue Shop');
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Queue Violin' });
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await api(t, maker.cookie).get('/api/admin/queue')).statusCode).toBe(403);
    expect((await api(t, null).get('/api/admin/queue')).statusCode).toBe(401);
    const queue = (await api(t, admin.cookie).get('/api/admin/queue')).json();
    expect(queue.shops.map((s: { name: string }) => s.name)).toContain('Queue Shop');
    expect(queue.instruments.map((i: { name: string }) => i.name)).toContain('Queue Violin');

    const verifyInst = `/api/admin/instruments/${inst.id}/verification`;
    expect((await api(t, maker.cookie).post(verifyInst, { verified: true })).statusCode).toBe(403);
    expect((await api(t, admin.cookie).post(verifyInst, { verified: true })).statusCode).toBe(200);
    expect(
      (await api(t, admin.cookie).post(`/api/admin/shops/${maker.shop.id}/verification`, { verified: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api(t, admin.cookie).post('/api/admin/shops/nope/verification', { verified: true })).statusCode,
    ).toBe(404);
    expect((await api(t, admin.cookie).post(verifyInst, { verified: 'yes' })).statusCode).toBe(400);

    const detail = (await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(detail).toMatchObject({ verified: true, luthier: { verified: true } });
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['created', 'verified']);
    const after = (await api(t, admin.cookie).get('/api/admin/queue')).json();
    expect(after.instruments.map((i: { name: string }) => i.name)).not.toContain('Queue Violin');
    const verified = (await api(t, admin.cookie).get('/api/admin/queue?verified=true')).json();
    expect(verified.instruments.map((i: { name: string }) => i.name)).toContain('Queue Violin');
    await api(t, admin.cookie).post(verifyInst, { verified: false });
    expect((await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json().verified).toBe(false);
  });
});
