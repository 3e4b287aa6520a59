// The course outline's answer is built as JSON text by the database and sent as it is (no zod serialiser on the
// way out). These tests hold that text to the contract and to the JavaScript rules of progress-definition.ts:
// it must be exactly what courseOutline (those rules, then the serialiser) writes for the same rows.
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseOutlineSchema } from '../../../contract/academy';
import { createUser } from '../../db/builders/accounts';
import { createCourse, lessonIdFor } from '../../db/builders/academy';
import { loadSampleContent } from '../../db/sample/load-sample';
import { courses, enrollments, learningDays, lessonProgress, users } from '../../db/schema';
import { testCertificateSigner } from '../../test/certificate-signer';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { courseOutline } from './learning.queries';
import { courseOutlineJson } from './outline-json.queries';
import { dayIn } from './streaks';

let t: TestApp;
let learner: { id: string; cookie: string };

const serialised = async (courseId: string, userId: string) => {
  const outline = await courseOutline(t.db, courseId, userId);
  return outline && JSON.stringify(courseOutlineSchema.parse(outline));
};

beforeAll(async () => {
  t = await createTestApp();
  await loadSampleContent(t.db, { demoAccounts: true, certificates: await testCertificateSigner(t.db) });
  // A course with an empty section, free previews past locked lessons, and text JSON must escape.
  await createCourse(t.db, {
    id: 'c-odd',
    title: 'Odd "quotes" \\ é 🎻',
    sections: [
      { title: 'Empty "section"', lessons: [] },
      {
        title: 'First',
        description: 'Tab\tand\nline',
        lessons: [
          { title: 'One', durationMinutes: 3 },
          { title: 'Two', durationMinutes: 2 },
          { title: 'Three (free)', free: true },
        ],
      },
      {
        title: 'Second',
        lessons: [
          { title: 'Four', resources: [{ title: 'Plan', url: '/p.pdf', fileType: 'pdf', sizeBytes: 12 }] },
          { title: 'Five' },
        ],
      },
    ],
  });
  const signed = await signedInUser(t);
  learner = { id: signed.user.id, cookie: signed.cookie };
  await t.db.update(users).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(users.id, learner.id));
  await t.db.insert(enrollments).values({ userId: learner.id, courseId: 'c-odd' });
  // Completed with a time in microseconds; 100 percent watched but not marked; a share with decimals; time alone.
  const at = sql`timestamptz '2026-11-03 10:11:12.345678+00'`;
  const progress = (n: number, fields: Partial<typeof lessonProgress.$inferInsert>) => ({
    userId: learner.id,
    lessonId: lessonIdFor('c-odd', n),
    courseId: 'c-odd',
    ...fields,
  });
  await t.db
    .insert(lessonProgress)
    .values([
      progress(1, { completed: true, progressPercent: 100, timeSpentSeconds: 200 }),
      progress(2, { progressPercent: 100, timeSpentSeconds: 61 }),
      progress(3, { progressPercent: 99.999999, timeSpentSeconds: 5 }),
      progress(4, { timeSpentSeconds: 1 }),
    ]);
  await t.db.execute(
    sql`update lesson_progress set completed_at = ${at} where user_id = ${learner.id} and lesson_id = ${lessonIdFor('c-odd', 1)}`,
  );
  // Three days in a row ending today in the learner's zone (UTC+14): a streak of 3.
  const today = dayIn('Pacific/Kiritimati', new Date());
  const before = (n: number) =>
    new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  await t.db.insert(learningDays).values([0, 1, 2, 5].map((n) => ({ userId: learner.id, day: before(n) })));
});
afterAll(async () => t.close());

describe('the course outline as JSON built by the database', () => {
  it('is the text courseOutline and the contract serialiser write, for every course and learner', async () => {
    const courseIds = (await t.db.select({ id: courses.id }).from(courses).orderBy(courses.id)).map(
      (r) => r.id,
    );
    // The learners with the most progress in the sample content, a learner with none, and the odd one.
    const busy = (
      await t.db
        .select({ userId: lessonProgress.userId })
        .from(lessonProgress)
        .groupBy(lessonProgress.userId)
        .orderBy(desc(count()), lessonProgress.userId)
        .limit(4)
    ).map((r) => r.userId);
    const idle = await createUser(t.db);
    let compared = 0;
    for (const userId of [...busy, idle.id, learner.id])
      for (const courseId of courseIds) {
        const text = await courseOutlineJson(t.db, courseId, userId);
        expect(text, `${courseId} for ${userId}`).toBe(await serialised(courseId, userId));
        compared += 1;
      }
    expect(compared).toBeGreaterThan(40);
    expect(await courseOutlineJson(t.db, 'no-such-course', learner.id)).toBeNull();
  });

  it('carries the rules the outline shows (the odd course read back)', async () => {
    const outline = courseOutlineSchema.parse(
      JSON.parse((await courseOutlineJson(t.db, 'c-odd', learner.id))!),
    );
    expect(outline.course).toMatchObject({
      overallProgress: 40,
      completedLessons: 2,
      totalLessons: 5,
      timeSpent: 4,
      timeSpentSeconds: 267,
      enrolled: true,
      certificateId: null,
    });
    expect(outline.sections.map((s) => [s.title, s.totalLessons, s.progressPercent])).toEqual([
      ['Empty "section"', 0, 0],
      ['First', 3, 66],
      ['Second', 2, 0],
    ]);
    const lessons = outline.sections.flatMap((s) => s.lessons);
    expect(lessons.map((l) => [l.progressPercent, l.completed, l.unlocked])).toEqual([
      [100, true, true],
      [100, true, true],
      [99, false, true],
      [0, false, false],
      [0, false, false],
    ]);
    expect(lessons[0]!.completedAt).toBe('2026-11-03T10:11:12.345Z');
    expect(outline.streakDays).toBe(3);
    expect(outline.resources).toEqual([
      expect.objectContaining({ lessonId: lessonIdFor('c-odd', 4), title: 'Plan', sizeBytes: 12 }),
    ]);
  });

  it('is what the route sends, byte for byte, and a 404 for an unknown course', async () => {
    const res = await t.app.inject({
      url: '/api/lms/courses/c-odd/outline',
      headers: { cookie: learner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(await serialised('c-odd', learner.id));
    const missing = await t.app.inject({
      url: '/api/lms/courses/no-such-course/outline',
      headers: { cookie: learner.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
