import { asc, desc, eq, inArray } from 'drizzle-orm';
import { issueCertificateIfComplete } from '../../certificates/issue';
import type { Db } from '../client';
import { createCourse, lessonIdFor } from '../builders/academy';
import {
  certificates as certificatesTable,
  enrollments,
  learningDays,
  lessonProgress,
  lessons,
  users,
} from '../schema';
import { DEMO_ACCOUNTS, SAMPLE_LUTHIERS } from './accounts-sample';
import { SAMPLE_COURSES } from './academy-courses';
import { loadSampleReviews } from './academy-reviews';
import type { SampleContext, SampleStep } from './load-sample';

async function makerIds(db: Db): Promise<Map<string, { id: string; name: string; bio: string | null }>> {
  const rows = await db
    .select({ id: users.id, handle: users.handle, name: users.displayName, bio: users.bio })
    .from(users)
    .where(
      inArray(
        users.handle,
        SAMPLE_LUTHIERS.map((m) => m.handle),
      ),
    );
  return new Map(rows.map((r) => [r.handle ?? '', r]));
}

/** The academy's courses, taught by the sample makers, with a few makers enrolled in each. */
async function loadCourses(db: Db): Promise<void> {
  const makers = await makerIds(db);
  for (const { instructorHandle, enrolled, ...seed } of SAMPLE_COURSES) {
    const teacher = makers.get(instructorHandle);
    const shop = SAMPLE_LUTHIERS.find((m) => m.handle === instructorHandle);
    await createCourse(db, {
      ...seed,
      instructorName: teacher?.name ?? shop?.name ?? 'Guest instructor',
      instructorBio: teacher?.bio ?? shop?.bio ?? '',
      instructorUserId: teacher?.id ?? null,
    });
    const students = [...makers.entries()]
      .filter(([handle]) => handle !== instructorHandle)
      .slice(0, enrolled);
    if (students.length)
      await db.insert(enrollments).values(students.map(([, m]) => ({ userId: m.id, courseId: seed.id })));
  }
}

/** The demo enthusiast is part-way through the setup course, so /learn has something to continue. */
async function loadDemoProgress(db: Db): Promise<void> {
  const [sam] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.enthusiast.email));
  if (!sam) return;
  const courseId = 'course-3';
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
  await db.insert(enrollments).values({ userId: sam.id, courseId, enrolledAt: yesterday });
  await db.insert(lessonProgress).values([
    {
      userId: sam.id,
      lessonId: lessonIdFor(courseId, 1),
      courseId,
      progressPercent: 100,
      timeSpentSeconds: 64,
      lastPositionSeconds: 60,
      watchedRanges: [[0, 60]],
      completed: true,
      completedAt: yesterday,
      startedAt: yesterday,
      updatedAt: yesterday,
      timeCreditedAt: yesterday,
    },
    {
      userId: sam.id,
      lessonId: lessonIdFor(courseId, 2),
      courseId,
      progressPercent: 40,
      timeSpentSeconds: 26,
      lastPositionSeconds: 24,
      watchedRanges: [[0, 24]],
      startedAt: yesterday,
      updatedAt: yesterday,
      timeCreditedAt: yesterday,
    },
  ]);
  await db
    .insert(learningDays)
    .values({ userId: sam.id, day: yesterday.toISOString().slice(0, 10) })
    .onConflictDoNothing();
}

/**
 * Chidi Okafor took the classical building course to the end: every lesson completed over six weeks, so the
 * academy issued his certificate, which he lists on his profile (the registry's sample has the guitar he built).
 */
export const COURSE_BUILDER = { handle: 'lagos-workshop', courseId: 'course-1' };

/**
 * Records `learner` completing the course's lessons (all, or all but the last `leaveOut`), one after another over
 * `days` days starting `daysAgo` days ago; returns when the last one was completed.
 */
async function completeLessons(
  db: Db,
  learnerId: string,
  courseId: string,
  timing: { daysAgo: number; days: number; leaveOut?: number },
): Promise<Date> {
  const all = await db
    .select({ id: lessons.id, minutes: lessons.durationMinutes })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.orderIndex));
  const ordered = all.slice(0, all.length - (timing.leaveOut ?? 0));
  const start = Date.now() - timing.daysAgo * 24 * 3600 * 1000;
  const step = (timing.days * 24 * 3600 * 1000) / Math.max(1, all.length);
  await db
    .insert(enrollments)
    .values({ userId: learnerId, courseId, enrolledAt: new Date(start) })
    .onConflictDoNothing();
  for (const [i, lesson] of ordered.entries()) {
    const when = new Date(start + (i + 1) * step);
    await db
      .insert(lessonProgress)
      .values({
        userId: learnerId,
        lessonId: lesson.id,
        courseId,
        progressPercent: 100,
        timeSpentSeconds: lesson.minutes * 60 + 20,
        lastPositionSeconds: lesson.minutes * 60,
        watchedRanges: [[0, lesson.minutes * 60]],
        completed: true,
        completedAt: when,
        startedAt: when,
        updatedAt: when,
        timeCreditedAt: when,
      })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { completed: true, completedAt: when, progressPercent: 100 },
      });
  }
  return new Date(start + ordered.length * step);
}

async function loadCertificates(db: Db, { certificates }: SampleContext): Promise<void> {
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.handle, COURSE_BUILDER.handle));
  if (!learner) return;
  const { courseId } = COURSE_BUILDER;
  const last = await completeLessons(db, learner.id, courseId, { daysAgo: 50, days: 42 });
  const id = await issueCertificateIfComplete(db, certificates, learner.id, courseId, last);
  if (id) await db.update(certificatesTable).set({ showOnProfile: true }).where(eq(certificatesTable.id, id));
}

/**
 * The demo luthier is one reading lesson away from finishing the electric guitar course (which builds one): the
 * demo shows a certificate being earned and the instrument built in the course being registered.
 */
export const DEMO_NEARLY_DONE = { courseId: 'course-4' };

async function loadDemoLuthierCourse(db: Db): Promise<void> {
  const [elena] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.luthier.email));
  if (!elena) return;
  const last = await completeLessons(db, elena.id, DEMO_NEARLY_DONE.courseId, {
    daysAgo: 21,
    days: 20,
    leaveOut: 1,
  });
  // She has read the last lesson for three of its four minutes and not yet marked it complete: Mark as Complete
  // (which needs the timer to have run half the lesson) is open to her at once.
  const [lesson] = await db
    .select({ id: lessons.id, minutes: lessons.durationMinutes })
    .from(lessons)
    .where(eq(lessons.courseId, DEMO_NEARLY_DONE.courseId))
    .orderBy(desc(lessons.orderIndex))
    .limit(1);
  if (!lesson) return;
  const read = Math.round(lesson.minutes * 60 * 0.75);
  await db
    .insert(lessonProgress)
    .values({
      userId: elena.id,
      lessonId: lesson.id,
      courseId: DEMO_NEARLY_DONE.courseId,
      progressPercent: 75,
      timeSpentSeconds: read,
      lastPositionSeconds: read,
      watchedRanges: [[0, read]],
      startedAt: last,
      updatedAt: last,
      timeCreditedAt: last,
    })
    .onConflictDoNothing();
}

export const academySample: SampleStep[] = [
  { name: 'academy:courses', run: loadCourses },
  { name: 'academy:reviews', run: loadSampleReviews },
  { name: 'academy:demo-progress', demoOnly: true, run: loadDemoProgress },
  { name: 'academy:certificates', run: loadCertificates },
  { name: 'academy:demo-luthier-course', demoOnly: true, run: loadDemoLuthierCourse },
];
