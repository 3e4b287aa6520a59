import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassportLogBundle } from '../../../contract/log';
import { checkRevealed } from '../../../contract/log/commitment';
import { decodeLeaf } from '../../../contract/log/leaf';
import { verifyBundleJson } from '../../../scripts/verify/run-verify';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, luthierWithShop } from '../registry/registry-test-kit';

/*
 * The owner's copy of the dossier: the public dossier plus the private values the log commits to, with their
 * salts, so the owner can prove a price or a cost to whom they choose. Only the current owner (for what was
 * recorded while it was theirs) and admins (everything) may have it.
 */
let t: TestApp;
let code = '';
let instrumentId = '';
const cookies: Record<'maker' | 'buyer' | 'stranger' | 'admin', string> = {
  maker: '',
  buyer: '',
  stranger: '',
  admin: '',
};

async function ownerCopy(cookie: string | null) {
  const res = await api(t, cookie).get(`/api/registry/instruments/${instrumentId}/owner-dossier.pdf`);
  if (res.statusCode !== 200) return { status: res.statusCode, res };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owner-dossier-'));
  const file = path.join(dir, 'owner-dossier.pdf');
  fs.writeFileSync(file, res.rawPayload);
  execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
  const json = fs.readFileSync(path.join(dir, 'passport-log.json'), 'utf8');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { status: 200, res, json, bundle: JSON.parse(json) as PassportLogBundle, text, dir };
}

const service = (cost: number, notes: string) => ({
  serviceType: 'setup',
  serviceDate: new Date().toISOString().slice(0, 10),
  description: 'Setup and new strings',
  cost,
  costCurrency: 'USD',
  notes,
});

beforeAll(async () => {
  t = await createTestApp();
  const maker = await luthierWithShop(t, 'Dossier Workshop');
  const buyer = await signedInUser(t, {
    displayName: 'Bea Buyer',
    handle: 'bea-buyer',
    onboardingComplete: true,
  });
  cookies.maker = maker.cookie;
  cookies.buyer = buyer.cookie;
  cookies.stranger = (await signedInUser(t, { onboardingComplete: true })).cookie;
  cookies.admin = (await signedInUser(t, { role: 'admin', onboardingComplete: true })).cookie;

  const made = await api(t, maker.cookie).post('/api/registry/instruments', {
    name: 'Dossier Dreadnought',
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2022,
  });
  expect(made.statusCode).toBe(201);
  const { id, passportCode } = made.json<{ id: string; passportCode: string }>();
  code = passportCode;
  instrumentId = id;
  // While the maker owns it: a service, and two estimates of its value (the log commits to each change's old
  // and new value: private values).
  const first = await api(t, maker.cookie).post(
    `/api/registry/instruments/${id}/service-records`,
    service(111, 'maker only'),
  );
  expect(first.statusCode).toBe(201);
  for (const estimatedValue of [1000, 1111])
    expect(
      (
        await api(t, maker.cookie).patch(`/api/registry/instruments/${id}`, {
          estimatedValue,
          estimatedValueCurrency: 'USD',
        })
      ).statusCode,
    ).toBe(200);
  const offer = await api(t, maker.cookie).post(`/api/registry/instruments/${id}/transfers`, {
    recipient: buyer.user.email,
    method: 'purchase',
    price: 2500,
    currency: 'USD',
  });
  expect(offer.statusCode).toBe(201);
  const accepted = await api(t, buyer.cookie).post(
    `/api/registry/transfers/${offer.json<{ id: string }>().id}/accept`,
  );
  expect(accepted.statusCode).toBe(200);
  // The buyer's own service, and their own estimate.
  const second = await api(t, buyer.cookie).post(
    `/api/registry/instruments/${id}/service-records`,
    service(222, 'buyer note'),
  );
  expect(second.statusCode).toBe(201);
  expect(
    (
      await api(t, buyer.cookie).patch(`/api/registry/instruments/${id}`, {
        estimatedValue: 3333,
        estimatedValueCurrency: 'USD',
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/registry/instruments/:id/owner-dossier.pdf', () => {
  it('is for the current owner and admins only', async () => {
    expect((await ownerCopy(null)).status).toBe(401);
    expect((await ownerCopy(cookies.stranger)).status).toBe(403);
    // The maker sold it: no longer theirs.
    expect((await ownerCopy(cookies.maker)).status).toBe(403);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
      expect(
        (await api(t, cookies.buyer).get(`/api/registry/instruments/${unknown}/owner-dossier.pdf`))
          .statusCode,
      ).toBe(404);
  });

  it("gives the owner the salts of what was recorded while it was theirs, and they open the log's commitments", async () => {
    const copy = await ownerCopy(cookies.buyer);
    expect(copy.status).toBe(200);
    if (copy.status !== 200) return;
    expect(copy.res.headers['cache-control']).toBe('private, no-store');
    expect(copy.res.headers['content-disposition']).toContain('attachment');
    // Their estimate and its currency, from nothing (a new owner starts without the maker's figure) to theirs;
    // never the maker's earlier estimates.
    const revealed = copy.bundle!.revealed!;
    expect(revealed.filter((r) => r.path.startsWith('changes.')).map((r) => [r.path, r.value])).toEqual([
      ['changes.0.from', null],
      ['changes.0.to', 3333],
      ['changes.1.from', null],
      ['changes.1.to', 'USD'],
    ]);
    // The free text of their own service is committed in its leaf too, and theirs to open; the maker's is not.
    expect(revealed.filter((r) => !r.path.startsWith('changes.')).map((r) => r.path)).toEqual(
      expect.arrayContaining(['servicerName']),
    );
    expect(revealed.map((r) => r.value)).not.toContain('maker only');
    expect(copy.text).toContain("OWNER'S COPY");
    expect(copy.text).toMatch(/changes\.0\.to: 3333/);
    expect(copy.text).not.toMatch(/: 1000\b/);

    const leaves = new Map(
      copy.bundle!.entries.map((e) => [
        e.index,
        decodeLeaf(Buffer.from(e.leafBase64, 'base64').toString('utf8')),
      ]),
    );
    expect(await checkRevealed(leaves, copy.bundle!.revealed!)).toEqual({
      ok: true,
      opened: copy.bundle!.revealed!.length,
    });
    // The public dossier carries no salts.
    const pub = await api(t, null).get(`/p/${code}/dossier.pdf`);
    expect(pub.rawPayload.includes(Buffer.from('"revealed"'))).toBe(false);
  });

  it('gives an admin every private value, and npm run verify checks them offline', async () => {
    const copy = await ownerCopy(cookies.admin);
    expect(copy.status).toBe(200);
    if (copy.status !== 200) return;
    const values = copy.bundle!.revealed!.map((r) => r.value);
    const estimates = copy.bundle!.revealed!.filter((r) => r.path.startsWith('changes.'));
    // The first estimate sets its currency too, committed like the value; the maker's second keeps it; the
    // buyer starts without an estimate, so theirs sets both again.
    expect(estimates.map((r) => r.value)).toEqual([
      null,
      1000,
      null,
      'USD',
      1000,
      1111,
      null,
      3333,
      null,
      'USD',
    ]);
    const opts = { policyText: (await api(t, null).get('/log/policy')).body };
    const ok = await verifyBundleJson(copy.json!, opts);
    expect(ok.code).toBe(0);
    expect(ok.lines.join('\n')).toContain(`${values.length} private values open their commitments`);

    // One altered salt, or one altered value, and the copy no longer verifies.
    const forged = structuredClone(copy.bundle!);
    const target = forged.revealed!.find((r) => r.value === 3333)!;
    target.value = 2222;
    const bad = await verifyBundleJson(JSON.stringify(forged), opts);
    expect(bad.code).toBe(1);
    expect(bad.lines.at(-1)).toMatch(/^FAILED: the private value at .* does not open its commitment$/);
    const salted = structuredClone(copy.bundle!);
    salted.revealed![0]!.salt = '0'.repeat(64);
    expect((await verifyBundleJson(JSON.stringify(salted), opts)).code).toBe(1);
  });
});
