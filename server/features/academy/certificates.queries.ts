import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { revokedKeyMessage, type Certificate, type PublicCertificate } from '../../../contract/certificates';
import { verifyCertificateJwt } from '../../../contract/certificate-jwt';
import { keyRevokedAt } from '../../certificates/keys';
import { publishedKeys } from '../../certificates/signing';
import type { Db } from '../../db/client';
import { certificates, courses, instruments, users } from '../../db/schema';

const summary = {
  id: certificates.id,
  userId: certificates.userId,
  learnerName: certificates.learnerName,
  issuedAt: certificates.issuedAt,
  showOnProfile: certificates.showOnProfile,
  jwt: certificates.jwt,
  credential: certificates.credential,
  courseId: courses.id,
  courseSlug: courses.slug,
  // The title as certified: a later rename of the course does not change what the certificate says.
  courseTitle: certificates.courseTitle,
  builds: courses.builds,
};

/** Passports built in these certificates' courses, by certificate, oldest first. */
async function builtIn(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; passportCode: string; name: string }[]>();
  const rows = await db
    .select({
      certificateId: instruments.builtInCertificateId,
      id: instruments.id,
      passportCode: instruments.passportCode,
      name: instruments.name,
    })
    .from(instruments)
    .where(inArray(instruments.builtInCertificateId, ids))
    .orderBy(asc(instruments.createdAt));
  const byCertificate = new Map<string, { id: string; passportCode: string; name: string }[]>();
  for (const { certificateId, ...instrument } of rows)
    byCertificate.set(certificateId!, [...(byCertificate.get(certificateId!) ?? []), instrument]);
  return byCertificate;
}

/** The learner's certificates, newest first. */
export async function myCertificates(db: Db, userId: string): Promise<Certificate[]> {
  const rows = await db
    .select(summary)
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), asc(certificates.id));
  const built = await builtIn(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    course: { id: r.courseId, slug: r.courseSlug, title: r.courseTitle },
    learnerName: r.learnerName,
    issuedAt: r.issuedAt.toISOString(),
    showOnProfile: r.showOnProfile,
    builds: r.builds ?? null,
    instruments: built.get(r.id) ?? [],
  }));
}

/**
 * Shows or hides a certificate on the learner's profile (undefined: left as it is); false when it is not theirs
 * (or does not exist).
 */
export async function setShowOnProfile(
  db: Db,
  userId: string,
  id: string,
  show: boolean | undefined,
): Promise<boolean> {
  const theirs = and(eq(certificates.id, id), eq(certificates.userId, userId));
  if (show === undefined)
    return (await db.select({ id: certificates.id }).from(certificates).where(theirs).limit(1)).length > 0;
  const updated = await db
    .update(certificates)
    .set({ showOnProfile: show })
    .where(theirs)
    .returning({ id: certificates.id });
  return updated.length > 0;
}

/**
 * The public view of a certificate: anyone with its link sees it (ids cannot be guessed). `verified` is the
 * server's own check of the signature against the published keys, the same check the page runs in the browser.
 */
export async function publicCertificate(
  db: Db,
  publicUrl: string,
  id: string,
  viewerId: string | null,
): Promise<PublicCertificate | null> {
  const [row] = await db
    .select({ ...summary, handle: users.handle, kid: certificates.kid })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.id, id));
  if (!row) return null;
  const [built, keys, revokedAt] = await Promise.all([
    builtIn(db, [row.id]),
    publishedKeys(db, publicUrl),
    keyRevokedAt(db, row.kid),
  ]);
  // A revoked key's signature proves nothing: whoever took the key could have made this certificate.
  const check = revokedAt
    ? { ok: false as const, reason: revokedKeyMessage(revokedAt.toISOString()) }
    : await verifyCertificateJwt(row.jwt, keys);
  const mine = viewerId === row.userId;
  return {
    id: row.id,
    jwt: row.jwt,
    credential: row.credential,
    verified: check.ok,
    reason: check.ok ? null : check.reason,
    keyRevokedAt: revokedAt?.toISOString() ?? null,
    learnerName: row.learnerName,
    learnerHandle: row.showOnProfile ? row.handle : null,
    course: { id: row.courseId, slug: row.courseSlug, title: row.courseTitle },
    issuedAt: row.issuedAt.toISOString(),
    builds: row.builds ?? null,
    instruments: (built.get(row.id) ?? []).map(({ passportCode, name }) => ({ passportCode, name })),
    mine,
    ...(mine ? { showOnProfile: row.showOnProfile } : {}),
  };
}

/** What a shared link's head tags name: the learner and the course (no signature check, no lists). */
export async function certificateHead(db: Db, id: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      learnerName: certificates.learnerName,
      courseTitle: certificates.courseTitle,
    })
    .from(certificates)
    .where(eq(certificates.id, id));
  return row ?? null;
}
