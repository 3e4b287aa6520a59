import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseOutline } from '../../../contract/academy';
import { createCourse } from '../../db/builders/academy';
import { enrollments, learningDays, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { age as ageProgress, read } from './progress-test-clock';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // p-l1 free 1 min video, p-l2 1 min, p-l3 2 min reading, p-l4 free (open regardless of order).
  await createCourse(t.db, {
    id: 'p',
    title: 'Progress Course',
    sections: [
      {
        title: 'One',
        lessons: [
          { title: 'Intro', free: true, videoUrl: '/videos/tonewood-and-bracing.webm', durationMinutes: 1 },
          { title: 'Second', videoUrl: '/videos/setup-and-fretwork.webm', durationMinutes: 1 },
        ],
      },
      {
        title: 'Two',
        lessons: [
          {
            title: 'Reading',
            durationMinutes: 2,
            resources: [{ title: 'Sheet', url: '/courses/x.txt', fileType: 'txt', sizeBytes: 10 }],
          },
          { title: 'Bonus', free: true, durationMinutes: 1 },
        ],
      },
    ],
  });
});
afterAll(async () => t.close());

const post = (cookie: string, url: string, payload?: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
/** A save that reports the clip played from the start to `seconds` (unless other ranges are given). */
const save = (
  cookie: string,
  lesson: string,
  seconds: number,
  totalTime?: number,
  ranges: [number, number][] = [[0, seconds]],
) =>
  post(cookie, `/api/lms/lessons/${lesson}/video-progress`, {
    videoProgressSeconds: seconds,
    eventData: { ...(totalTime === undefined ? {} : { totalTime }), progressPercent: 0, ranges },
  });

/** As if `seconds` of real time had passed since the learner's last save (of this lesson and of any). */
const age = (userId: string, lessonId: string, seconds: number) =>
  ageProgress(t.db, userId, lessonId, seconds);

describe('lessons', () => {
  it('guests read free lessons publicly and get 403 requiresAuth for the others', async () => {
    const free = await t.app.inject('/api/public/lessons/p-l1');
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({
      id: 'p-l1',
      courseId: 'p',
      title: 'Intro',
      videoUrl: '/videos/tonewood-and-bracing.webm',
      duration: 1,
      free: true,
      previousLessonId: null,
      nextLessonId: 'p-l2',
    });
    const paid = await t.app.inject('/api/public/lessons/p-l2');
    expect(paid.statusCode).toBe(403);
    expect(paid.json()).toEqual({
      error: 'Sign in to watch this lesson.',
      code: 'LESSON_REQUIRES_AUTH',
      requiresAuth: true,
    });
    expect((await t.app.inject('/api/public/lessons/nope')).statusCode).toBe(404);
    expect((await t.app.inject('/api/lms/lessons/p-l2')).statusCode).toBe(401);
  });

  it('signed-in people open every lesson; unknown ids are 404 everywhere', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({ url: '/api/lms/lessons/p-l3', headers: { cookie } });
    expect(res.json()).toMatchObject({ title: 'Reading', videoUrl: null, duration: 2, sectionTitle: 'Two' });
    expect(res.json().resources).toEqual([
      {
        id: expect.any(String),
        lessonId: 'p-l3',
        title: 'Sheet',
        url: '/courses/x.txt',
        fileType: 'txt',
        sizeBytes: 10,
      },
    ]);
    for (const url of [
      '/api/lms/lessons/nope',
      '/api/lms/lessons/nope/progress',
      '/api/lms/courses/nope/outline',
    ])
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(404);
    for (const action of ['start', 'complete'])
      expect((await post(cookie, `/api/lms/lessons/nope/${action}`)).statusCode).toBe(404);
    expect((await save(cookie, 'nope', 1, 1)).statusCode).toBe(404);
  });
});

describe('progress', () => {
  it('a free preview keeps its progress but never enrols nor counts a student', async () => {
    const { cookie, user } = await signedInUser(t);
    const students = async () =>
      (await t.app.inject('/api/lms/courses/listing/p')).json<{ students: number }>().students;
    const enrolments = async () =>
      (await t.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).length;
    const before = await students();
    expect(await enrolments()).toBe(0);
    expect((await post(cookie, '/api/lms/lessons/p-l1/start')).statusCode).toBe(200);
    await age(user.id, 'p-l1', 40);
    expect((await save(cookie, 'p-l1', 30, 30)).json()).toMatchObject({ progressPercent: 50, timeSpent: 30 });
    expect((await post(cookie, '/api/lms/lessons/p-l4/start')).statusCode).toBe(200);
    expect(await enrolments()).toBe(0);
    expect(await students()).toBe(before);
    const outline = await t.app.inject({ url: '/api/lms/courses/p/outline', headers: { cookie } });
    expect(outline.json().course).toMatchObject({ enrolled: false, timeSpentSeconds: 30 });
    const stats = await t.app.inject({ url: '/api/lms/stats', headers: { cookie } });
    expect(stats.json()).toMatchObject({ coursesEnrolled: 0 });
    // Enroll makes them a student, once: one more.
    expect((await post(cookie, '/api/lms/courses/p/enroll')).statusCode).toBe(200);
    expect((await post(cookie, '/api/lms/lessons/p-l4/start')).statusCode).toBe(200);
    expect(await enrolments()).toBe(1);
    expect(await students()).toBe(before + 1);
  });

  it('start creates the record once, enrols and counts the day; progress is null before', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/courses/p/enroll');
    const before = await t.app.inject({ url: '/api/lms/lessons/p-l1/progress', headers: { cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();
    const first = await post(cookie, '/api/lms/lessons/p-l1/start');
    expect(first.json()).toMatchObject({
      lessonId: 'p-l1',
      progressPercent: 0,
      timeSpent: 0,
      completed: false,
      completedNow: false,
    });
    const again = await post(cookie, '/api/lms/lessons/p-l1/start');
    expect(again.json().startedAt).toBe(first.json().startedAt);
    const outline = await t.app.inject({ url: '/api/lms/courses/p/outline', headers: { cookie } });
    expect(outline.json().course.enrolled).toBe(true);
    expect(outline.json().streakDays).toBe(1);
    const days = await t.db.select().from(learningDays).where(eq(learningDays.userId, user.id));
    expect(days).toHaveLength(1);
  });

  it('percent never decreases under out-of-order and repeated saves', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/p-l1/start');
    await age(user.id, 'p-l1', 60);
    expect((await save(cookie, 'p-l1', 30, 30)).json()).toMatchObject({
      progressPercent: 50,
      timeSpent: 30,
      lastPosition: 30,
    });
    // A late save from earlier in the session arrives after the newer one.
    const late = await save(cookie, 'p-l1', 12, 12);
    expect(late.json()).toMatchObject({ progressPercent: 50, timeSpent: 30, lastPosition: 30 });
    const repeated = await save(cookie, 'p-l1', 30, 30);
    expect(repeated.json()).toMatchObject({ progressPercent: 50, timeSpent: 30 });
    // Rewatching an earlier part moves the resume point but not the percent.
    await age(user.id, 'p-l1', 10);
    expect((await save(cookie, 'p-l1', 6, 36)).json()).toMatchObject({
      progressPercent: 50,
      lastPosition: 6,
      timeSpent: 36,
    });
    const progress = await t.app.inject({ url: '/api/lms/lessons/p-l1/progress', headers: { cookie } });
    expect(progress.json()).toMatchObject({ progressPercent: 50, timeSpent: 36, completed: false });
  });

  it('time credited per save is capped by the real time since the previous credit', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/p-l4/start');
    // Claims an hour straight after starting: nothing (or next to nothing) has really elapsed.
    expect((await save(cookie, 'p-l4', 5, 3600)).json().timeSpent).toBeLessThanOrEqual(1);
    await age(user.id, 'p-l4', 20);
    const capped = (await save(cookie, 'p-l4', 20, 3600)).json();
    expect(capped.timeSpent).toBeGreaterThanOrEqual(20);
    expect(capped.timeSpent).toBeLessThanOrEqual(21);
    // A claim below the stored total adds nothing even when time has passed.
    await age(user.id, 'p-l4', 100);
    expect((await save(cookie, 'p-l4', 25, 10)).json().timeSpent).toBe(capped.timeSpent);
    // Without a claimed total no time is added.
    expect((await save(cookie, 'p-l4', 30)).json().timeSpent).toBe(capped.timeSpent);
  });

  it('concurrent saves of one lesson queue on the row: time is credited once and completion happens once', async () => {
    const { cookie, user } = await signedInUser(t);
    const starts = await Promise.all([1, 2, 3].map(() => post(cookie, '/api/lms/lessons/p-l1/start')));
    expect(starts.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await age(user.id, 'p-l1', 40);
    const saves = await Promise.all([1, 2, 3, 4].map(() => save(cookie, 'p-l1', 58, 40)));
    const bodies = saves.map((r) => r.json<{ timeSpent: number; completedNow: boolean }>());
    expect(bodies.filter((b) => b.completedNow)).toHaveLength(1);
    expect(Math.max(...bodies.map((b) => b.timeSpent))).toBe(40);
    const progress = await t.app.inject({ url: '/api/lms/lessons/p-l1/progress', headers: { cookie } });
    expect(progress.json()).toMatchObject({ timeSpent: 40, completed: true, progressPercent: 100 });
  });

  it('auto-completes at 95 percent exactly once; complete is idempotent', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/p-l1/start');
    await age(user.id, 'p-l1', 120);
    expect((await save(cookie, 'p-l1', 56, 56)).json()).toMatchObject({
      completed: false,
      progressPercent: 93,
      completedNow: false,
    });
    await age(user.id, 'p-l1', 5);
    const done = (await save(cookie, 'p-l1', 57.5, 58)).json();
    expect(done).toMatchObject({ completed: true, progressPercent: 100, completedNow: true });
    const after = (await save(cookie, 'p-l1', 60, 60)).json();
    expect(after).toMatchObject({ completed: true, completedNow: false, completedAt: done.completedAt });
    const complete = (await post(cookie, '/api/lms/lessons/p-l1/complete')).json();
    expect(complete).toMatchObject({ completed: true, completedNow: false, completedAt: done.completedAt });
    // Completing a reading lesson by hand once it was read for half its length: the first call completes, the
    // second does not.
    await read(t, cookie, user.id, 'p-l4', 30);
    expect((await post(cookie, '/api/lms/lessons/p-l4/complete')).json()).toMatchObject({
      completedNow: true,
      progressPercent: 100,
    });
    expect((await post(cookie, '/api/lms/lessons/p-l4/complete')).json()).toMatchObject({
      completedNow: false,
    });
  });

  it('accepts the unload beacon as text/plain JSON and refuses bad bodies with 400', async () => {
    const { cookie, user } = await signedInUser(t);
    await post(cookie, '/api/lms/lessons/p-l4/start');
    await age(user.id, 'p-l4', 30);
    const beacon = await post(
      cookie,
      '/api/lms/lessons/p-l4/video-progress',
      JSON.stringify({
        videoProgressSeconds: 24,
        eventData: { totalTime: 24, progressPercent: 40, ranges: [[0, 24]] },
      }),
      'text/plain;charset=UTF-8',
    );
    expect(beacon.statusCode).toBe(200);
    expect(beacon.json()).toMatchObject({ progressPercent: 40, timeSpent: 24 });
    const bad = await post(cookie, '/api/lms/lessons/p-l4/video-progress', { videoProgressSeconds: -3 });
    expect(bad.statusCode).toBe(400);
    const notJson = await post(cookie, '/api/lms/lessons/p-l4/video-progress', '{oops', 'text/plain');
    expect(notJson.statusCode).toBe(400);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/lms/lessons/p-l4/video-progress',
      payload: { videoProgressSeconds: 1 },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('outline: unlock rules, section rings, time spent and a streak in the learner time zone', async () => {
    const { cookie, user } = await signedInUser(t);
    await t.db.update(users).set({ timeZone: 'Pacific/Auckland' }).where(eq(users.id, user.id));
    const outline = async () =>
      (await t.app.inject({ url: '/api/lms/courses/p/outline', headers: { cookie } })).json<CourseOutline>();
    const flags = (o: CourseOutline) => o.sections.flatMap((s) => s.lessons.map((l) => [l.id, l.unlocked]));
    const fresh = await outline();
    expect(fresh.course).toMatchObject({
      title: 'Progress Course',
      overallProgress: 0,
      completedLessons: 0,
      totalLessons: 4,
      timeSpent: 0,
      enrolled: false,
    });
    expect(flags(fresh)).toEqual([
      ['p-l1', true],
      ['p-l2', false],
      ['p-l3', false],
      ['p-l4', true],
    ]);
    expect(fresh.resources).toHaveLength(1);
    expect(fresh.streakDays).toBe(0);

    await post(cookie, '/api/lms/lessons/p-l1/start');
    await age(user.id, 'p-l1', 90);
    await save(cookie, 'p-l1', 60, 70);
    await post(cookie, '/api/lms/lessons/p-l2/start');
    await age(user.id, 'p-l2', 30);
    await save(cookie, 'p-l2', 30, 30);
    const later = await outline();
    expect(flags(later)).toEqual([
      ['p-l1', true],
      ['p-l2', true],
      ['p-l3', false],
      ['p-l4', true],
    ]);
    // Course and section progress are the share of lessons completed (1 of 4, 1 of 2), not a mean of percents.
    expect(later.course).toMatchObject({
      overallProgress: 25,
      completedLessons: 1,
      timeSpent: 1,
      timeSpentSeconds: 100,
      enrolled: true,
    });
    expect(later.sections[0]).toMatchObject({
      id: 'p-s1',
      orderIndex: 1,
      completedLessons: 1,
      totalLessons: 2,
      progressPercent: 50,
    });
    expect(later.sections[0]?.lessons[1]).toMatchObject({
      id: 'p-l2',
      title: 'Second',
      duration: 1,
      progressPercent: 50,
      completed: false,
      completedAt: null,
      free: false,
    });
    expect(later.streakDays).toBe(1);
    const [day] = await t.db.select().from(learningDays).where(eq(learningDays.userId, user.id));
    const auckland = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    expect(day?.day).toBe(auckland);

    // Two earlier days make a three-day streak; a gap breaks it.
    const dayBefore = (n: number) => {
      const d = new Date(`${auckland}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - n);
      return d.toISOString().slice(0, 10);
    };
    await t.db.insert(learningDays).values([
      { userId: user.id, day: dayBefore(1) },
      { userId: user.id, day: dayBefore(2) },
      { userId: user.id, day: dayBefore(4) },
    ]);
    expect((await outline()).streakDays).toBe(3);
    const stats = await t.app.inject({ url: '/api/lms/stats', headers: { cookie } });
    expect(stats.json()).toEqual({
      coursesEnrolled: 1,
      coursesCompleted: 0,
      lessonsCompleted: 1,
      timeSpentMinutes: 1,
      timeSpentSeconds: 100,
      streakDays: 3,
    });
    const mine = (await t.app.inject({ url: '/api/lms/my-courses', headers: { cookie } })).json();
    expect(mine[0]).toMatchObject({
      id: 'p',
      enrolled: true,
      progress: 25,
      completedLessons: 1,
      started: true,
      nextLessonId: 'p-l2',
    });
  });

  it("the outline's streak is the stats streak in every zone, even with days a zone has not reached yet", async () => {
    const { cookie, user } = await signedInUser(t);
    const utcDay = (offset: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + offset);
      return d.toISOString().slice(0, 10);
    };
    // Tomorrow and the day after (in UTC) are already "today" in the easternmost zones, not in the western ones.
    await t.db
      .insert(learningDays)
      .values([2, 1, 0, -1, -2, -3, -5].map((offset) => ({ userId: user.id, day: utcDay(offset) })));
    const streaks = [];
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'Not/A_Zone']) {
      await t.db.update(users).set({ timeZone: zone }).where(eq(users.id, user.id));
      const outline = await t.app.inject({ url: '/api/lms/courses/p/outline', headers: { cookie } });
      const stats = await t.app.inject({ url: '/api/lms/stats', headers: { cookie } });
      expect(outline.json<CourseOutline>().streakDays, zone).toBe(
        stats.json<{ streakDays: number }>().streakDays,
      );
      streaks.push(outline.json<CourseOutline>().streakDays);
    }
    expect(Math.min(...streaks)).toBeGreaterThanOrEqual(3);
  });
});
