import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../db/builders/academy';
import { MAX_RANGES_PER_SAVE } from '../../../contract/academy';
import { lessonProgress } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { age as ageProgress } from './progress-test-clock';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // r-l1 and r-l2: one-minute videos; r-l3: a two-minute reading lesson. All free previews, so they are open in
  // any order (the order of lessons is tested in progress-order.test.ts).
  await createCourse(t.db, {
    id: 'r',
    sections: [
      {
        title: 'One',
        lessons: [
          { title: 'Clip', videoUrl: '/videos/tonewood-and-bracing.webm', durationMinutes: 1, free: true },
          { title: 'Clip 2', videoUrl: '/videos/setup-and-fretwork.webm', durationMinutes: 1, free: true },
          { title: 'Reading', durationMinutes: 2, free: true },
        ],
      },
    ],
  });
});
afterAll(async () => t.close());

type Body = { videoProgressSeconds: number; eventData?: Record<string, unknown> };
const post = (cookie: string, url: string, body?: Body) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(body ? { payload: body } : {}) });
const save = (
  cookie: string,
  lesson: string,
  position: number,
  ranges: [number, number][],
  totalTime?: number,
) =>
  post(cookie, `/api/lms/lessons/${lesson}/video-progress`, {
    videoProgressSeconds: position,
    eventData: { ranges, ...(totalTime === undefined ? {} : { totalTime }) },
  });

const age = (userId: string, lessonId: string, seconds: number) =>
  ageProgress(t.db, userId, lessonId, seconds);
const stored = async (userId: string, lessonId: string) =>
  (
    await t.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
  )[0];

describe('watched ranges', () => {
  it('merges ranges per learner and lesson; the percent is the watched share, not the position', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l1/start');
    await age(user.id, 'r-l1', 60);
    const first = (
      await save(cookie, 'r-l1', 20, [
        [0, 10],
        [15, 20],
      ])
    ).json();
    expect(first).toMatchObject({
      progressPercent: 25,
      watchedRanges: [
        [0, 10],
        [15, 20],
      ],
      lastPosition: 20,
    });
    await age(user.id, 'r-l1', 60);
    // Overlapping and touching ranges join; rewatching adds nothing.
    const second = (
      await save(cookie, 'r-l1', 30, [
        [5, 12],
        [20, 30],
        [0, 4],
      ])
    ).json();
    expect(second.watchedRanges).toEqual([
      [0, 12],
      [15, 30],
    ]);
    expect(second.progressPercent).toBe(45);
    // Ranges beyond the lesson's length are cut at its end.
    await age(user.id, 'r-l1', 60);
    const third = (await save(cookie, 'r-l1', 60, [[50, 500]])).json();
    expect(third.watchedRanges).toEqual([
      [0, 12],
      [15, 30],
      [50, 60],
    ]);
    expect((await stored(user.id, 'r-l1'))?.watchedRanges).toEqual([
      [0, 12],
      [15, 30],
      [50, 60],
    ]);
    // Another learner's ranges are their own.
    const other = await signedInUser(t);
    await post(other.cookie, '/api/lms/lessons/r-l1/start');
    expect((await stored(other.user.id, 'r-l1'))?.watchedRanges).toEqual([]);
  });

  it('accepts at most twice the real time since the last save of new coverage', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l2/start');
    const aged = Date.now();
    await age(user.id, 'r-l2', 10);
    // Claims the whole minute after ten seconds: 20 s (2× speed) and 2 s of grace are accepted, in order. The
    // seconds the requests themselves took count too (a loaded machine can take several), so they bound it.
    const capped = (await save(cookie, 'r-l2', 60, [[0, 60]])).json();
    const since = 10 + (Date.now() - aged) / 1000;
    expect(capped.watchedRanges).toHaveLength(1);
    expect(capped.watchedRanges[0][0]).toBe(0);
    expect(capped.watchedRanges[0][1]).toBeGreaterThanOrEqual(20);
    expect(capped.watchedRanges[0][1]).toBeLessThanOrEqual(Math.min(60, 2 * since + 2));
    // The percent answered is the watched share, in whole percents.
    expect(Math.abs(capped.progressPercent - (capped.watchedRanges[0][1] * 100) / 60)).toBeLessThan(1);
    expect(capped.progressPercent).toBeLessThan(95);
    // Straight away again, many times: no real time has passed, so (next to) nothing is added.
    const burst = Date.now();
    for (let i = 0; i < 5; i++) await save(cookie, 'r-l2', 60, [[0, 60]]);
    const again = (await save(cookie, 'r-l2', 60, [[0, 60]])).json();
    const real = (Date.now() - burst) / 1000;
    // At most 2× the real time of the burst, plus a grace no larger than that real time.
    expect(again.watchedRanges[0][1] - capped.watchedRanges[0][1]).toBeLessThanOrEqual(3 * real + 0.1);
    expect(again.completed).toBe(false);
  });

  it('seeking to the end and letting the clip end does not complete; Mark as Complete is refused', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l1/start');
    await age(user.id, 'r-l1', 600);
    // Watched 3 s, jumped to 0:57, let it end: position 60, ranges of 6 s.
    const ended = (
      await save(
        cookie,
        'r-l1',
        60,
        [
          [0, 3],
          [57, 60],
        ],
        6,
      )
    ).json();
    expect(ended).toMatchObject({
      completed: false,
      completedNow: false,
      progressPercent: 10,
      lastPosition: 60,
    });
    const refused = await post(cookie, '/api/lms/lessons/r-l1/complete');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Watch at least 95% of the video to complete it (10% watched so far).',
      code: 'LESSON_NOT_WATCHED',
    });
    // A save with a position but no ranges (an old client) moves the resume point only.
    expect(
      (await post(cookie, '/api/lms/lessons/r-l1/video-progress', { videoProgressSeconds: 59 })).json(),
    ).toMatchObject({ progressPercent: 10, lastPosition: 59, completed: false });
  });

  it('completes at 95 % coverage exactly once, and then Mark as Complete changes nothing', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l1/start');
    await age(user.id, 'r-l1', 30);
    expect((await save(cookie, 'r-l1', 30, [[0, 30]], 30)).json()).toMatchObject({
      progressPercent: 50,
      completedNow: false,
    });
    await age(user.id, 'r-l1', 30);
    // 0–56 is 93 %: not yet.
    expect((await save(cookie, 'r-l1', 56, [[30, 56]], 56)).json()).toMatchObject({
      progressPercent: 93,
      completed: false,
    });
    await age(user.id, 'r-l1', 2);
    const done = (await save(cookie, 'r-l1', 57.5, [[56, 57.5]], 58)).json();
    expect(done).toMatchObject({ completed: true, completedNow: true, progressPercent: 100 });
    await age(user.id, 'r-l1', 3);
    const after = (await save(cookie, 'r-l1', 60, [[57.5, 60]], 60)).json();
    expect(after).toMatchObject({ completed: true, completedNow: false, completedAt: done.completedAt });
    const complete = await post(cookie, '/api/lms/lessons/r-l1/complete');
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({ completedNow: false, completedAt: done.completedAt });
  });

  it('a reading lesson is marked complete once its recorded timer ran half its length; its ranges count like a video', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l3/start');
    await age(user.id, 'r-l3', 35);
    expect((await save(cookie, 'r-l3', 35, [[0, 35]], 35)).json()).toMatchObject({
      progressPercent: 29,
      timeSpent: 35,
    });
    // 35 s of a two-minute lesson: 25 more seconds of reading are needed.
    const early = await post(cookie, '/api/lms/lessons/r-l3/complete');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      error:
        'Read for 25 more seconds to complete this lesson: the timer has to run for at least half of its length.',
      code: 'LESSON_NOT_READ',
    });
    // The page claiming more time than really passed changes nothing.
    await save(cookie, 'r-l3', 70, [[35, 70]], 70);
    expect((await post(cookie, '/api/lms/lessons/r-l3/complete')).statusCode).toBe(409);
    await age(user.id, 'r-l3', 30);
    expect((await save(cookie, 'r-l3', 65, [[35, 65]], 65)).json()).toMatchObject({ timeSpent: 65 });
    expect((await post(cookie, '/api/lms/lessons/r-l3/complete')).json()).toMatchObject({
      completedNow: true,
      progressPercent: 100,
    });
  });

  it('the last position resumes from any device (it is the record, not the browser)', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l2/start');
    await age(user.id, 'r-l2', 42);
    await save(cookie, 'r-l2', 42, [[0, 42]], 42);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    const second = `sid=${again.cookies.find((c) => c.name === 'sid')?.value}`;
    const progress = await t.app.inject({
      url: '/api/lms/lessons/r-l2/progress',
      headers: { cookie: second },
    });
    expect(progress.json()).toMatchObject({
      lastPosition: 42,
      progressPercent: 70,
      watchedRanges: [[0, 42]],
    });
  });

  it('refuses malformed ranges with 400', async () => {
    const { cookie } = await signedInUser(t);
    const backwards = await save(cookie, 'r-l1', 5, [[10, 5]]);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ 'eventData.ranges.0': 'A range ends after it starts.' });
    const negative = await save(cookie, 'r-l1', 5, [[-1, 5]]);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual({
      'eventData.ranges.0.0': 'Too small: expected number to be >=0',
    });
    const tooMany = await save(
      cookie,
      'r-l1',
      5,
      Array.from({ length: MAX_RANGES_PER_SAVE + 1 }, (): [number, number] => [0, 1]),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({
      'eventData.ranges': 'Too big: expected array to have <=500 items',
    });
  });

  it('answers the record as it is stored, after saves of scattered fragments too', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/r-l2/start');
    // Quarter-second fragments a quarter second apart: none merge.
    const fragments = (from: number): [number, number][] =>
      Array.from({ length: 40 }, (_, j) => [from + j * 0.5, from + j * 0.5 + 0.25]);
    for (const [from, totalTime] of [
      [0, 10],
      [20, 20],
    ] as const) {
      await age(user.id, 'r-l2', 30);
      const answer = await save(cookie, 'r-l2', from, fragments(from), totalTime);
      expect(answer.statusCode).toBe(200);
      const { completedNow: _now, certificateId: _certificate, ...record } = answer.json();
      const read = await t.app.inject({ url: '/api/lms/lessons/r-l2/progress', headers: { cookie } });
      expect(read.json()).toEqual(record);
      expect(record.watchedRanges.length).toBeGreaterThan(20);
    }
  });
});
