// The academy's certificate key: CERTIFICATE_SIGNING_KEY (an RSA private key), or one generated on first start and
// kept in the database. New certificates are signed with RS256 (Open Badges 3.0 §8.2). Every key that signed is
// kept public in certificate_keys, so the JWKS still verifies certificates signed before a rotation, the Ed25519
// (EdDSA) ones of the first certificates included; an operator may retire a key (it signs no more) or revoke it
// (see keys.ts).
import type { KeyObject } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Jwks } from '../../contract/certificates';
import type { Db } from '../db/client';
import { certificateKeys } from '../db/schema';
import type { Env } from '../env';
import { ed25519FromSeed, parseSigningKey } from '../log/signing-key';
import {
  describeKey,
  generateRsaKey,
  headerKid,
  parseRsaPrivateKey,
  publishedJwk,
  rsaPrivateFromStored,
  rsaPrivateToStored,
} from './key-material';

export class CertificateKeyError extends Error {}

/** One signing key: its RFC 7638 thumbprint (certificate_keys' id) and its signature. */
export interface SigningKey {
  kid: string;
  /** Signs a JWT payload: a compact JWS, header `{alg: RS256, kid: <URL of the JWK>, typ: JWT}`. */
  signJwt(payload: Record<string, unknown>): Promise<string>;
}

export interface CertificateSigner extends SigningKey {
  /** PUBLIC_URL without a trailing slash: the issuer's id and every URL in a credential start with it. */
  publicUrl: string;
  /**
   * The key to sign with now, checked inside the issuing transaction: this signer's key while it is stored and
   * neither retired nor revoked (an operator may do either from another process at any time), else the newest
   * usable generated RSA key, else a new one stored in the same transaction.
   */
  current(tx: Db): Promise<SigningKey>;
}

async function signingKey(privateKey: KeyObject, publicUrl: string): Promise<SigningKey> {
  const { kid } = await describeKey(privateKey);
  const header = { alg: 'RS256', kid: headerKid(publicUrl, { kid, alg: 'RS256' }), typ: 'JWT' };
  return {
    kid,
    signJwt: (payload) => new SignJWT(payload).setProtectedHeader(header).sign(privateKey),
  };
}

const usable = and(
  eq(certificateKeys.alg, 'RS256'),
  isNull(certificateKeys.retiredAt),
  isNull(certificateKeys.revokedAt),
);

/** The newest generated RSA key that may still sign, or a new one (stored; two racing starts may both add one). */
async function generatedKey(db: Db): Promise<KeyObject> {
  const newest = async () =>
    (
      await db
        .select({ seed: certificateKeys.seed })
        .from(certificateKeys)
        .where(and(isNotNull(certificateKeys.seed), usable))
        .orderBy(desc(certificateKeys.createdAt))
        .limit(1)
    )[0]?.seed;
  let stored = await newest();
  if (!stored) {
    const fresh = await generateRsaKey();
    const { kid, publicKey } = await describeKey(fresh);
    await db
      .insert(certificateKeys)
      .values({ kid, alg: 'RS256', publicKey, seed: rsaPrivateToStored(fresh) })
      .onConflictDoNothing();
    // Two instances starting together may both generate: both then use the newest stored one.
    stored = await newest();
  }
  if (!stored) throw new CertificateKeyError('could not store the certificate signing key');
  return rsaPrivateFromStored(stored);
}

/** Whether the key is stored and may sign; the row is share-locked so a retirement waits for this signature. */
async function mayStillSign(tx: Db, kid: string): Promise<boolean> {
  const [row] = await tx
    .select({ kid: certificateKeys.kid })
    .from(certificateKeys)
    .where(and(eq(certificateKeys.kid, kid), usable))
    .for('share');
  return !!row;
}

async function createCertificateSigner(privateKey: KeyObject, publicUrl: string): Promise<CertificateSigner> {
  const base = publicUrl.replace(/\/+$/, '');
  let active = await signingKey(privateKey, base);
  const signer: CertificateSigner = {
    publicUrl: base,
    get kid() {
      return active.kid;
    },
    signJwt: (payload) => active.signJwt(payload),
    async current(tx) {
      // A key generated in a transaction that then rolled back is not stored: it is replaced here too.
      if (!(await mayStillSign(tx, active.kid))) {
        active = await signingKey(await generatedKey(tx), base);
        await mayStillSign(tx, active.kid);
      }
      return active;
    },
  };
  return signer;
}

/**
 * An Ed25519 seed given as CERTIFICATE_SIGNING_KEY (what signed before RS256): recorded so it stays published if it
 * signed, and retired, so it signs nothing more.
 */
async function recordLegacyKey(db: Db, seed: Buffer): Promise<void> {
  const { kid, publicKey } = await describeKey(ed25519FromSeed(seed).privateKey);
  await db
    .insert(certificateKeys)
    .values({ kid, alg: 'EdDSA', publicKey, seed: null, retiredAt: new Date() })
    .onConflictDoNothing();
}

/**
 * The signer for this start. An RSA CERTIFICATE_SIGNING_KEY wins while it may sign (its public key is recorded so
 * it stays published after a later rotation); otherwise the newest usable generated RSA key; otherwise a new one
 * is generated and stored. A retired or revoked CERTIFICATE_SIGNING_KEY is passed over for a generated key, and so
 * is an Ed25519 one (recorded, retired).
 */
export async function loadCertificateSigner(db: Db, env: Env): Promise<CertificateSigner> {
  const configured = env.CERTIFICATE_SIGNING_KEY;
  if (configured) {
    const rsa = parseRsaPrivateKey(configured);
    const seed = rsa ? null : parseSigningKey(configured);
    if (!rsa && !seed)
      throw new CertificateKeyError(
        'CERTIFICATE_SIGNING_KEY is neither an RSA private key nor an Ed25519 seed',
      );
    if (seed) await recordLegacyKey(db, seed);
    if (rsa) {
      const { kid, publicKey } = await describeKey(rsa);
      await db
        .insert(certificateKeys)
        .values({ kid, alg: 'RS256', publicKey, seed: null })
        .onConflictDoNothing();
      const [row] = await db
        .select({ kid: certificateKeys.kid })
        .from(certificateKeys)
        .where(and(eq(certificateKeys.kid, kid), usable));
      if (row) return createCertificateSigner(rsa, env.publicUrl);
    }
  }
  return createCertificateSigner(await generatedKey(db), env.publicUrl);
}

const published = and(isNotNull(certificateKeys.firstSignedAt), isNull(certificateKeys.revokedAt));
const stored = { kid: certificateKeys.kid, alg: certificateKeys.alg, publicKey: certificateKeys.publicKey };

/**
 * The JWKS: every key that signed a certificate and is not revoked, oldest first, each under the kid the tokens it
 * signed carry. A key that signed nothing is not listed (nothing needs it, and a published key is one more to
 * guard); a revoked key is withdrawn, so independent verifiers refuse what it signed too. Signing is recorded on
 * the key (firstSignedAt), so a key stays listed after the certificates it signed are deleted with their learners:
 * copies may still be around.
 */
export async function publishedKeys(db: Db, publicUrl: string): Promise<Jwks> {
  const rows = await db
    .select(stored)
    .from(certificateKeys)
    .where(published)
    .orderBy(asc(certificateKeys.createdAt), asc(certificateKeys.kid));
  const base = publicUrl.replace(/\/+$/, '');
  return { keys: rows.map((r) => publishedJwk(r, base)) };
}

/** One published key's JWK, by its thumbprint (what an RS256 certificate's `kid` URL names); null otherwise. */
export async function publishedKey(db: Db, publicUrl: string, thumbprint: string) {
  const [row] = await db
    .select(stored)
    .from(certificateKeys)
    .where(and(eq(certificateKeys.kid, thumbprint), published));
  return row ? publishedJwk(row, publicUrl.replace(/\/+$/, '')) : null;
}
