// For progress tests: real time passing, without waiting for it.
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learningClocks, lessonProgress } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

const back = (column: SQLWrapper, seconds: number) => sql`${column} - make_interval(secs => ${seconds})`;

/**
 * As if `seconds` of real time had passed since the learner's last save of `lessonId` and their last save of any
 * lesson: both the lesson's marks and the learner's clock move back.
 */
export async function age(db: Db, userId: string, lessonId: string, seconds: number): Promise<void> {
  await moveBack(db, userId, seconds, lessonId);
}

/** As if `seconds` of real time had passed for everything the learner has: every lesson record and their clock. */
export async function ageLearner(db: Db, userId: string, seconds: number): Promise<void> {
  await moveBack(db, userId, seconds);
}

async function moveBack(db: Db, userId: string, seconds: number, lessonId?: string): Promise<void> {
  const mine = eq(lessonProgress.userId, userId);
  await db
    .update(lessonProgress)
    .set({
      updatedAt: back(lessonProgress.updatedAt, seconds),
      timeCreditedAt: back(lessonProgress.timeCreditedAt, seconds),
    })
    .where(lessonId ? and(mine, eq(lessonProgress.lessonId, lessonId)) : mine);
  await db
    .update(learningClocks)
    .set({
      coverageAt: back(learningClocks.coverageAt, seconds),
      timeCreditedAt: back(learningClocks.timeCreditedAt, seconds),
    })
    .where(eq(learningClocks.userId, userId));
}

/**
 * Reads a reading lesson the way its page does: opens it, lets `seconds` pass and saves the timer's running
 * total and range. Returns the save's answer.
 */
export async function read(t: TestApp, cookie: string, userId: string, lessonId: string, seconds: number) {
  const post = (action: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/lms/lessons/${lessonId}/${action}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  await post('start');
  await age(t.db, userId, lessonId, seconds);
  return post('video-progress', {
    videoProgressSeconds: seconds,
    eventData: { totalTime: seconds, ranges: [[0, seconds]] },
  });
}
