import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import {
  type Lesson,
  type LessonProgress,
  type ProgressSaveResponse,
  type VideoProgressInput,
} from '../../../contract/academy';
import { issueCertificateIfComplete } from '../../certificates/issue';
import type { CertificateSigner } from '../../certificates/signing';
import type { Db } from '../../db/client';
import {
  courseSections,
  courses,
  enrollments,
  lessonProgress,
  lessonResources,
  lessons,
} from '../../db/schema';
import { conflict } from '../../plugins/errors';
import { applySave, completionRefusal } from './progress-rules';
import { recordLearningDay, userTimeZone } from './streaks';

type ProgressRow = typeof lessonProgress.$inferSelect;
export type LessonRow = Lesson & { durationSeconds: number };

export async function findLesson(db: Db, lessonId: string): Promise<LessonRow | null> {
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      courseTitle: courses.title,
      sectionTitle: courseSections.title,
      title: lessons.title,
      description: lessons.description,
      videoUrl: lessons.videoUrl,
      captionsUrl: lessons.captionsUrl,
      reading: lessons.reading,
      duration: lessons.durationMinutes,
      free: lessons.isFree,
      orderIndex: lessons.orderIndex,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.id, lessonId));
  if (!row) return null;
  const neighbour = (direction: 'previous' | 'next') =>
    db
      .select({ id: lessons.id, free: lessons.isFree })
      .from(lessons)
      .where(
        and(
          eq(lessons.courseId, row.courseId),
          direction === 'next'
            ? gt(lessons.orderIndex, row.orderIndex)
            : lt(lessons.orderIndex, row.orderIndex),
        ),
      )
      .orderBy(direction === 'next' ? asc(lessons.orderIndex) : desc(lessons.orderIndex))
      .limit(1);
  const [resources, previous, next] = await Promise.all([
    db
      .select()
      .from(lessonResources)
      .where(eq(lessonResources.lessonId, lessonId))
      .orderBy(asc(lessonResources.title)),
    neighbour('previous'),
    neighbour('next'),
  ]);
  const { orderIndex: _o, ...lesson } = row;
  return {
    ...lesson,
    resources,
    previousLessonId: previous[0]?.id ?? null,
    nextLessonId: next[0]?.id ?? null,
    nextLessonFree: next[0]?.free ?? false,
    durationSeconds: row.duration * 60,
  };
}

export function toProgress(row: ProgressRow): LessonProgress {
  return {
    lessonId: row.lessonId,
    progressPercent: row.completed ? 100 : Math.min(100, Math.floor(row.progressPercent)),
    timeSpent: row.timeSpentSeconds,
    lastPosition: row.lastPositionSeconds,
    watchedRanges: row.watchedRanges,
    completed: row.completed,
    completedAt: row.completedAt?.toISOString() ?? null,
    startedAt: row.startedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getProgress(db: Db, userId: string, lessonId: string): Promise<LessonProgress | null> {
  const [row] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  return row ? toProgress(row) : null;
}

/** A save's answer, and whether it enrolled the learner (which changes the course's public student count). */
export type ProgressSave = ProgressSaveResponse & { enrolledNow: boolean };

/**
 * Runs one change to a learner's lesson record in a transaction: enrols them, makes sure the record exists,
 * locks it, applies `change` and records the learning day. Concurrent saves of one lesson queue on the lock.
 * A change that completes the lesson issues the course's certificate when it was the last one to complete.
 */
async function withProgress(
  db: Db,
  signer: CertificateSigner,
  userId: string,
  lesson: LessonRow,
  change: (row: ProgressRow, now: Date) => { set: Partial<ProgressRow>; completedNow: boolean } | null,
): Promise<ProgressSave> {
  const timeZone = await userTimeZone(db, userId);
  return db.transaction(async (tx) => {
    const now = new Date();
    const enrolled = await tx
      .insert(enrollments)
      .values({ userId, courseId: lesson.courseId })
      .onConflictDoNothing()
      .returning({ courseId: enrollments.courseId });
    await tx
      .insert(lessonProgress)
      .values({
        userId,
        lessonId: lesson.id,
        courseId: lesson.courseId,
        startedAt: now,
        updatedAt: now,
        timeCreditedAt: now,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
      .for('update');
    if (!row) throw new Error('progress row vanished inside its transaction');
    const result = change(row, now);
    let saved = row;
    if (result) {
      const [updated] = await tx
        .update(lessonProgress)
        .set({ ...result.set, updatedAt: now })
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
        .returning();
      saved = updated ?? row;
    }
    await recordLearningDay(tx, userId, timeZone, now);
    const certificateId = result?.completedNow
      ? await issueCertificateIfComplete(tx, signer, userId, lesson.courseId, now)
      : null;
    return {
      ...toProgress(saved),
      completedNow: result?.completedNow ?? false,
      certificateId,
      enrolledNow: enrolled.length > 0,
    };
  });
}

/** Opening a lesson: creates the record (and the enrolment) if there is none; otherwise changes nothing. */
export const startLesson = (db: Db, signer: CertificateSigner, userId: string, lesson: LessonRow) =>
  withProgress(db, signer, userId, lesson, () => null);

/**
 * Mark as Complete: only the first call completes it (completedNow), later calls change nothing. A video lesson
 * needs 95 percent of it watched first (409 with the reason otherwise).
 */
export const completeLesson = (db: Db, signer: CertificateSigner, userId: string, lesson: LessonRow) =>
  withProgress(db, signer, userId, lesson, (row, now) => {
    const refusal = completionRefusal(row, lesson.videoUrl !== null);
    if (refusal) throw conflict(refusal, 'LESSON_NOT_WATCHED');
    return row.completed
      ? null
      : { set: { completed: true, completedAt: now, progressPercent: 100 }, completedNow: true };
  });

/** A playback save: see applySave for its rules. */
export const saveVideoProgress = (
  db: Db,
  signer: CertificateSigner,
  userId: string,
  lesson: LessonRow,
  input: VideoProgressInput,
) =>
  withProgress(db, signer, userId, lesson, (row, now) => applySave(row, lesson.durationSeconds, input, now));
