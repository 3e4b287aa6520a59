import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, notifications } from '../../db/schema';
import { settleNotificationMail } from '../../notify/notifications';
import { call } from '../../test/api-client';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { read } from '../academy/progress-test-clock';
import { luthier, member, readingCourse, TEXT, uploadCover } from './authoring-test-kit';

// A luthier writes a course, publishes it, and a learner takes it under the academy's usual rules.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await settleNotificationMail();
  await t.close();
});

describe('writing and publishing a course', () => {
  it('a reading-only course: published, found in explore, taken by a learner to a certificate naming it and its author', async () => {
    const maker = await luthier(t, 'Marta Quiroga');
    const { courseId, lessonIds } = await readingCourse(t, maker.cookie, { title: 'Setting a neck angle' });

    const published = await call(t, 'POST /api/lms/authoring/courses/:courseId/publish', {
      cookie: maker.cookie,
      params: { courseId },
    });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.publishCheck).toEqual({ ready: true, missing: [] });
    const slug = published.body.slug;
    expect(slug).toMatch(/^setting-a-neck-angle-[0-9a-f]{6}$/);

    // Explore lists it (free), a search finds it, its listing names the author and links to their shop.
    const explore = await call(t, 'GET /api/lms/courses/explore', { query: { q: 'neck angle' } });
    const card = explore.body.find((c) => c.id === courseId);
    expect(card).toMatchObject({
      title: 'Setting a neck angle',
      instructor: 'Marta Quiroga',
      price: 0,
      lessons: 2,
    });
    const listing = await call(t, 'GET /api/lms/courses/listing/:slug', { params: { slug } });
    expect(listing.status).toBe(200);
    expect(listing.body.instructor.name).toBe('Marta Quiroga');
    expect(listing.body.instructorShop).toEqual({ name: 'Marta Quiroga Guitars', slug: maker.shop.slug });
    expect(listing.body.curriculum[0]!.lessons.map((l) => [l.id, l.free])).toEqual([
      [lessonIds[0], true],
      [lessonIds[1], false],
    ]);

    // The learner reads both lessons (the timer needs half of each lesson's estimated minute) and completes them.
    const learner = await member(t, 'Leo Learner');
    expect(
      (
        await call(t, 'POST /api/lms/courses/:courseId/enroll', {
          cookie: learner.cookie,
          params: { courseId },
        })
      ).status,
    ).toBe(200);
    const lesson = await call(t, 'GET /api/lms/lessons/:lessonId', {
      cookie: learner.cookie,
      params: { lessonId: lessonIds[0]! },
    });
    expect(lesson.body.videoUrl).toBeNull();
    expect(lesson.body.reading?.blocks).toEqual(TEXT);
    expect(lesson.body.duration).toBe(1);
    // Lessons open in order: the second is locked until the first is completed.
    const locked = await call(t, 'POST /api/lms/lessons/:lessonId/complete', {
      cookie: learner.cookie,
      params: { lessonId: lessonIds[1]! },
    });
    expect(locked.status).toBe(403);
    // Too early: the reading timer has not run half the lesson's estimated minute yet.
    await call(t, 'POST /api/lms/lessons/:lessonId/start', {
      cookie: learner.cookie,
      params: { lessonId: lessonIds[0]! },
    });
    const early = await call(t, 'POST /api/lms/lessons/:lessonId/complete', {
      cookie: learner.cookie,
      params: { lessonId: lessonIds[0]! },
    });
    expect(early.status).toBe(409);
    let certificateId: string | null = null;
    for (const id of lessonIds) {
      expect((await read(t, learner.cookie, learner.user.id, id, 40)).statusCode).toBe(200);
      const done = await call(t, 'POST /api/lms/lessons/:lessonId/complete', {
        cookie: learner.cookie,
        params: { lessonId: id },
      });
      expect(done.status).toBe(200);
      certificateId = done.body.certificateId ?? certificateId;
    }
    expect(certificateId).not.toBeNull();
    const certificate = await call(t, 'GET /api/public/certificates/:id', { params: { id: certificateId! } });
    const achievement = (
      certificate.body.credential.credentialSubject as { achievement: Record<string, unknown> }
    ).achievement;
    expect(achievement.name).toBe('Setting a neck angle');
    expect(achievement.creator).toEqual({
      id: `${t.env.publicUrl}/l/${maker.shop.slug}`,
      type: ['Profile'],
      name: 'Marta Quiroga',
    });

    // A review from the learner with progress, as on any course.
    const review = await call(t, 'POST /api/lms/courses/:courseId/reviews', {
      cookie: learner.cookie,
      params: { courseId },
      body: { rating: 5, text: 'Clear steps and the right measurements.' },
    });
    expect(review.status).toBe(201);
  });

  it('publishing an incomplete course answers 409 with what is missing', async () => {
    const maker = await luthier(t);
    const created = await call(t, 'POST /api/lms/authoring/courses', {
      cookie: maker.cookie,
      body: { title: 'Empty course', description: 'Nothing yet.', level: 'beginner', category: 'repair' },
    });
    const courseId = created.body.id;
    expect(created.body.status).toBe('draft');
    const bare = await call(t, 'POST /api/lms/authoring/courses/:courseId/publish', {
      cookie: maker.cookie,
      params: { courseId },
    });
    expect(bare.status).toBe(409);
    expect(bare.error.fields).toEqual({
      cover: 'Add a cover image.',
      sections: 'Add at least one section with a lesson.',
    });

    const section = await call(t, 'POST /api/lms/authoring/courses/:courseId/sections', {
      cookie: maker.cookie,
      params: { courseId },
      body: { title: 'Part one' },
    });
    const video = await call(t, 'POST /api/lms/authoring/sections/:sectionId/lessons', {
      cookie: maker.cookie,
      params: { sectionId: section.body.id },
      body: { title: 'Filmed', kind: 'video' },
    });
    const reading = await call(t, 'POST /api/lms/authoring/sections/:sectionId/lessons', {
      cookie: maker.cookie,
      params: { sectionId: section.body.id },
      body: { title: 'Written', kind: 'reading' },
    });
    expect((await uploadCover(t, maker.cookie, courseId)).statusCode).toBe(200);
    const draft = await call(t, 'GET /api/lms/authoring/courses/:courseId', {
      cookie: maker.cookie,
      params: { courseId },
    });
    expect(draft.body.coverImage).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+\.webp$/);
    expect(draft.body.publishCheck.missing.map((m) => m.message)).toEqual([
      'Lesson “Filmed” has no video.',
      'Lesson “Written” has no text.',
    ]);
    const again = await call(t, 'POST /api/lms/authoring/courses/:courseId/publish', {
      cookie: maker.cookie,
      params: { courseId },
    });
    expect(again.status).toBe(409);
    expect(again.error.fields).toEqual({
      [`lesson.${video.body.id}`]: 'Lesson “Filmed” has no video.',
      [`lesson.${reading.body.id}`]: 'Lesson “Written” has no text.',
    });
    expect(again.error.error).toContain('Lesson “Filmed” has no video.');
  });

  it('the merge patch changes only the fields sent; GET answers sent back change nothing', async () => {
    const maker = await luthier(t);
    const { courseId } = await readingCourse(t, maker.cookie, { lessons: 1 });
    const patched = await call(t, 'PATCH /api/lms/authoring/courses/:courseId', {
      cookie: maker.cookie,
      params: { courseId },
      body: { learn: ['Measure the neck angle', 'Reset a neck'], tags: ['neck', 'setup'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Setting a neck angle',
      level: 'intermediate',
      learn: ['Measure the neck angle', 'Reset a neck'],
      tags: ['neck', 'setup'],
    });
    const empty = await call(t, 'PATCH /api/lms/authoring/courses/:courseId', {
      cookie: maker.cookie,
      params: { courseId },
      body: {},
    });
    expect(empty.body.learn).toEqual(['Measure the neck angle', 'Reset a neck']);
    expect(empty.body.coverImage).not.toBeNull();
  });
});

describe('edits after publishing', () => {
  it('keep lesson ids and learners’ progress; lessons move between sections in order', async () => {
    const maker = await luthier(t);
    const { courseId, sectionId, lessonIds } = await readingCourse(t, maker.cookie, { lessons: 2 });
    await call(t, 'POST /api/lms/authoring/courses/:courseId/publish', {
      cookie: maker.cookie,
      params: { courseId },
    });
    const learner = await member(t);
    await read(t, learner.cookie, learner.user.id, lessonIds[0]!, 40);
    const done = await call(t, 'POST /api/lms/lessons/:lessonId/complete', {
      cookie: learner.cookie,
      params: { lessonId: lessonIds[0]! },
    });
    expect(done.status).toBe(200);

    // A second section, the second lesson moved into it, then the sections swapped; a title changed.
    const second = await call(t, 'POST /api/lms/authoring/courses/:courseId/sections', {
      cookie: maker.cookie,
      params: { courseId },
      body: { title: 'Going further' },
    });
    const moved = await call(t, 'PUT /api/lms/authoring/sections/:sectionId/lessons/order', {
      cookie: maker.cookie,
      params: { sectionId: second.body.id },
      body: { lessonIds: [lessonIds[1]!] },
    });
    expect(moved.status).toBe(200);
    const swapped = await call(t, 'PUT /api/lms/authoring/courses/:courseId/sections/order', {
      cookie: maker.cookie,
      params: { courseId },
      body: { sectionIds: [second.body.id, sectionId] },
    });
    expect(swapped.body.sections.map((s) => [s.title, s.lessons.map((l) => l.id)])).toEqual([
      ['Going further', [lessonIds[1]]],
      ['The neck', [lessonIds[0]]],
    ]);
    await call(t, 'PATCH /api/lms/authoring/lessons/:lessonId', {
      cookie: maker.cookie,
      params: { lessonId: lessonIds[0]! },
      body: { title: 'Reading one, revised' },
    });

    const outline = await call(t, 'GET /api/lms/courses/:courseId/outline', {
      cookie: learner.cookie,
      params: { courseId },
    });
    expect(outline.body.sections.map((s) => s.lessons.map((l) => [l.id, l.title, l.completed]))).toEqual([
      [[lessonIds[1], 'Reading 2', false]],
      [[lessonIds[0], 'Reading one, revised', true]],
    ]);
    const [row] = await t.db
      .select({ completed: lessonProgress.completed })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, learner.user.id), eq(lessonProgress.lessonId, lessonIds[0]!)));
    expect(row?.completed).toBe(true);

    // An order that leaves out a lesson of the section, or names one of another course, is refused.
    const other = await readingCourse(t, maker.cookie, { lessons: 1 });
    const bad = await call(t, 'PUT /api/lms/authoring/sections/:sectionId/lessons/order', {
      cookie: maker.cookie,
      params: { sectionId },
      body: { lessonIds: [other.lessonIds[0]!] },
    });
    expect(bad.status).toBe(400);
    expect(bad.error.fields).toEqual({ lessonIds: 'A lesson is not one of this course’s.' });
  });
});

describe('reports and moderation', () => {
  it('a signed-in person reports; an admin unpublishes with a reason the author is told', async () => {
    const maker = await luthier(t);
    const { courseId } = await readingCourse(t, maker.cookie, { title: 'Questionable varnish', lessons: 1 });
    await call(t, 'POST /api/lms/authoring/courses/:courseId/publish', {
      cookie: maker.cookie,
      params: { courseId },
    });
    const reader = await member(t, 'Rita Reporter');
    const guest = await call(t, 'POST /api/lms/courses/:courseId/reports', {
      params: { courseId },
      body: { reason: 'Copied text.' },
    });
    expect(guest.status).toBe(401);
    const report = await call(t, 'POST /api/lms/courses/:courseId/reports', {
      cookie: reader.cookie,
      params: { courseId },
      body: { reason: 'The text is copied from a book.' },
    });
    expect(report.status).toBe(201);
    const empty = await call(t, 'POST /api/lms/courses/:courseId/reports', {
      cookie: reader.cookie,
      params: { courseId },
      body: { reason: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.error.fields).toEqual({ reason: 'Say what is wrong with this course.' });

    const admin = await signedInUser(t, { role: 'admin', handle: `admin-${Date.now().toString(36)}` });
    const queue = await call(t, 'GET /api/admin/course-reports', { cookie: admin.cookie });
    expect(queue.body.find((r) => r.courseId === courseId)).toMatchObject({
      courseTitle: 'Questionable varnish',
      reason: 'The text is copied from a book.',
      reporterName: 'Rita Reporter',
      courseStatus: 'published',
    });
    const byMaker = await call(t, 'POST /api/admin/courses/:courseId/unpublish', {
      cookie: maker.cookie,
      params: { courseId },
      body: { reason: 'x' },
    });
    expect(byMaker.status).toBe(403);
    const down = await call(t, 'POST /api/admin/courses/:courseId/unpublish', {
      cookie: admin.cookie,
      params: { courseId },
      body: { reason: 'Large parts are copied from a published book.' },
    });
    expect(down.status).toBe(200);

    const explore = await call(t, 'GET /api/lms/courses/explore', { query: { q: 'Questionable varnish' } });
    expect(explore.body.map((c) => c.id)).not.toContain(courseId);
    const mine = await call(t, 'GET /api/lms/authoring/courses', { cookie: maker.cookie });
    expect(mine.body.find((c) => c.id === courseId)?.unpublished).toMatchObject({
      by: 'admin',
      reason: 'Large parts are copied from a published book.',
    });
    const inbox = await t.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, maker.user.id), eq(notifications.kind, 'course_unpublished')));
    expect(inbox).toEqual([
      {
        title: 'Your course “Questionable varnish” was unpublished',
        body: 'An admin took it out of the academy: Large parts are copied from a published book.',
      },
    ]);
  });
});
