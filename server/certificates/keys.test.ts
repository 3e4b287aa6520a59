import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressSaveResponse } from '../../contract/academy';
import type { Jwks, PublicCertificate } from '../../contract/certificates';
import { createCourse } from '../db/builders/academy';
import { certificateKeys } from '../db/schema';
import { read } from '../features/academy/progress-test-clock';
import { readEnv } from '../env';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app';
import { rsaSigningKey } from '../test/rsa-key';
import { listKeys, retireKey, revokeKey, thumbprintOf } from './keys';
import { loadCertificateSigner } from './signing';

// An operator's hold on the certificate keys: only keys that signed are published, a retired key signs no more but
// keeps verifying what it signed, a revoked key leaves the JWKS and its certificates say so. The app under test
// keeps running across each change, as a server does while `npm run admin -- keys …` runs beside it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCourse(t.db, {
    id: 'kt',
    slug: 'keyed-course',
    title: 'A Keyed Course',
    description: 'Two short readings.',
    sections: [{ title: 'All', lessons: [1, 2].map((n) => ({ title: `L${n}`, durationMinutes: 1 })) }],
  });
});
afterAll(async () => t.close());

const jwks = async () => (await t.app.inject({ url: '/.well-known/jwks.json' })).json<Jwks>();
const view = async (id: string) =>
  (await t.app.inject({ url: `/api/public/certificates/${id}` })).json<PublicCertificate>();

async function graduate(): Promise<{ id: string; kid: string }> {
  const person = await signedInUser(t, { displayName: 'Key Learner' });
  let last: ProgressSaveResponse | undefined;
  for (const n of [1, 2]) {
    await read(t, person.cookie, person.user.id, `kt-l${n}`, 40);
    last = (
      await t.app.inject({
        method: 'POST',
        url: `/api/lms/lessons/kt-l${n}/complete`,
        headers: { cookie: person.cookie },
      })
    ).json<ProgressSaveResponse>();
  }
  const id = last!.certificateId!;
  return { id, kid: decodeProtectedHeader((await view(id)).jwt).kid! };
}

/** Verified by an independent JOSE library against the JWKS as served. */
const joseVerifies = async (jwt: string) =>
  jwtVerify(jwt, createLocalJWKSet(await jwks())).then(
    () => true,
    () => false,
  );

describe('certificate keys', () => {
  it('publishes only keys that signed something', async () => {
    // The start generated and stored a key; it has signed nothing yet.
    expect((await t.db.select().from(certificateKeys)).length).toBeGreaterThan(0);
    expect((await jwks()).keys).toEqual([]);
    const first = await graduate();
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([first.kid]);
    // A key configured later (a rotation prepared for the next start) is stored but signed nothing: not listed.
    const unused = await loadCertificateSigner(
      t.db,
      readEnv({ NODE_ENV: 'test', CERTIFICATE_SIGNING_KEY: rsaSigningKey() }),
    );
    expect(
      (await t.db.select().from(certificateKeys).where(eq(certificateKeys.kid, unused.kid))).length,
    ).toBe(1);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([first.kid]);
    expect(await joseVerifies((await view(first.id)).jwt)).toBe(true);
  });

  it('a retired key signs no more; what it signed still verifies', async () => {
    const before = await graduate();
    expect(await retireKey(t.db, before.kid)).toBe('done');
    expect(await retireKey(t.db, before.kid)).toBe('already');
    const after = await graduate();
    expect(after.kid).not.toBe(before.kid);
    const next = await graduate();
    expect(next.kid).toBe(after.kid);
    const kids = (await jwks()).keys.map((k) => k.kid);
    expect(kids).toContain(before.kid);
    expect(kids).toContain(after.kid);
    for (const { id } of [before, after]) {
      const v = await view(id);
      expect(v).toMatchObject({ verified: true, reason: null, keyRevokedAt: null });
      expect(await joseVerifies(v.jwt)).toBe(true);
    }
    const listed = await listKeys(t.db);
    expect(listed.find((k) => k.kid === thumbprintOf(before.kid))).toMatchObject({
      status: 'retired',
      published: true,
    });
    expect(listed.find((k) => k.kid === thumbprintOf(after.kid))).toMatchObject({
      status: 'signing',
      certificates: 2,
    });
  });

  it('a retired CERTIFICATE_SIGNING_KEY is passed over at the next start for a generated key', async () => {
    const env = readEnv({
      NODE_ENV: 'test',
      CERTIFICATE_SIGNING_KEY: rsaSigningKey(),
    });
    const configured = await loadCertificateSigner(t.db, env);
    expect(await retireKey(t.db, configured.kid)).toBe('done');
    const restarted = await loadCertificateSigner(t.db, env);
    expect(restarted.kid).not.toBe(configured.kid);
    const [row] = await t.db.select().from(certificateKeys).where(eq(certificateKeys.kid, restarted.kid));
    expect(row?.seed).not.toBeNull();
    expect(row?.retiredAt).toBeNull();
  });

  it('a revoked key leaves the JWKS and every certificate it signed says revoked: API, page data and PDF', async () => {
    const victim = await graduate();
    const at = new Date('2026-11-20T23:30:00Z');
    expect(await revokeKey(t.db, victim.kid, at)).toBe('done');
    expect(await revokeKey(t.db, 'no-such-kid')).toBe('unknown');
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(victim.kid);
    const res = await t.app.inject({ url: `/api/public/certificates/${victim.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: victim.id,
      verified: false,
      reason: "This certificate's signing key was revoked on November 20, 2026.",
      keyRevokedAt: at.toISOString(),
    });
    // Independent verifiers refuse it too: the key is no longer published.
    expect(await joseVerifies(res.json<PublicCertificate>().jwt)).toBe(false);

    const pdf = await t.app.inject({ url: `/api/public/certificates/${victim.id}/certificate.pdf` });
    const file = path.join(t.dataDir, 'revoked.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain("This certificate's signing key was revoked on November 20, 2026.");

    // The academy keeps issuing, with another key, and those verify.
    const fresh = await graduate();
    expect(fresh.kid).not.toBe(victim.kid);
    expect(await view(fresh.id)).toMatchObject({ verified: true, reason: null, keyRevokedAt: null });
    expect(await joseVerifies((await view(fresh.id)).jwt)).toBe(true);
    expect((await listKeys(t.db)).find((k) => k.kid === thumbprintOf(victim.kid))).toMatchObject({
      status: 'revoked',
      published: false,
    });
  });
});
