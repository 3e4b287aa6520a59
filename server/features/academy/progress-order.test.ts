// A certificate proves learning: lessons open in order, reading takes real time, and lessons played side by side
// share one learner's clock. The attack replayed here earned a verified certificate in 35 s with 0 s spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressSaveResponse } from '../../../contract/academy';
import { createCourse } from '../../db/builders/academy';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { ageLearner } from './progress-test-clock';

let t: TestApp;
const clip = (title: string, free = false) => ({
  title,
  videoUrl: '/videos/tonewood-and-bracing.webm',
  durationMinutes: 1,
  free,
});
const reading = (title: string) => ({ title, durationMinutes: 2 });

beforeAll(async () => {
  t = await createTestApp();
  // Seven lessons like a sample course: videos and two-minute readings, the first a free preview.
  await createCourse(t.db, {
    id: 'or',
    sections: [
      { title: 'One', lessons: [clip('V1', true), reading('R2'), clip('V3'), reading('R4')] },
      { title: 'Two', lessons: [clip('V5'), reading('R6'), reading('R7')] },
    ],
  });
  // Two free previews, open side by side.
  await createCourse(t.db, {
    id: 'fp',
    sections: [{ title: 'Free', lessons: [clip('A', true), clip('B', true)] }],
  });
});
afterAll(async () => t.close());

const lesson = (n: number) => `or-l${n}`;
const post = (cookie: string, id: string, action: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/lms/lessons/${id}/${action}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
const play = (cookie: string, id: string, from: number, to: number, totalTime: number) =>
  post(cookie, id, 'video-progress', {
    videoProgressSeconds: to,
    eventData: { totalTime, ranges: [[from, to]] },
  });
const certificates = async (cookie: string) =>
  (await t.app.inject({ url: '/api/lms/certificates', headers: { cookie } })).json<unknown[]>();
const LOCKED = {
  error: 'Finish the previous lesson first: this lesson opens once it is completed.',
  code: 'LESSON_LOCKED',
};

describe('a certificate proves learning', () => {
  it('replaying the attack (everything at once, in parallel) earns no certificate and says why', async () => {
    const { cookie, user } = await signedInUser(t);
    const all = [1, 2, 3, 4, 5, 6, 7].map(lesson);
    // Every lesson started at once: only the first is open.
    const starts = await Promise.all(all.map((id) => post(cookie, id, 'start')));
    expect(starts.map((r) => r.statusCode)).toEqual([200, 403, 403, 403, 403, 403, 403]);
    expect(starts[3]!.json()).toEqual(LOCKED);
    // 31 s later, every video claimed as watched, in parallel.
    await ageLearner(t.db, user.id, 31);
    const videos = await Promise.all([1, 3, 5].map((n) => play(cookie, lesson(n), 0, 60, 31)));
    expect(videos.map((r) => r.statusCode)).toEqual([200, 403, 403]);
    expect(videos[1]!.json()).toEqual(LOCKED);
    // At 2× speed, 31 s covers the first one-minute clip at most (62 s plus 2 s of grace).
    expect(videos[0]!.json<ProgressSaveResponse>()).toMatchObject({ completed: true });
    // Every reading lesson marked complete at once: the open one has not been read, the others are locked.
    const readings = await Promise.all([2, 4, 6, 7].map((n) => post(cookie, lesson(n), 'complete')));
    expect(readings.map((r) => r.statusCode)).toEqual([409, 403, 403, 403]);
    expect(readings[0]!.json()).toEqual({
      error:
        'Read for 1 more minute to complete this lesson: the timer has to run for at least half of its length.',
      code: 'LESSON_NOT_READ',
    });
    // A reading timer claiming the whole lesson at once is held to the real time too.
    await play(cookie, lesson(2), 0, 120, 120);
    expect((await post(cookie, lesson(2), 'complete')).statusCode).toBe(409);
    expect(await certificates(cookie)).toEqual([]);
    const outline = await t.app.inject({ url: '/api/lms/courses/or/outline', headers: { cookie } });
    expect(outline.json<{ course: { completedLessons: number } }>().course.completedLessons).toBe(1);
  });

  it('lessons played side by side share one budget: 2× the wall clock across all of them', async () => {
    const { cookie, user } = await signedInUser(t);
    await Promise.all(['fp-l1', 'fp-l2'].map((id) => post(cookie, id, 'start')));
    await ageLearner(t.db, user.id, 31);
    const saves = await Promise.all(['fp-l1', 'fp-l2'].map((id) => play(cookie, id, 0, 60, 31)));
    const answers = saves.map((r) => r.json<ProgressSaveResponse>());
    // Each alone could take 64 s of a 60 s clip; together they get 64 s (and a sliver of real time), not 128.
    const covered = answers.reduce((sum, a) => sum + (a.progressPercent * 60) / 100, 0);
    expect(covered).toBeLessThanOrEqual(66);
    expect(answers.filter((a) => a.completed)).toHaveLength(1);
    // The time credited is shared the same way: 31 s of real time, not 62.
    expect(answers.reduce((sum, a) => sum + a.timeSpent, 0)).toBeLessThanOrEqual(32);
  });

  it('a learner who watches and reads in order gets the certificate', async () => {
    const { cookie, user } = await signedInUser(t);
    let last: ProgressSaveResponse | null = null;
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const id = lesson(n);
      expect((await post(cookie, id, 'start')).statusCode).toBe(200);
      if (n === 1 || n === 3 || n === 5) {
        // A clip watched through in two halves, saved every 30 s.
        await ageLearner(t.db, user.id, 30);
        await play(cookie, id, 0, 30, 30);
        await ageLearner(t.db, user.id, 30);
        last = (await play(cookie, id, 30, 60, 60)).json<ProgressSaveResponse>();
        expect(last).toMatchObject({ completed: true, completedNow: true });
      } else {
        // Read for a minute (half of two), then Mark as Complete.
        await ageLearner(t.db, user.id, 60);
        await play(cookie, id, 0, 60, 60);
        const done = await post(cookie, id, 'complete');
        expect(done.statusCode).toBe(200);
        last = done.json<ProgressSaveResponse>();
        expect(last.completedNow).toBe(true);
      }
    }
    expect(last?.certificateId).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(await certificates(cookie)).toHaveLength(1);
  });
});
