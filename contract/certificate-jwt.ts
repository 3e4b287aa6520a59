// Verifying a certificate's compact JWS against the academy's JWKS with `jose`: RS256 for the certificates issued
// since Open Badges 3.0 §8.2 was followed to the letter, EdDSA (Ed25519) for the first ones. The certificate page
// runs this in the browser (its own chunk: jose loads on that page only); the server runs it for `verified`.
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import type { Jwks } from './certificates';

export type JwtCheck =
  | { ok: true; header: ProtectedHeaderParameters; payload: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: string };

/** The algorithms certificates were ever signed with. */
const CERTIFICATE_ALGORITHMS = ['RS256', 'EdDSA'];

/** What a person reads for the algorithm: RSA or Ed25519. */
export const algorithmName = (alg: string | undefined) =>
  alg === 'RS256' ? 'RSA, RS256' : alg === 'EdDSA' ? 'Ed25519' : (alg ?? 'unknown');

/**
 * Checks a compact JWT against a JWKS: the header names a published key (`kid`) with one of the certificates'
 * algorithms, the signature holds, and the credential is valid by now (`nbf`, with a minute for clocks). Never
 * throws: a malformed token is a reason.
 */
export async function verifyCertificateJwt(jwt: string, jwks: Jwks): Promise<JwtCheck> {
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return { ok: false, reason: 'The certificate is not a well-formed signed credential.' };
  }
  if (!header.alg || !CERTIFICATE_ALGORITHMS.includes(header.alg))
    return { ok: false, reason: `Unexpected signature algorithm ${String(header.alg)}.` };
  if (!jwks.keys.some((k) => k.kid === header.kid))
    return { ok: false, reason: 'The key that signed it is not one the academy publishes.' };
  try {
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
      algorithms: CERTIFICATE_ALGORITHMS,
      clockTolerance: 60,
    });
    return { ok: true, header: protectedHeader, payload };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed)
      return {
        ok: false,
        reason: 'The signature does not match the credential: it was changed after signing.',
      };
    if (error instanceof errors.JWTClaimValidationFailed)
      return { ok: false, reason: 'The credential is not valid yet.' };
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
      return { ok: false, reason: 'The certificate is not a well-formed signed credential.' };
    return { ok: false, reason: 'The signature could not be checked.' };
  }
}
