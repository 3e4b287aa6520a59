import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  calculateJwkThumbprint,
  createRemoteJWKSet,
  decodeProtectedHeader,
  exportJWK,
  importJWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCertificate } from '../../../contract/certificates';
import type { ProgressSaveResponse } from '../../../contract/academy';
import { newCertificateId } from '../../certificates/issue';
import { createCourse } from '../../db/builders/academy';
import { certificateKeys, certificates } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { read } from './progress-test-clock';

// A certificate checked the way an outside Open Badges 3.0 verifier checks it (§8.2.5 "Verify a Credential"), over
// HTTP against the running server, with libraries of its own: jose for the JWS and the key found through `kid`,
// ajv for 1EdTech's OB 3.0 JSON schema and W3C's VC 2.0 schema (both kept in test-fixtures/, see its README).

const fixtures = path.join(import.meta.dirname, '../../../test-fixtures/open-badges');
const schema = (file: string) => JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8')) as object;

let t: TestApp;
let base: string;

/** A free port, so PUBLIC_URL (every `kid` URL starts with it) names the address the server listens on. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: base } });
  await createCourse(t.db, {
    id: 'ob',
    slug: 'open-badge-course',
    title: 'An Open Badge Course',
    description: 'Two short readings.',
    sections: [{ title: 'All', lessons: [1, 2].map((n) => ({ title: `L${n}`, durationMinutes: 1 })) }],
  });
  await createCourse(t.db, {
    id: 'ob2',
    slug: 'second-course',
    title: 'A Second Course',
    description: 'One reading.',
    sections: [{ title: 'All', lessons: [{ title: 'Only', durationMinutes: 1 }] }],
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

async function graduate(displayName: string) {
  const person = await signedInUser(t, { displayName });
  let last: ProgressSaveResponse | undefined;
  for (const n of [1, 2]) {
    await read(t, person.cookie, person.user.id, `ob-l${n}`, 30);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/lms/lessons/ob-l${n}/complete`,
      headers: { cookie: person.cookie },
    });
    last = res.json<ProgressSaveResponse>();
  }
  return { ...person, certificateId: last!.certificateId! };
}

const fetchCertificate = async (id: string) =>
  (await (await fetch(`${base}/api/public/certificates/${id}`)).json()) as PublicCertificate;

describe('a certificate, as an outside Open Badges 3.0 verifier sees it', () => {
  it('has the header, claims, key and schema §8.2 asks for', async () => {
    const { certificateId, user, cookie } = await graduate('Ada Lovelace');
    const jwt = (await fetchCertificate(certificateId)).jwt;

    // JOSE header: only alg, kid, jwk, typ; RS256; typ "JWT"; kid a URI.
    const header = decodeProtectedHeader(jwt);
    expect(Object.keys(header).every((k) => ['alg', 'kid', 'jwk', 'typ'].includes(k))).toBe(true);
    expect(header.alg).toBe('RS256');
    expect(header.typ).toBe('JWT');
    expect(header.kid).toMatch(new RegExp(`^${base}/\\.well-known/jwks/[A-Za-z0-9_-]{43}$`));

    // Dereference kid: the JWK of the public key (no private member), whose thumbprint ends the URL.
    const res = await fetch(header.kid!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/jwk\+json/);
    const jwk = (await res.json()) as Record<string, string>;
    expect(jwk).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS256', kid: header.kid });
    expect(jwk).not.toHaveProperty('d');
    expect(header.kid!.endsWith(`/${await calculateJwkThumbprint(jwk)}`)).toBe(true);
    const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'RS256'), { typ: 'JWT' });

    // The same key through the issuer's JWKS, served as a JWK set.
    const set = await fetch(`${base}/.well-known/jwks.json`);
    expect(set.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    await jwtVerify(jwt, createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`)), {
      algorithms: ['RS256'],
    });

    // Claims against the credential (§8.2.5.1).
    const credential = payload as Record<string, unknown> & {
      issuer: { id: string };
      credentialSubject: { id: string; name: string };
    };
    expect(payload.iss).toBe(credential.issuer.id);
    expect(payload.sub).toBe(credential.credentialSubject.id);
    expect(payload.sub).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(payload.jti).toBe(credential.id);
    expect(new Date(payload.nbf! * 1000).toISOString().replace('.000', '')).toBe(credential.validFrom);
    expect(payload.nbf! * 1000).toBeLessThanOrEqual(Date.now());
    expect(payload).not.toHaveProperty('exp');
    expect(credential.credentialSubject.name).toBe('Ada Lovelace');

    // The learner's subject id is stable: their next certificate names the same subject; another learner's not.
    await read(t, cookie, user.id, 'ob2-l1', 30);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/lms/lessons/ob2-l1/complete',
      headers: { cookie },
    });
    const secondId = second.json<ProgressSaveResponse>().certificateId!;
    expect(secondId).not.toBe(certificateId);
    const subOf = async (id: string) =>
      (await jwtVerify((await fetchCertificate(id)).jwt, await importJWK(jwk, 'RS256'))).payload.sub;
    expect(await subOf(secondId)).toBe(payload.sub);
    expect(await subOf((await graduate('Grace Hopper')).certificateId)).not.toBe(payload.sub);

    // The schemas: 1EdTech's OB 3.0 AchievementCredential schema and W3C's VC 2.0 schema.
    const ob = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ob);
    const obValid = ob.compile(schema('ob_v3p0_achievementcredential_schema.json'));
    expect(obValid(payload), JSON.stringify(obValid.errors)).toBe(true);
    const vc = new Ajv2020({ strict: false, allErrors: true });
    addFormats(vc);
    const vcValid = vc.compile(schema('vc-2.0-verifiable-credential-schema.json'));
    expect(vcValid(payload), JSON.stringify(vcValid.errors)).toBe(true);
    // The schema does reject what it should: a credential without its achievement.
    const { achievement: _dropped, ...subject } = credential.credentialSubject as Record<string, unknown>;
    expect(obValid({ ...payload, credentialSubject: subject })).toBe(false);
  });

  it('keeps verifying a certificate signed with Ed25519 before RS256: in the API, by jose, and on the PDF', async () => {
    // A certificate as the academy issued them before: EdDSA, bare-thumbprint kid, VC-JOSE-COSE header.
    const { certificateId: fresh, user } = await graduate('Hedy Lamarr');
    const [row] = await t.db.select().from(certificates);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    await t.db.insert(certificateKeys).values({
      kid,
      alg: 'EdDSA',
      publicKey: jwk.x!,
      seed: null,
      firstSignedAt: new Date('2026-11-01T00:00:00Z'),
      retiredAt: new Date('2026-11-20T00:00:00Z'),
    });
    const id = newCertificateId();
    const credential = { ...row!.credential, id: `${base}/certificates/${id}` };
    const jwt = await new SignJWT({ ...credential, iss: `${base}/`, jti: credential.id })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'vc+jwt', cty: 'vc' })
      .setIssuedAt(new Date('2026-11-02T00:00:00Z'))
      .setNotBefore(new Date('2026-11-02T00:00:00Z'))
      .sign(privateKey);
    await t.db.insert(certificates).values({
      id,
      userId: user.id,
      courseId: 'ob2',
      learnerName: 'Hedy Lamarr',
      courseTitle: 'A Second Course',
      issuedAt: new Date('2026-11-02T00:00:00Z'),
      kid,
      jwt,
      credential,
    });

    const view = await fetchCertificate(id);
    expect(view).toMatchObject({ verified: true, reason: null });
    const keys = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
    expect((await jwtVerify(jwt, keys, { algorithms: ['EdDSA'] })).protectedHeader.kid).toBe(kid);
    // The new certificate, signed with RS256, verifies against the same set.
    expect((await jwtVerify((await fetchCertificate(fresh)).jwt, keys)).protectedHeader.alg).toBe('RS256');
    // The old key's own address serves it too.
    expect(await (await fetch(`${base}/.well-known/jwks/${kid}`)).json()).toMatchObject({ kty: 'OKP', kid });

    const pdf = await fetch(`${base}/api/public/certificates/${id}/certificate.pdf`);
    const file = path.join(t.dataDir, 'legacy.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Signed (Ed25519, Open Badges 3.0 credential) with key ${kid}`);

    // A changed old certificate fails, for the server and for jose.
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
      credentialSubject: { name: string };
    };
    forged.credentialSubject.name = 'Mallory';
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    await expect(jwtVerify(tampered, keys)).rejects.toThrow(/signature/);
    await t.db.update(certificates).set({ jwt: tampered }).where(eq(certificates.id, id));
    expect(await fetchCertificate(id)).toMatchObject({
      verified: false,
      reason: 'The signature does not match the credential: it was changed after signing.',
    });
  });

  it('answers 404 for a key id it does not publish', async () => {
    for (const kid of ['A'.repeat(43), 'not-a-thumbprint', '..%2F..%2Fetc'])
      expect((await fetch(`${base}/.well-known/jwks/${kid}`)).status).toBe(404);
  });
});
