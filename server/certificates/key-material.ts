// Certificate key material: RSA keys (RS256, what Open Badges 3.0 requires every verifier to support) sign new
// certificates; Ed25519 keys (EdDSA) signed the first ones and stay published so those still verify. JWKs and
// RFC 7638 thumbprints come from `jose`.
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

type CertificateAlg = 'RS256' | 'EdDSA';

/** A key as certificate_keys stores it: `publicKey` is the Ed25519 `x`, or an RSA public JWK as JSON. */
interface StoredPublicKey {
  kid: string;
  alg: string;
  publicKey: string;
}

/** The smallest RSA modulus accepted (RFC 7518 §3.3 asks for 2048 bits at least). */
const RSA_MIN_BITS = 2048;

/**
 * An RSA private key given as CERTIFICATE_SIGNING_KEY: PKCS#8 (or PKCS#1) PEM, or the base64 of PKCS#8 DER.
 * Null when it is not an RSA private key of at least 2048 bits.
 */
export function parseRsaPrivateKey(text: string): KeyObject | null {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey({ key: trimmed.replace(/\\n/g, '\n'), format: 'pem' })
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    return null;
  }
  if (key.asymmetricKeyType !== 'rsa') return null;
  return (key.asymmetricKeyDetails?.modulusLength ?? 0) >= RSA_MIN_BITS ? key : null;
}

/** A new RSA signing key (2048 bits, e = 65537). */
export async function generateRsaKey(): Promise<KeyObject> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: RSA_MIN_BITS });
  return privateKey;
}

/** How a generated RSA private key is kept in certificate_keys.seed: base64 of PKCS#8 DER. */
export const rsaPrivateToStored = (key: KeyObject) =>
  key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
export const rsaPrivateFromStored = (stored: string) =>
  createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });

/** The public JWK (kty and key members only, never `d`) and its RFC 7638 thumbprint, the key's id. */
export async function describeKey(
  privateKey: KeyObject,
): Promise<{ alg: CertificateAlg; kid: string; publicKey: string; jwk: JWK }> {
  const full = await exportJWK(createPublicKey(privateKey));
  if (full.kty === 'RSA') {
    const jwk: JWK = { kty: 'RSA', n: full.n, e: full.e };
    return { alg: 'RS256', kid: await calculateJwkThumbprint(jwk), publicKey: JSON.stringify(jwk), jwk };
  }
  const jwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: full.x };
  return { alg: 'EdDSA', kid: await calculateJwkThumbprint(jwk), publicKey: full.x!, jwk };
}

/**
 * The key id a certificate's JWT header names. RS256 keys: a URL that dereferences to the key's JWK (Open Badges
 * 3.0 §8.2: `kid` is a URI); the Ed25519 keys of the first certificates were named by their bare thumbprint, and
 * the JWKS keeps naming them so, as the tokens they signed do.
 */
export const headerKid = (publicUrl: string, key: { kid: string; alg: string }) =>
  key.alg === 'RS256' ? keyUrl(publicUrl, key.kid) : key.kid;

/** Where one published key's JWK is served. */
const keyUrl = (publicUrl: string, thumbprint: string) => `${publicUrl}/.well-known/jwks/${thumbprint}`;

/** The JWK a stored public key publishes, with its header kid, algorithm and use. */
export function publishedJwk(stored: StoredPublicKey, publicUrl: string) {
  const kid = headerKid(publicUrl, stored);
  if (stored.alg === 'RS256') {
    const { n, e } = JSON.parse(stored.publicKey) as { n: string; e: string };
    return { kty: 'RSA' as const, n, e, kid, alg: 'RS256' as const, use: 'sig' as const };
  }
  return {
    kty: 'OKP' as const,
    crv: 'Ed25519' as const,
    x: stored.publicKey,
    kid,
    alg: 'EdDSA' as const,
    use: 'sig' as const,
  };
}
