// Issuing certificates: exactly once per learner and course, when the last lesson of the course is completed
// under the progress rules.
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { AUTO_COMPLETE_PERCENT, READING_COMPLETE_SHARE } from '../../contract/academy-values';
import type { Db } from '../db/client';
import {
  certificateKeys,
  certificates,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  users,
} from '../db/schema';
import { buildCredential, jwtClaims } from './credential';
import type { CertificateSigner } from './signing';

/**
 * A completed lesson counts towards a certificate only with the evidence its completion needs: a video watched
 * to 95 percent, a reading lesson's timer run for half its length (the order of lessons is held when they are
 * written). A completion recorded without it (before these rules) earns nothing.
 */
const completedUnderRules = sql`(
  (${lessons.videoUrl} is not null and ${lessonProgress.progressPercent} >= ${AUTO_COMPLETE_PERCENT})
  or (${lessons.videoUrl} is null
    and ${lessonProgress.timeSpentSeconds} >= ceil(${lessons.durationMinutes} * 60 * ${READING_COMPLETE_SHARE}::float8))
)`;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters of Crockford base32: 80 random bits. */
export function newCertificateId(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let id = '';
  for (let i = 0; i < 16; i++) id = CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)]! + id;
  return id;
}

/** The name a certificate carries: the person's full name, else their display name. */
const learnerNameOf = (u: { firstName: string; lastName: string; displayName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.displayName.trim() || 'Learner';

/**
 * Issues the learner's certificate for the course if every lesson of it is completed and none was issued yet.
 * Runs inside the transaction that completed the last lesson (so a rollback issues nothing); concurrent
 * completions of one course queue on the enrolment row, and the unique (user, course) index makes a second
 * completion issue nothing. Returns the new id, or null.
 */
export async function issueCertificateIfComplete(
  tx: Db,
  signer: CertificateSigner,
  userId: string,
  courseId: string,
  issuedAt: Date,
): Promise<string | null> {
  // Two lessons of one course completed at the same moment each see only their own completion under READ
  // COMMITTED: the enrolment row's lock makes the second wait for the first and count with it committed.
  await tx
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .for('update');
  // One after another: queries on one transaction's connection run in turn anyway.
  const [existing] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  if (existing) return null;
  const [total] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, courseId));
  const [done] = await tx
    .select({ n: count() })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(
      and(
        eq(lessonProgress.userId, userId),
        eq(lessonProgress.courseId, courseId),
        eq(lessonProgress.completed, true),
        completedUnderRules,
      ),
    );
  if (!total?.n || (done?.n ?? 0) < total.n) return null;
  const [course] = await tx
    .select({
      slug: courses.slug,
      title: courses.title,
      description: courses.description,
      author: sql<{
        name: string;
        shopSlug: string;
      } | null>`(select json_build_object('name', "courses"."instructor_name", 'shopSlug', s.slug)
        from shops s where s.owner_id = "courses"."instructor_user_id" and s.published limit 1)`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId));
  if (!course || !person) return null;
  const key = await signer.current(tx);
  const id = newCertificateId();
  const learnerName = learnerNameOf(person);
  const credential = buildCredential({
    id,
    publicUrl: signer.publicUrl,
    userId,
    learnerName,
    course: { ...course, lessons: total.n },
    issuedAt,
  });
  const inserted = await tx
    .insert(certificates)
    .values({
      id,
      userId,
      courseId,
      learnerName,
      courseTitle: course.title,
      issuedAt: new Date(Math.floor(issuedAt.getTime() / 1000) * 1000),
      kid: key.kid,
      jwt: await key.signJwt(jwtClaims(credential, issuedAt)),
      credential,
    })
    .onConflictDoNothing()
    .returning({ id: certificates.id });
  if (!inserted[0]) return null;
  // The key has signed: from now on the JWKS publishes it.
  await tx
    .update(certificateKeys)
    .set({ firstSignedAt: new Date() })
    .where(and(eq(certificateKeys.kid, key.kid), isNull(certificateKeys.firstSignedAt)));
  return inserted[0].id;
}

/**
 * Issues the certificates a start finds due: courses completed before certificates existed, or sample
 * learners' completed courses. Each is dated by its last lesson's completion.
 */
export async function issueDueCertificates(db: Db, signer: CertificateSigner): Promise<number> {
  const result: unknown = await db.execute(sql`
    select lp.user_id, lp.course_id, max(lp.completed_at) as done_at
    from lesson_progress lp
    where lp.completed
      and not exists (select 1 from certificates c where c.user_id = lp.user_id and c.course_id = lp.course_id)
    group by lp.user_id, lp.course_id
    having count(*) = (select count(*) from lessons l where l.course_id = lp.course_id)`);
  const due = (result as { rows: { user_id: string; course_id: string; done_at: string | Date }[] }).rows;
  let issued = 0;
  for (const row of due) {
    const at = new Date(row.done_at);
    const id = await db.transaction((tx) =>
      issueCertificateIfComplete(tx, signer, row.user_id, row.course_id, at),
    );
    if (id) issued += 1;
  }
  return issued;
}
