// Round trips to PostgreSQL per progress save and per read of the academy's busiest pages: each statement costs a
// wake-up of both processes and the driver's work on its answer, so their number is held here (PostgreSQL only:
// PGlite runs in the process and has no round trips).
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCourse } from '../../db/builders/academy';
import { lessonProgress } from '../../db/schema';
import { testBackend } from '../../test/test-db';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { ageLearner } from './progress-test-clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCourse(t.db, {
    id: 'rt',
    sections: [{ title: 'One', lessons: [{ title: 'First' }, { title: 'Second' }] }],
  });
});
afterAll(async () => t.close());

/** The statements `run` sends to PostgreSQL (BEGIN and COMMIT included), and its result. */
async function statements<T>(run: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await run();
    const sent = spy.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : String((config as { text?: string }).text),
    );
    return { sent, result };
  } finally {
    spy.mockRestore();
  }
}

describe.skipIf(testBackend !== 'postgres')('round trips to PostgreSQL', () => {
  it('a progress save: eight statements, nine for a lesson that must check the one before', async () => {
    const { cookie, user } = await signedInUser(t);
    const save = (lesson: string, seconds: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/lms/lessons/${lesson}/video-progress`,
        headers: { cookie },
        payload: { videoProgressSeconds: seconds, eventData: { totalTime: seconds, ranges: [[0, seconds]] } },
      });
    expect((await save('rt-l1', 1)).statusCode).toBe(200);
    await ageLearner(t.db, user.id, 10);
    const first = await statements(() => save('rt-l1', 5));
    expect(first.result.statusCode).toBe(200);
    expect(first.result.json()).toMatchObject({ timeSpent: 5, watchedRanges: [[0, 5]] });
    // Session, lesson, BEGIN, clock, enrolment, record, its update with the clock's marks and the day, COMMIT.
    expect(first.sent).toHaveLength(8);
    expect(first.sent[2]).toMatch(/^begin/i);
    expect(first.sent.at(-1)).toMatch(/^commit/i);
    // The second lesson opens once the first is done: one more statement reads the first's record.
    await t.db
      .update(lessonProgress)
      .set({ completed: true, completedAt: new Date(), progressPercent: 100 })
      .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, 'rt-l1')));
    await ageLearner(t.db, user.id, 10);
    const second = await statements(() => save('rt-l2', 5));
    expect(second.result.statusCode).toBe(200);
    expect(second.sent).toHaveLength(9);
  });

  it('the course outline: the session, its visibility and one statement; explore: one', async () => {
    const { cookie } = await signedInUser(t);
    const outline = await statements(() =>
      t.app.inject({ url: '/api/lms/courses/rt/outline', headers: { cookie } }),
    );
    expect(outline.result.statusCode).toBe(200);
    // The visibility check (a draft's outline is its author's) is a statement of its own, for now.
    expect(outline.sent).toHaveLength(3);
    // With a filter no other test asked for: not answered from the shared cache.
    const explore = await statements(() =>
      t.app.inject('/api/lms/courses/explore?sort=price-high&level=advanced'),
    );
    expect(explore.result.statusCode).toBe(200);
    expect(explore.sent).toHaveLength(1);
  });
});
