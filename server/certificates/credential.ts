import { createHash } from 'node:crypto';
import { ACADEMY_ISSUER_NAME } from '../../contract/certificates';

export interface CredentialFacts {
  id: string;
  publicUrl: string;
  /** The learner's account: their credential subject id is derived from it. */
  userId: string;
  learnerName: string;
  course: {
    slug: string;
    title: string;
    description: string;
    lessons: number;
    /** Who wrote the course, when a luthier of the registry did: named as the achievement's creator. */
    author?: { name: string; shopSlug: string } | null;
  };
  issuedAt: Date;
}

const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
const OB_SCHEMA =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

/** Seconds precision: the credential's dates and the JWT's claims say the same instant. */
const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export const certificateUrl = (publicUrl: string, id: string) => `${publicUrl}/certificates/${id}`;

/**
 * The learner's credential subject id: a `urn:uuid:` URI (RFC 9562 name-based, SHA-1 "version 5" layout over a
 * SHA-256 digest) derived from their account id, the same on every certificate they earn. It names the learner
 * without revealing the account id (random, so the digest cannot be reversed by trying ids).
 */
export function learnerSubjectId(userId: string): string {
  const bytes = createHash('sha256').update(`luthier-registry:learner:${userId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Open Badges 3.0 OpenBadgeCredential (a W3C Verifiable Credential 2.0) for a completed course: the academy
 * as issuer profile, the learner as an AchievementSubject named in `name` and in an `identifier` of type name
 * (the person has no DID), and the course as the Achievement with its criteria.
 */
export function buildCredential(facts: CredentialFacts): Record<string, unknown> {
  const { publicUrl, course } = facts;
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', OB_CONTEXT],
    id: certificateUrl(publicUrl, facts.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${course.title}: certificate of completion`,
    issuer: {
      id: `${publicUrl}/`,
      type: ['Profile'],
      name: ACADEMY_ISSUER_NAME,
      url: `${publicUrl}/explore`,
    },
    validFrom: isoSeconds(facts.issuedAt),
    credentialSubject: {
      id: learnerSubjectId(facts.userId),
      type: ['AchievementSubject'],
      name: facts.learnerName,
      identifier: [
        { type: 'IdentityObject', identityHash: facts.learnerName, identityType: 'name', hashed: false },
      ],
      achievement: {
        id: `${publicUrl}/listing/${course.slug}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: course.title,
        description: course.description,
        criteria: {
          narrative: `Completed every lesson of the course (${course.lessons} lessons) in the ${ACADEMY_ISSUER_NAME}.`,
        },
        ...(course.author
          ? {
              creator: {
                id: `${publicUrl}/l/${course.author.shopSlug}`,
                type: ['Profile'],
                name: course.author.name,
              },
            }
          : {}),
      },
    },
    credentialSchema: [{ id: OB_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
}

/**
 * The JWT payload of Open Badges 3.0 §8.2.4: the credential itself with the registered claims that say the same
 * (`iss` = issuer.id, `jti` = id, `sub` = credentialSubject.id, `nbf` = validFrom; `iat` too, for generic JWT
 * tools). No `exp`: the credential has no validUntil.
 */
export function jwtClaims(credential: Record<string, unknown>, issuedAt: Date): Record<string, unknown> {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  const issuer = credential.issuer as { id: string };
  const subject = credential.credentialSubject as { id: string };
  return { ...credential, iss: issuer.id, sub: subject.id, jti: credential.id, iat: seconds, nbf: seconds };
}
