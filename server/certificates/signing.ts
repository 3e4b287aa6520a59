// The academy's certificate key: CERTIFICATE_SIGNING_KEY, or one generated on first start and kept in the
// database. Every key that ever signed is kept public in certificate_keys, so the JWKS still verifies
// certificates signed before a rotation.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { desc, isNotNull } from 'drizzle-orm';
import { toBase64Url } from '../../contract/certificate-jwt';
import type { Jwks } from '../../contract/certificates';
import type { Db } from '../db/client';
import { certificateKeys } from '../db/schema';
import type { Env } from '../env';
import { parseSigningKey } from '../log/signing-key';

export class CertificateKeyError extends Error {}

export interface CertificateSigner {
  /** RFC 7638 thumbprint of the public key; the JWT header's `kid` and the JWKS entry's. */
  kid: string;
  /** PUBLIC_URL without a trailing slash: the issuer's id and every URL in a credential start with it. */
  publicUrl: string;
  /** Signs a JWT payload: a compact JWS with EdDSA (Ed25519). */
  signJwt(payload: Record<string, unknown>): string;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const b64url = (bytes: Uint8Array | Buffer) => toBase64Url(new Uint8Array(bytes));

/** The RFC 7638 thumbprint of an Ed25519 public key (the members in lexicographic order, no spaces). */
export function jwkThumbprint(x: string): string {
  return b64url(createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest());
}

function keyFromSeed(seed: Buffer): { privateKey: KeyObject; x: string; kid: string } {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const x = b64url(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32));
  return { privateKey, x, kid: jwkThumbprint(x) };
}

export function createCertificateSigner(seed: Buffer, publicUrl: string): CertificateSigner {
  const { privateKey, kid } = keyFromSeed(seed);
  return {
    kid,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    signJwt(payload) {
      const header = { alg: 'EdDSA', kid, typ: 'vc+jwt', cty: 'vc' };
      const input = `${b64url(Buffer.from(JSON.stringify(header)))}.${b64url(Buffer.from(JSON.stringify(payload)))}`;
      return `${input}.${b64url(sign(null, Buffer.from(input), privateKey))}`;
    },
  };
}

/**
 * The signer for this start. CERTIFICATE_SIGNING_KEY wins (its public key is recorded so it stays published
 * after a later rotation); otherwise the newest generated key; otherwise a new key is generated and stored.
 */
export async function loadCertificateSigner(db: Db, env: Env): Promise<CertificateSigner> {
  if (env.CERTIFICATE_SIGNING_KEY) {
    const seed = parseSigningKey(env.CERTIFICATE_SIGNING_KEY);
    if (!seed)
      throw new CertificateKeyError('CERTIFICATE_SIGNING_KEY is not a base64 Ed25519 seed of 32 bytes');
    const { x, kid } = keyFromSeed(seed);
    await db.insert(certificateKeys).values({ kid, publicKey: x, seed: null }).onConflictDoNothing();
    return createCertificateSigner(seed, env.publicUrl);
  }
  const newest = async () =>
    (
      await db
        .select({ seed: certificateKeys.seed })
        .from(certificateKeys)
        .where(isNotNull(certificateKeys.seed))
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
  return createCertificateSigner(Buffer.from(seed, 'base64'), env.publicUrl);
}

/** Every key that ever signed a certificate, oldest first. */
export async function publishedKeys(db: Db): Promise<Jwks> {
  const rows = await db
    .select({ kid: certificateKeys.kid, x: certificateKeys.publicKey })
    .from(certificateKeys)
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
