// The academy's certificate key: CERTIFICATE_SIGNING_KEY, or one generated on first start and kept in the
// database. Every key that signed is kept public in certificate_keys, so the JWKS still verifies certificates
// signed before a rotation; an operator may retire a key (it signs no more) or revoke it (see keys.ts).
import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { toBase64Url } from '../../contract/certificate-jwt';
import type { Jwks } from '../../contract/certificates';
import type { Db } from '../db/client';
import { certificateKeys } from '../db/schema';
import type { Env } from '../env';
import { ed25519FromSeed, parseSigningKey } from '../log/signing-key';

export class CertificateKeyError extends Error {}

/** One signing key: its RFC 7638 thumbprint (the JWT header's `kid`, the JWKS entry's) and its signature. */
export interface SigningKey {
  kid: string;
  /** Signs a JWT payload: a compact JWS with EdDSA (Ed25519). */
  signJwt(payload: Record<string, unknown>): string;
}

export interface CertificateSigner extends SigningKey {
  /** PUBLIC_URL without a trailing slash: the issuer's id and every URL in a credential start with it. */
  publicUrl: string;
  /**
   * The key to sign with now, checked inside the issuing transaction: this signer's key while it is stored and
   * neither retired nor revoked (an operator may do either from another process at any time), else the newest
   * usable generated key, else a new one stored in the same transaction.
   */
  current(tx: Db): Promise<SigningKey>;
}

const b64url = (bytes: Uint8Array | Buffer) => toBase64Url(new Uint8Array(bytes));

/** The RFC 7638 thumbprint of an Ed25519 public key (the members in lexicographic order, no spaces). */
export function jwkThumbprint(x: string): string {
  return b64url(createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest());
}

function keyFromSeed(seed: Buffer): { privateKey: KeyObject; x: string; kid: string } {
  const { privateKey, publicKey } = ed25519FromSeed(seed);
  const x = b64url(publicKey);
  return { privateKey, x, kid: jwkThumbprint(x) };
}

function signingKey(seed: Buffer): SigningKey {
  const { privateKey, kid } = keyFromSeed(seed);
  return {
    kid,
    signJwt(payload) {
      const header = { alg: 'EdDSA', kid, typ: 'vc+jwt', cty: 'vc' };
      const input = `${b64url(Buffer.from(JSON.stringify(header)))}.${b64url(Buffer.from(JSON.stringify(payload)))}`;
      return `${input}.${b64url(sign(null, Buffer.from(input), privateKey))}`;
    },
  };
}

const usable = and(isNull(certificateKeys.retiredAt), isNull(certificateKeys.revokedAt));

/** The newest generated key that may still sign, or a new one (stored; two racing starts may both add one). */
async function generatedKey(db: Db): Promise<Buffer> {
  const newest = async () =>
    (
      await db
        .select({ seed: certificateKeys.seed })
        .from(certificateKeys)
        .where(and(isNotNull(certificateKeys.seed), usable))
        .orderBy(desc(certificateKeys.createdAt))
        .limit(1)
    )[0]?.seed;
  let seed = await newest();
  if (!seed) {
    const fresh = randomBytes(32);
    const { x, kid } = keyFromSeed(fresh);
    await db
      .insert(certificateKeys)
      .values({ kid, publicKey: x, seed: fresh.toString('base64') })
      .onConflictDoNothing();
    // Two instances starting together may both generate: both then use the newest stored one.
    seed = await newest();
  }
  if (!seed) throw new CertificateKeyError('could not store the certificate signing key');
  return Buffer.from(seed, 'base64');
}

/** Whether the key is stored and may sign; the row is share-locked so a retirement waits for this signature. */
async function mayStillSign(tx: Db, kid: string): Promise<boolean> {
  const [row] = await tx
    .select({ retiredAt: certificateKeys.retiredAt, revokedAt: certificateKeys.revokedAt })
    .from(certificateKeys)
    .where(eq(certificateKeys.kid, kid))
    .for('share');
  return !!row && !row.retiredAt && !row.revokedAt;
}

export function createCertificateSigner(seed: Buffer, publicUrl: string): CertificateSigner {
  let active = signingKey(seed);
  const signer: CertificateSigner = {
    publicUrl: publicUrl.replace(/\/+$/, ''),
    get kid() {
      return active.kid;
    },
    signJwt: (payload) => active.signJwt(payload),
    async current(tx) {
      // A key generated in a transaction that then rolled back is not stored: it is replaced here too.
      if (!(await mayStillSign(tx, active.kid))) {
        active = signingKey(await generatedKey(tx));
        await mayStillSign(tx, active.kid);
      }
      return active;
    },
  };
  return signer;
}

/**
 * The signer for this start. CERTIFICATE_SIGNING_KEY wins while it may sign (its public key is recorded so it stays
 * published after a later rotation); otherwise the newest usable generated key; otherwise a new key is generated
 * and stored. A retired or revoked CERTIFICATE_SIGNING_KEY is passed over for a generated key.
 */
export async function loadCertificateSigner(db: Db, env: Env): Promise<CertificateSigner> {
  if (env.CERTIFICATE_SIGNING_KEY) {
    const seed = parseSigningKey(env.CERTIFICATE_SIGNING_KEY);
    if (!seed)
      throw new CertificateKeyError('CERTIFICATE_SIGNING_KEY is not a base64 Ed25519 seed of 32 bytes');
    const { x, kid } = keyFromSeed(seed);
    await db.insert(certificateKeys).values({ kid, publicKey: x, seed: null }).onConflictDoNothing();
    const [row] = await db
      .select({ kid: certificateKeys.kid })
      .from(certificateKeys)
      .where(and(eq(certificateKeys.kid, kid), usable));
    if (row) return createCertificateSigner(seed, env.publicUrl);
  }
  return createCertificateSigner(await generatedKey(db), env.publicUrl);
}

/**
 * The JWKS: every key that signed a certificate and is not revoked, oldest first. A key that signed nothing is
 * not listed (nothing needs it, and a published key is one more to guard); a revoked key is withdrawn, so
 * independent verifiers refuse what it signed too. Signing is recorded on the key (firstSignedAt), so a key
 * stays listed after the certificates it signed are deleted with their learners: copies may still be around.
 */
export async function publishedKeys(db: Db): Promise<Jwks> {
  const rows = await db
    .select({ kid: certificateKeys.kid, x: certificateKeys.publicKey })
    .from(certificateKeys)
    .where(and(isNotNull(certificateKeys.firstSignedAt), isNull(certificateKeys.revokedAt)))
    .orderBy(certificateKeys.createdAt, certificateKeys.kid);
  return {
    keys: rows.map((r) => ({
      kty: 'OKP' as const,
      crv: 'Ed25519' as const,
      x: r.x,
      kid: r.kid,
      alg: 'EdDSA' as const,
      use: 'sig' as const,
    })),
  };
}
