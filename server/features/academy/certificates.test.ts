import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq, max } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCertificate } from '../../../contract/certificates';
import { issueDueCertificates } from '../../certificates/issue';
import { loadCertificateSigner } from '../../certificates/signing';
import { createShop } from '../../db/builders/accounts';
import { createCourse } from '../../db/builders/academy';
import { certificates, lessonProgress } from '../../db/schema';
import { readEnv } from '../../env';
import { call } from '../../test/api-client';
import { rsaSigningKey } from '../../test/rsa-key';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { read } from './progress-test-clock';

let t: TestApp;

const BUILDS = { instrumentType: 'guitar', category: 'classical', numberOfStrings: 6 } as const;

beforeAll(async () => {
  t = await createTestApp();
  // Three reading lessons: the third completion issues the certificate.
  await createCourse(t.db, {
    id: 'ct',
    slug: 'certified-course',
    title: 'A Certified Course',
    description: 'Three short readings.',
    builds: BUILDS,
    sections: [{ title: 'All', lessons: [1, 2, 3].map((n) => ({ title: `L${n}`, durationMinutes: 1 })) }],
  });
});
afterAll(async () => t.close());

const complete = async (cookie: string, n: number) =>
  (await call(t, 'POST /api/lms/lessons/:lessonId/complete', { params: { lessonId: `ct-l${n}` }, cookie }))
    .body;
type Person = { cookie: string; user: { id: string } };
/** Reads lesson n for half its minute, as its page's timer would, then marks it complete. */
const finish = async (person: Person, n: number) => {
  await read(t, person.cookie, person.user.id, `ct-l${n}`, 30);
  return complete(person.cookie, n);
};
const mine = async (cookie: string) => (await call(t, 'GET /api/lms/certificates', { cookie })).body;
const publicView = async (id: string, cookie?: string) =>
  call(t, 'GET /api/public/certificates/:id', { params: { id }, cookie });
const jwks = async () => (await call(t, 'GET /.well-known/jwks.json')).body;

/** A learner (with a full name) who completed the whole course; returns them and their certificate id. */
async function graduate(name = 'Ada Lovelace') {
  const person = await signedInUser(t, { displayName: name });
  await finish(person, 1);
  await finish(person, 2);
  const last = await finish(person, 3);
  return { ...person, certificateId: last.certificateId! };
}

describe('certificates of completion', () => {
  it('are issued by the last lesson of a course, once, and listed as the learner’s', async () => {
    const person = await signedInUser(t, { displayName: 'Grace Hopper' });
    expect((await finish(person, 1)).certificateId).toBeNull();
    // The third lesson is locked until the second is completed.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/lms/lessons/ct-l3/complete',
      headers: { cookie: person.cookie },
    });
    expect(early.statusCode).toBe(403);
    expect(await mine(person.cookie)).toEqual([]);
    expect((await finish(person, 2)).certificateId).toBeNull();
    const last = await finish(person, 3);
    expect(last.completedNow).toBe(true);
    expect(last.certificateId).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    // Completing again changes nothing and issues nothing.
    const again = await complete(person.cookie, 3);
    expect(again.completedNow).toBe(false);
    expect(again.certificateId).toBeNull();
    const list = await mine(person.cookie);
    expect(list).toEqual([
      {
        id: last.certificateId,
        course: { id: 'ct', slug: 'certified-course', title: 'A Certified Course' },
        learnerName: 'Grace Hopper',
        issuedAt: expect.any(String),
        showOnProfile: false,
        builds: BUILDS,
        instruments: [],
      },
    ]);
    expect(Math.abs(Date.parse(list[0]!.issuedAt) - Date.now())).toBeLessThan(60_000);
    const rows = await t.db.select().from(certificates).where(eq(certificates.userId, person.user.id));
    expect(rows).toHaveLength(1);
    const guest = await t.app.inject({ url: '/api/lms/certificates' });
    expect(guest.statusCode).toBe(401);
  });

  it('completions of the last lesson at the same moment issue exactly one certificate', async () => {
    // Several learners, each completing their last lesson from several tabs at once: every write of a learner
    // queues on their clock, and the enrolment row and the unique index hold as well.
    await Promise.all(
      [1, 2, 3, 4, 5].map(async () => {
        const person = await signedInUser(t);
        await finish(person, 1);
        await finish(person, 2);
        await read(t, person.cookie, person.user.id, 'ct-l3', 30);
        const answers = await Promise.all([1, 2, 3].map(() => complete(person.cookie, 3)));
        expect(answers.map((a) => a.certificateId).filter(Boolean)).toHaveLength(1);
        expect(await mine(person.cookie)).toHaveLength(1);
      }),
    );
  });

  it('carry an Open Badges 3.0 credential that an independent JOSE library verifies with the published key', async () => {
    const { certificateId } = await graduate();
    const res = await publicView(certificateId);
    expect(res.status).toBe(200);
    const view = res.body;
    expect(view).toMatchObject({
      id: certificateId,
      verified: true,
      learnerName: 'Ada Lovelace',
      learnerHandle: null,
      course: { id: 'ct', slug: 'certified-course', title: 'A Certified Course' },
      mine: false,
      builds: BUILDS,
    });
    expect(view).not.toHaveProperty('showOnProfile');
    const origin = t.env.publicUrl.replace(/\/$/, '');
    expect(view.credential).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      id: `${origin}/certificates/${certificateId}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: {
        id: `${origin}/`,
        type: ['Profile'],
        name: 'Luthier Registry Academy',
        url: `${origin}/explore`,
      },
      validFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      credentialSubject: {
        id: expect.stringMatching(
          /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        type: ['AchievementSubject'],
        name: 'Ada Lovelace',
        achievement: {
          id: `${origin}/listing/certified-course`,
          type: ['Achievement'],
          name: 'A Certified Course',
          criteria: { narrative: expect.stringContaining('3 lessons') },
        },
      },
    });

    const keys = await jwks();
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS256', use: 'sig' });
    expect(keys.keys[0]!.kid).toMatch(new RegExp(`^${origin}/\\.well-known/jwks/[A-Za-z0-9_-]{43}$`));
    const header = decodeProtectedHeader(view.jwt);
    expect(header).toEqual({ alg: 'RS256', kid: keys.keys[0]!.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(view.jwt, createLocalJWKSet(keys), {
      algorithms: ['RS256'],
      issuer: `${origin}/`,
      typ: 'JWT',
    });
    const { iss, sub, jti, iat, nbf, ...credential } = payload;
    expect(credential).toEqual(view.credential);
    expect(sub).toBe((view.credential.credentialSubject as { id: string }).id);
    expect(jti).toBe(view.credential.id);
    expect(iat).toBe(nbf);
    expect(new Date((iat as number) * 1000).toISOString().replace('.000', '')).toBe(
      view.credential.validFrom,
    );
    expect(iss).toBe(`${origin}/`);

    // A changed credential no longer verifies, for the library and for the server.
    const [h, p, s] = view.jwt.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    (forged.credentialSubject as { name: string }).name = 'Mallory';
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    await expect(jwtVerify(tampered, createLocalJWKSet(keys))).rejects.toThrow(/signature/);
    await t.db.update(certificates).set({ jwt: tampered }).where(eq(certificates.id, certificateId));
    expect((await publicView(certificateId)).body.verified).toBe(false);
    await t.db.update(certificates).set({ jwt: view.jwt }).where(eq(certificates.id, certificateId));
  });

  it('answer 404 for unknown and malformed ids, and the page head names learner and course', async () => {
    for (const id of ['0000000000000000', 'not-an-id', 'X'.repeat(90), "'; drop table certificates;--"])
      expect((await publicView(id)).status).toBe(404);
    const { certificateId } = await graduate('Hedy Lamarr');
    const head = await t.app.headFor(`/certificates/${certificateId}`);
    expect(head).toMatchObject({
      title: 'Hedy Lamarr · A Certified Course',
      path: `/certificates/${certificateId}`,
      noindex: true,
    });
  });

  it('only the learner lists a certificate on their profile', async () => {
    const owner = await graduate();
    const other = await signedInUser(t);
    const url = `/api/lms/certificates/${owner.certificateId}`;
    const byOther = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: other.cookie },
      payload: { showOnProfile: true },
    });
    expect(byOther.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: owner.cookie },
      payload: { showOnProfile: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: owner.cookie },
      payload: { showOnProfile: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ mine: true, showOnProfile: true });
    expect((await mine(owner.cookie))[0]?.showOnProfile).toBe(true);
    expect((await publicView(owner.certificateId, owner.cookie)).body).toMatchObject({ mine: true });
  });

  it('takes a merge patch: nothing sent changes nothing, and what GET answered goes back unchanged', async () => {
    const owner = await graduate('Katherine Johnson');
    const other = await signedInUser(t);
    const url = `/api/lms/certificates/${owner.certificateId}`;
    const patch = (cookie: string, payload: object, type = 'application/json') =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie, 'content-type': type },
        payload: JSON.stringify(payload),
      });
    const before = (await publicView(owner.certificateId, owner.cookie)).body;
    expect(before.showOnProfile).toBe(false);
    const empty = await patch(owner.cookie, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(before);
    const roundTrip = await patch(owner.cookie, before, 'application/merge-patch+json');
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toEqual(before);
    expect((await mine(owner.cookie))[0]?.showOnProfile).toBe(false);
    // An empty patch is still the learner's alone.
    expect((await patch(other.cookie, {})).statusCode).toBe(404);
    const shown = await patch(owner.cookie, { ...before, showOnProfile: true });
    expect(shown.json<PublicCertificate>()).toEqual({ ...before, showOnProfile: true });
  });

  it('are listed on the learner’s public profile only while they choose so', async () => {
    const person = await signedInUser(t, { displayName: 'Mary Jackson', handle: 'mary-jackson' });
    for (const n of [1, 2, 3]) await finish(person, n);
    const [certificate] = await mine(person.cookie);
    const profile = async () =>
      (await t.app.inject({ url: '/api/profile/u/mary-jackson' })).json<{ certificates: unknown[] }>();
    expect((await profile()).certificates).toEqual([]);
    const toggle = (showOnProfile: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/lms/certificates/${certificate!.id}`,
        headers: { cookie: person.cookie },
        payload: { showOnProfile },
      });
    await toggle(true);
    expect((await profile()).certificates).toEqual([
      { id: certificate!.id, courseTitle: 'A Certified Course', issuedAt: certificate!.issuedAt },
    ]);
    expect((await publicView(certificate!.id)).body).toMatchObject({ learnerHandle: 'mary-jackson' });
    await toggle(false);
    expect((await profile()).certificates).toEqual([]);
    expect((await publicView(certificate!.id)).body).toMatchObject({ learnerHandle: null });
  });

  it('let a luthier register the instrument built in the course, shown as "Built in" on both passports', async () => {
    const maker = await signedInUser(t, { displayName: 'Nia Maker', handle: 'nia-maker', role: 'luthier' });
    await createShop(t.db, maker.user.id, { name: 'Nia Guitars' });
    const stranger = await graduate('Someone Else');
    for (const n of [1, 2, 3]) await finish(maker, n);
    const [certificate] = await mine(maker.cookie);
    const register = (certificateId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registry/instruments',
        headers: { cookie: maker.cookie },
        payload: {
          name: 'Course Classical',
          instrumentType: 'guitar',
          category: 'classical',
          yearMade: new Date().getFullYear(),
          certificateId,
        },
      });
    // Someone else's certificate, or one that does not exist, cannot be claimed.
    for (const other of [stranger.certificateId, '0000000000000000']) {
      const refused = await register(other);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        fields: { certificateId: 'Choose one of your own course certificates.' },
      });
    }
    const created = await register(certificate!.id);
    expect(created.statusCode).toBe(201);
    const detail = created.json<{ id: string; passportCode: string; builtIn: unknown }>();
    expect(detail.builtIn).toEqual({ certificateId: certificate!.id, courseTitle: 'A Certified Course' });
    const publicPassport = await t.app.inject({ url: `/api/public/passports/${detail.passportCode}` });
    expect(publicPassport.json()).toMatchObject({
      builtIn: { certificateId: certificate!.id, courseTitle: 'A Certified Course' },
    });
    expect((await mine(maker.cookie))[0]?.instruments).toEqual([
      { id: detail.id, passportCode: detail.passportCode, name: 'Course Classical' },
    ]);
    expect((await publicView(certificate!.id)).body).toMatchObject({
      instruments: [{ passportCode: detail.passportCode, name: 'Course Classical' }],
    });
  });

  it('prints as a one-page PDF with the learner, the course, the address and the signed credential attached', async () => {
    const { certificateId } = await graduate('Katherine Johnson');
    const res = await t.app.inject({ url: `/api/public/certificates/${certificateId}/certificate.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="certificate-${certificateId}.pdf"`,
    );
    const file = path.join(t.dataDir, 'certificate.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Katherine Johnson');
    expect(text).toContain('A Certified Course');
    expect(text).toContain(`${t.env.publicUrl.replace(/\/$/, '')}/certificates/${certificateId}`);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    // The QR code leads to the certificate's page.
    execFileSync('pdftoppm', ['-png', '-r', '200', file, path.join(t.dataDir, 'page')]);
    const qr = execFileSync('zbarimg', ['--raw', '-q', path.join(t.dataDir, 'page-1.png')], {
      encoding: 'utf8',
    });
    expect(qr.trim()).toBe(`${t.env.publicUrl.replace(/\/$/, '')}/certificates/${certificateId}`);
    const attachments = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    expect(attachments).toContain('certificate.jwt');
    const saved = path.join(t.dataDir, 'certificate.jwt');
    execFileSync('pdfdetach', ['-save', '1', '-o', saved, file]);
    expect(fs.readFileSync(saved, 'utf8')).toBe((await publicView(certificateId)).body.jwt);
    expect(
      (await t.app.inject({ url: '/api/public/certificates/0000000000000000/certificate.pdf' })).statusCode,
    ).toBe(404);
  });

  it('keep verifying after the key is rotated: the JWKS publishes every key that signed, once it has signed', async () => {
    const before = await graduate();
    const oldKid = (await jwks()).keys.map((k) => k.kid);
    const rotated = await loadCertificateSigner(
      t.db,
      readEnv({ NODE_ENV: 'test', CERTIFICATE_SIGNING_KEY: rsaSigningKey() }),
    );
    const origin = t.env.publicUrl.replace(/\/$/, '');
    const rotatedKid = `${origin}/.well-known/jwks/${rotated.kid}`;
    expect(oldKid).not.toContain(rotatedKid);
    // The new key is published once it signs (below); until then the set is unchanged.
    const keys = await jwks();
    expect(keys.keys.map((k) => k.kid)).toEqual(oldKid);
    // The old certificate still verifies against the published set.
    const old = (await publicView(before.certificateId)).body;
    expect(old.verified).toBe(true);
    const { protectedHeader } = await jwtVerify(old.jwt, createLocalJWKSet(keys));
    expect(oldKid).toContain(protectedHeader.kid);
    // A course completed earlier, without a certificate, gets one signed by the new key at the next start.
    const late = await signedInUser(t, { displayName: 'Late Learner' });
    for (const n of [1, 2, 3]) await finish(late, n);
    await t.db.delete(certificates).where(eq(certificates.userId, late.user.id));
    // Dated by the learner's last completed lesson, to the second.
    const [lastDone] = await t.db
      .select({ at: max(lessonProgress.completedAt) })
      .from(lessonProgress)
      .where(eq(lessonProgress.userId, late.user.id));
    expect(await issueDueCertificates(t.db, rotated)).toBe(1);
    expect(await issueDueCertificates(t.db, rotated)).toBe(0);
    const [issued] = await mine(late.cookie);
    expect(Date.parse(issued!.issuedAt)).toBe(Math.floor(lastDone!.at!.getTime() / 1000) * 1000);
    const view = (await publicView(issued!.id)).body;
    expect(decodeProtectedHeader(view.jwt).kid).toBe(rotatedKid);
    expect(view.verified).toBe(true);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([...oldKid, rotatedKid]);
  });
});
