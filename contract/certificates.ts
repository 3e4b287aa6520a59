import { z } from 'zod';
import { INSTRUMENT_CATEGORIES, INSTRUMENT_TYPES } from './registry-values';

/** What a course builds, for the courses that end with an instrument: the passport form starts from it. */
export const courseBuildSchema = z.object({
  instrumentType: z.enum(INSTRUMENT_TYPES),
  category: z.enum(INSTRUMENT_CATEGORIES),
  numberOfStrings: z.number().int().nullable(),
});
export type CourseBuild = z.infer<typeof courseBuildSchema>;

/** The name the academy issues certificates under (the credential's issuer profile). */
export const ACADEMY_ISSUER_NAME = 'Luthier Registry Academy';

/** Certificate ids: 16 characters of Crockford base32 (80 random bits), so a link cannot be guessed. */
export const CERTIFICATE_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** One of the learner's certificates (GET /api/lms/certificates). */
export const certificateSchema = z.object({
  id: z.string(),
  course: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  learnerName: z.string(),
  issuedAt: z.string(),
  /** Listed on the learner's public profile. */
  showOnProfile: z.boolean(),
  /** Set when the course builds an instrument: the passport form starts from it. */
  builds: courseBuildSchema.nullable(),
  /** Passports registered as built in this course, by this learner. */
  instruments: z.array(z.object({ id: z.string(), passportCode: z.string(), name: z.string() })),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateListSchema = z.array(certificateSchema);

/** PATCH /api/lms/certificates/{id}. */
/** A JSON merge patch of the learner's settings for one certificate (left out: unchanged). */
export const certificateSettingsSchema = z.object({ showOnProfile: z.boolean() }).partial();
export type CertificateSettingsInput = z.infer<typeof certificateSettingsSchema>;

/**
 * GET /api/public/certificates/{id}: the signed credential (compact VC-JWT), the credential it carries, whether
 * the server could verify its signature with a published key, and what the page shows beside it.
 */
export const publicCertificateSchema = z.object({
  id: z.string(),
  jwt: z.string(),
  credential: z.record(z.string(), z.unknown()),
  verified: z.boolean(),
  /** Why it does not verify (null when it does): a changed credential, an unknown key, a revoked key. */
  reason: z.string().nullable(),
  /** When the academy revoked the key that signed it (then it never verifies), or null. */
  keyRevokedAt: z.string().nullable(),
  learnerName: z.string(),
  /** The learner's public profile, when they chose to list the certificate there. */
  learnerHandle: z.string().nullable(),
  course: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  issuedAt: z.string(),
  builds: courseBuildSchema.nullable(),
  /** Public passports of instruments built in this course by this learner. */
  instruments: z.array(z.object({ passportCode: z.string(), name: z.string() })),
  /** Present for the signed-in learner it belongs to. */
  mine: z.boolean(),
  showOnProfile: z.boolean().optional(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** What a certificate says once the key that signed it was revoked; the day in UTC, as every copy says it. */
export const revokedKeyMessage = (revokedAt: string) =>
  `This certificate's signing key was revoked on ${new Intl.DateTimeFormat('en', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(revokedAt))}.`;

/** An RSA key (RS256): what signs new certificates; its `kid` is the URL that serves this JWK alone. */
const rsaJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  kid: z.string(),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
});

/** An Ed25519 key (EdDSA, RFC 8037): what signed the first certificates; its `kid` is its RFC 7638 thumbprint. */
const okpJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

export const certificateJwkSchema = z.union([rsaJwkSchema, okpJwkSchema]);

/**
 * GET /.well-known/jwks.json (application/jwk-set+json): every key that signed a certificate and was not revoked
 * (RFC 7517), each under the `kid` the certificates it signed name.
 */
export const jwksSchema = z.object({ keys: z.array(certificateJwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;

/** A certificate as the learner's public profile lists it. */
export const profileCertificateSchema = z.object({
  id: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
});

/** LinkedIn's "Add licence or certification" form, prefilled. */
export function linkedInAddUrl(input: {
  courseTitle: string;
  issuedAt: string;
  certificateUrl: string;
  certificateId: string;
}): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: input.courseTitle,
    organizationName: ACADEMY_ISSUER_NAME,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.certificateUrl,
    certId: input.certificateId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** On a passport: the academy course its maker built it in, linked to the maker's certificate. */
export const builtInSchema = z.object({ certificateId: z.string(), courseTitle: z.string() }).nullable();
export type BuiltIn = z.infer<typeof builtInSchema>;
