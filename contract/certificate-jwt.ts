// Compact JWS (RFC 7515) with EdDSA over Ed25519 (RFC 8037), checked with WebCrypto only: the certificate page
// verifies a certificate in the browser with this, and the server uses the same code for its `verified` answer.
import { fromBase64, toBase64, utf8 } from './log/bytes';
import type { Jwks } from './certificates';

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}

export interface JwtHeader {
  alg: string;
  kid?: string;
  typ?: string;
  cty?: string;
}

export type JwtCheck =
  { ok: true; header: JwtHeader; payload: Record<string, unknown> } | { ok: false; reason: string };

const decodeJson = (part: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));

/** Splits a compact JWT without checking it (for showing what it claims). */
export function decodeJwt(jwt: string): { header: JwtHeader; payload: Record<string, unknown> } {
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Error('not a compact JWT');
  return {
    header: decodeJson(parts[0]!) as JwtHeader,
    payload: decodeJson(parts[1]!) as Record<string, unknown>,
  };
}

/**
 * Checks an EdDSA compact JWT against a JWKS: the header names a published key (`kid`), the algorithm is EdDSA and
 * the Ed25519 signature over `header.payload` holds. Never throws: a malformed token is a reason.
 */
export async function verifyEdDsaJwt(jwt: string, jwks: Jwks): Promise<JwtCheck> {
  let decoded: { header: JwtHeader; payload: Record<string, unknown> };
  try {
    decoded = decodeJwt(jwt);
  } catch {
    return { ok: false, reason: 'The certificate is not a well-formed signed credential.' };
  }
  const { header, payload } = decoded;
  if (header.alg !== 'EdDSA') return { ok: false, reason: `Unexpected signature algorithm ${header.alg}.` };
  const key = jwks.keys.find((k) => k.kid === header.kid);
  if (!key) return { ok: false, reason: 'The key that signed it is not one the academy publishes.' };
  try {
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const publicKey = await crypto.subtle.importKey(
      'raw',
      fromBase64Url(key.x) as Uint8Array<ArrayBuffer>,
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    const valid = await crypto.subtle.verify(
      { name: 'Ed25519' },
      publicKey,
      fromBase64Url(s) as Uint8Array<ArrayBuffer>,
      utf8(`${h}.${p}`) as Uint8Array<ArrayBuffer>,
    );
    return valid
      ? { ok: true, header, payload }
      : { ok: false, reason: 'The signature does not match the credential: it was changed after signing.' };
  } catch {
    return { ok: false, reason: 'The signature could not be checked.' };
  }
}
