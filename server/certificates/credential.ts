import { ACADEMY_ISSUER_NAME } from '../../contract/certificates';

export interface CredentialFacts {
  id: string;
  publicUrl: string;
  learnerName: string;
  course: { slug: string; title: string; description: string; lessons: number };
  issuedAt: Date;
}

const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
const OB_SCHEMA =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

/** Seconds precision: the credential's dates and the JWT's claims say the same instant. */
const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export const certificateUrl = (publicUrl: string, id: string) => `${publicUrl}/certificates/${id}`;

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
      },
    },
    credentialSchema: [{ id: OB_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
}

/**
 * The VC-JWT claims: the credential itself (VC-JOSE-COSE: the JWT claims set is the credential) with the
 * registered claims generic JWT tools read, which say the same as the credential (`iss` = issuer id, `jti` = id,
 * `iat`/`nbf` = validFrom).
 */
export function jwtClaims(credential: Record<string, unknown>, issuedAt: Date): Record<string, unknown> {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  const issuer = credential.issuer as { id: string };
  return { ...credential, iss: issuer.id, jti: credential.id, iat: seconds, nbf: seconds };
}
