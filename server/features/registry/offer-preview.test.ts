import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

// The offer's mailed link before its recipient can answer: a new buyer without an account (or with one whose
// address is not confirmed yet) sees what is offered and by whom, and nothing that is only the two sides'.

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Preview Bench');
});
afterAll(async () => t.close());

async function offerTo(email: string, name: string) {
  const instrument = await instrumentOf(t, maker.shop.id, {
    name,
    images: [{ staticUrl: '/images/instruments/guitar.svg', caption: 'Front' }],
  });
  const res = await api(t, maker.cookie).post(`/api/registry/instruments/${instrument.id}/transfers`, {
    recipient: email,
    method: 'purchase',
    price: 3200,
    currency: 'GBP',
  });
  expect(res.statusCode).toBe(201);
  await t.app.inject({ url: '/api/health' });
  const mail = t.mail.filter((m) => m.to === email).at(-1);
  const link = /\/transfers\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`no offer link in ${JSON.stringify(mail?.text)}`);
  return { id: link, instrument };
}

describe('an offer preview from the mailed link', () => {
  it('shows a guest the instrument, its passport code and the sender, and nothing private', async () => {
    const email = 'preview-buyer@example.test';
    const { id, instrument } = await offerTo(email, 'Preview Archtop');
    const res = await api(t, null).get(`/api/registry/transfers/${id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      instrument: {
        name: 'Preview Archtop',
        passportCode: instrument.passportCode,
        imageUrl: expect.any(String),
      },
      fromName: maker.user.displayName,
      method: 'purchase',
      status: 'pending',
      expiresAt: expect.any(String),
    });
    // Neither the recipient nor the price, under any name.
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain('3200');
    expect(res.body).not.toContain('GBP');
  });

  it('is the same for a new account whose address is not confirmed, which still cannot open the offer itself', async () => {
    const email = 'preview-unconfirmed@example.test';
    const { id } = await offerTo(email, 'Preview Mandolin');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a long passphrase', displayName: 'New Buyer' },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered);
    expect((await api(t, cookie).get(`/api/registry/transfers/${id}`)).statusCode).toBe(404);
    const preview = await api(t, cookie).get(`/api/registry/transfers/${id}/preview`);
    expect(preview.json()).toMatchObject({ instrument: { name: 'Preview Mandolin' }, status: 'pending' });
  });

  it('says when the offer is no longer open, and answers 404 for an unknown or malformed id', async () => {
    const { id } = await offerTo('preview-cancelled@example.test', 'Preview Cello');
    expect((await api(t, maker.cookie).post(`/api/registry/transfers/${id}/cancel`)).statusCode).toBe(200);
    const after = await api(t, null).get(`/api/registry/transfers/${id}/preview`);
    expect(after.json().status).toBe('cancelled');
    for (const bad of ['sIxb2FWZW5q0SWQR7rghTTH1', 'not.an.id', 'x'.repeat(100)]) {
      const res = await api(t, null).get(`/api/registry/transfers/${bad}/preview`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('This offer does not exist. Check the link in your mail.');
    }
  });
});
