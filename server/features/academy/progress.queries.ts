import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LessonProgress, ProgressSaveResponse, VideoProgressInput } from '../../../contract/academy';
import { issueCertificateIfComplete } from '../../certificates/issue';
import type { CertificateSigner } from '../../certificates/signing';
import type { Db } from '../../db/client';
import { enrollments, learningClocks, lessonProgress } from '../../db/schema';
import { AppError, conflict } from '../../plugins/errors';
import type { LessonRow } from './lessons.queries';
import { isUnlocked } from './progress-definition';
import { applySave, completionRefusal, type LearnerClock, type ProgressChange } from './progress-rules';
import { learningDayInsert } from './streaks';

type ProgressRow = typeof lessonProgress.$inferSelect;

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

const progressOf = (userId: string, lessonId: string) =>
  and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId));
/** A learner without a clock yet has spent nothing of it: only the lesson's own budget applies to them. */
const NEVER = new Date(0);

/**
 * The learner's clock, locked for the rest of the transaction: every progress write of one learner queues on it
 * (whatever the lesson), so lessons played side by side share its budget instead of each spending their own.
 * One statement: created when missing, else locked by a no-op update (the lock an update takes, which queues
 * every other writer of the clock as SELECT FOR UPDATE did), returned with the learner's time zone.
 */
async function lockClock(tx: Db, userId: string): Promise<LearnerClock & { timeZone: string | null }> {
  const [clock] = await tx
    .insert(learningClocks)
    .values({ userId, coverageAt: NEVER, timeCreditedAt: NEVER })
    .onConflictDoUpdate({
      target: learningClocks.userId,
      set: { coverageAt: sql`${learningClocks.coverageAt}` },
    })
    .returning({
      coverageAt: learningClocks.coverageAt,
      timeCreditedAt: learningClocks.timeCreditedAt,
      timeZone: sql<string | null>`(select u.time_zone from users u where u.id = ${userId})`,
    });
  if (!clock) throw new Error('learning clock vanished inside its transaction');
  return clock;
}

/** Refuses (403) a write to a lesson the course has not unlocked for the learner: the outline's own rule. */
async function assertUnlocked(tx: Db, userId: string, lesson: LessonRow): Promise<void> {
  const previousId = lesson.previousLessonId;
  if (!previousId || lesson.free) return;
  const [previous] = await tx
    .select({
      completed: lessonProgress.completed,
      progressPercent: lessonProgress.progressPercent,
      timeSpentSeconds: lessonProgress.timeSpentSeconds,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessonProgress)
    .where(progressOf(userId, previousId));
  if (!isUnlocked(lesson, { progress: previous }))
    throw new AppError(
      403,
      'LESSON_LOCKED',
      'Finish the previous lesson first: this lesson opens once it is completed.',
    );
}

/**
 * Runs one change to a learner's lesson record in a transaction: locks the learner's clock, refuses a locked
 * lesson, enrols them (unless it is a free preview), makes sure the record exists, locks it, applies `change` and records the learning day.
 * Concurrent writes of one learner queue on the clock. A change that completes the lesson issues the course's
 * certificate when it was the last one to complete.
 */
async function withProgress(
  db: Db,
  signer: CertificateSigner,
  userId: string,
  lesson: LessonRow,
  change: (row: ProgressRow, now: Date, clock: LearnerClock) => ProgressChange | null,
): Promise<ProgressSave> {
  return db.transaction(async (tx) => {
    const { timeZone, ...clock } = await lockClock(tx, userId);
    await assertUnlocked(tx, userId, lesson);
    const now = new Date();
    // A free preview is a look before deciding: it keeps its progress but never enrols (nor counts a student).
    const enrolled = lesson.free
      ? []
      : await tx
          .insert(enrollments)
          .values({ userId, courseId: lesson.courseId })
          .onConflictDoNothing()
          .returning({ courseId: enrollments.courseId });
    // The record, created when missing, else locked by a no-op update and returned as it is: one statement.
    const [row] = await tx
      .insert(lessonProgress)
      .values({
        userId,
        lessonId: lesson.id,
        courseId: lesson.courseId,
        startedAt: now,
        updatedAt: now,
        timeCreditedAt: now,
      })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { updatedAt: sql`${lessonProgress.updatedAt}` },
      })
      .returning();
    if (!row) throw new Error('progress row vanished inside its transaction');
    const result = change(row, now, clock);
    // The record as the update below leaves it (every column it sets round-trips exactly: doubles, integers,
    // millisecond instants, ranges on the quarter-second grid), so the update returns nothing: its ranges are not
    // sent back and parsed a second time.
    const saved: ProgressRow = result ? { ...row, ...result.set, updatedAt: now } : row;
    // The record's change, the clock's new marks and today's learning day: one statement (a data-modifying
    // `with`; getSQL(): a builder put in a template is rendered in parentheses, as a subquery).
    const day = learningDayInsert(tx, userId, timeZone ?? 'UTC', now);
    const changes: SQL[] = [];
    if (result)
      changes.push(
        sql`record as (${tx
          .update(lessonProgress)
          .set({ ...result.set, updatedAt: now })
          .where(progressOf(userId, lesson.id))
          .getSQL()})`,
      );
    if (result?.clock && Object.keys(result.clock).length)
      changes.push(
        sql`clock as (${tx.update(learningClocks).set(result.clock).where(eq(learningClocks.userId, userId)).getSQL()})`,
      );
    if (changes.length) await tx.execute(sql`with ${sql.join(changes, sql`, `)} ${day.getSQL()}`);
    else await day;
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

const factsOf = (lesson: LessonRow) => ({
  durationSeconds: lesson.durationSeconds,
  hasVideo: lesson.videoUrl !== null,
});

/** Opening a lesson: creates the record (and, but for a free preview, the enrolment) if there is none. */
export const startLesson = (db: Db, signer: CertificateSigner, userId: string, lesson: LessonRow) =>
  withProgress(db, signer, userId, lesson, () => null);

/**
 * Mark as Complete: only the first call completes it (completedNow), later calls change nothing. A video lesson
 * needs 95 percent of it watched first, a reading lesson its timer run for half its length (409 with the reason
 * otherwise).
 */
export const completeLesson = (db: Db, signer: CertificateSigner, userId: string, lesson: LessonRow) =>
  withProgress(db, signer, userId, lesson, (row, now) => {
    const refusal = completionRefusal(row, factsOf(lesson));
    if (refusal) throw conflict(refusal.message, refusal.code);
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
  withProgress(db, signer, userId, lesson, (row, now, clock) =>
    applySave(row, factsOf(lesson), input, now, clock),
  );
