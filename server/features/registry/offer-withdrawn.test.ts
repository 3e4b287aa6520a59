import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const mailsTo = (address: string) => t.mail.filter((m) => m.to === address);

/** The maker offers a new instrument of theirs to an address no account has proven; returns both ids. */
async function offerToAddress(maker: Awaited<ReturnType<typeof luthierWithShop>>, address: string) {
  const instrument = await instrumentOf(t, maker.shop.id, {
    name: 'Withdrawn Guitar',
    images: [{ staticUrl: '/instruments/guitar-cedar.svg' }],
    history: [{ userId: maker.user.id, ownerName: 'Maker', startDate: '2024-01-01' }],
  });
  const offered = await api(t, maker.cookie).post(`/api/registry/instruments/${instrument.id}/transfers`, {
    recipient: address,
    method: 'gift',
  });
  expect(offered.statusCode).toBe(201);
  const [mail] = mailsTo(address);
  expect(mail?.subject).toBe(`${maker.user.displayName} offers you Withdrawn Guitar`);
  // It names the sender and the instrument (photo, passport code and public passport), and how to answer.
  const lines = mail!.text.split('\n');
  expect(lines[0]).toBe(
    `${maker.user.displayName} offers you the ownership of "Withdrawn Guitar" in the Luthier Registry, as a gift.`,
  );
  expect(lines).toContain(`Passport code: ${instrument.passportCode}`);
  expect(lines).toContain(
    `Public passport (maker, history, photos): ${t.env.publicUrl}/p/${instrument.passportCode}`,
  );
  expect(lines).toContain(`Photo: ${t.env.publicUrl}/instruments/guitar-cedar.svg`);
  expect(lines).toContain(
    `Accept or decline the offer here: ${t.env.publicUrl}/transfers/${offered.json<{ id: string }>().id}`,
  );
  expect(mail!.text).not.toContain(maker.user.email);
  return { instrumentId: instrument.id, transferId: offered.json<{ id: string }>().id };
}

describe('an offer mailed to an address without an account', () => {
  it('is withdrawn by mail when the sender cancels it', async () => {
    const maker = await luthierWithShop(t);
    const address = 'nobody-yet-1@example.test';
    const { transferId } = await offerToAddress(maker, address);
    const cancelled = await api(t, maker.cookie).post(`/api/registry/transfers/${transferId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const [, withdrawn] = mailsTo(address);
    expect(withdrawn?.subject).toBe('An instrument transfer offered to you was withdrawn');
    expect(withdrawn?.text).toContain('"Withdrawn Guitar" to you was cancelled by the person who made it');
    // No address of the sender's is in it.
    expect(withdrawn?.text).not.toContain(maker.user.email);
  });

  it('is withdrawn by mail when the instrument is reported stolen', async () => {
    const maker = await luthierWithShop(t);
    const address = 'nobody-yet-2@example.test';
    const { instrumentId } = await offerToAddress(maker, address);
    const reported = await api(t, maker.cookie).post(
      `/api/registry/instruments/${instrumentId}/report-stolen`,
      {
        date: '2025-03-01',
        place: 'Leeds, UK',
      },
    );
    expect(reported.statusCode).toBe(200);
    const [, withdrawn] = mailsTo(address);
    expect(withdrawn?.subject).toBe('An instrument transfer offered to you was withdrawn');
    expect(withdrawn?.text).toContain('the instrument was reported stolen');
  });
});
