import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHAR_MESSAGE } from '../../../contract/text';
import { settleNotificationMail } from '../../notify/notifications';
import { call } from '../../test/api-client';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { luthier, member, readingCourse } from './authoring-test-kit';

// Who may write and see a course before it is published: its author and the admins. To everyone else a draft
// does not exist (404 on every authoring and learner route), and only a person with a shop may start one.

let t: TestApp;
let world: {
  author: Awaited<ReturnType<typeof luthier>>;
  rival: Awaited<ReturnType<typeof luthier>>;
  learner: Awaited<ReturnType<typeof member>>;
  admin: Awaited<ReturnType<typeof member>>;
  courseId: string;
  sectionId: string;
  lessonIds: string[];
  slug: string;
};
beforeAll(async () => {
  t = await createTestApp();
  const author = await luthier(t, 'Ines Draft');
  const { courseId, sectionId, lessonIds } = await readingCourse(t, author.cookie, {
    title: 'Secret draft about bindings',
  });
  const draft = await call(t, 'GET /api/lms/authoring/courses/:courseId', {
    cookie: author.cookie,
    params: { courseId },
  });
  world = {
    author,
    rival: await luthier(t, 'Other Maker'),
    learner: await member(t),
    admin: await signedInUser(t, { role: 'admin', handle: `admin-${Date.now().toString(36)}` }),
    courseId,
    sectionId,
    lessonIds,
    slug: draft.body.slug,
  };
});
afterAll(async () => {
  await settleNotificationMail();
  await t.close();
});

describe('a draft is its author’s and the admins’ alone', () => {
  it('answers 404 on every authoring route to another luthier and to a member; 401 to a guest', async () => {
    const { courseId, sectionId, lessonIds } = world;
    const lessonId = lessonIds[0]!;
    const attempts = (cookie: string | null) => [
      call(t, 'GET /api/lms/authoring/courses/:courseId', { cookie, params: { courseId } }),
      call(t, 'PATCH /api/lms/authoring/courses/:courseId', {
        cookie,
        params: { courseId },
        body: { title: 'Mine' },
      }),
      call(t, 'DELETE /api/lms/authoring/courses/:courseId', { cookie, params: { courseId } }),
      call(t, 'POST /api/lms/authoring/courses/:courseId/publish', { cookie, params: { courseId } }),
      call(t, 'POST /api/lms/authoring/courses/:courseId/unpublish', { cookie, params: { courseId } }),
      call(t, 'POST /api/lms/authoring/courses/:courseId/sections', {
        cookie,
        params: { courseId },
        body: { title: 'Injected' },
      }),
      call(t, 'PUT /api/lms/authoring/courses/:courseId/sections/order', {
        cookie,
        params: { courseId },
        body: { sectionIds: [sectionId] },
      }),
      call(t, 'PATCH /api/lms/authoring/sections/:sectionId', {
        cookie,
        params: { sectionId },
        body: { title: 'X' },
      }),
      call(t, 'DELETE /api/lms/authoring/sections/:sectionId', { cookie, params: { sectionId } }),
      call(t, 'POST /api/lms/authoring/sections/:sectionId/lessons', {
        cookie,
        params: { sectionId },
        body: { title: 'X', kind: 'reading' },
      }),
      call(t, 'PUT /api/lms/authoring/sections/:sectionId/lessons/order', {
        cookie,
        params: { sectionId },
        body: { lessonIds },
      }),
      call(t, 'PATCH /api/lms/authoring/lessons/:lessonId', {
        cookie,
        params: { lessonId },
        body: { title: 'X' },
      }),
      call(t, 'DELETE /api/lms/authoring/lessons/:lessonId', { cookie, params: { lessonId } }),
      call(t, 'PUT /api/lms/authoring/lessons/:lessonId/reading', {
        cookie,
        params: { lessonId },
        body: { body: [{ type: 'paragraph', text: 'Overwritten' }] },
      }),
    ];
    for (const cookie of [world.rival.cookie, world.learner.cookie]) {
      const answers = await Promise.all(attempts(cookie));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    }
    const guest = await Promise.all(attempts(null));
    expect(guest.map((a) => a.status)).toEqual(guest.map(() => 401));
    // Nothing changed.
    const draft = await call(t, 'GET /api/lms/authoring/courses/:courseId', {
      cookie: world.author.cookie,
      params: { courseId },
    });
    expect(draft.body.title).toBe('Secret draft about bindings');
    expect(draft.body.sections.map((s) => s.lessons.length)).toEqual([2]);
  });

  it('never shows in explore, search, listing, outline, lessons, reviews, enrolment or the shop page', async () => {
    const { courseId, slug, lessonIds } = world;
    const explore = await call(t, 'GET /api/lms/courses/explore', {});
    expect(explore.body.map((c) => c.id)).not.toContain(courseId);
    const search = await call(t, 'GET /api/lms/courses/explore', { query: { q: 'secret draft bindings' } });
    expect(search.body).toEqual([]);
    for (const cookie of [null, world.learner.cookie, world.rival.cookie]) {
      const statuses = await Promise.all([
        call(t, 'GET /api/lms/courses/listing/:slug', { cookie, params: { slug } }),
        call(t, 'GET /api/lms/courses/listing/:slug', { cookie, params: { slug: courseId } }),
        call(t, 'GET /api/public/lessons/:lessonId', { cookie, params: { lessonId: lessonIds[0]! } }),
        call(t, 'GET /api/lms/courses/:courseId/reviews', { cookie, params: { courseId } }),
      ]);
      expect(statuses.map((s) => s.status)).toEqual([404, 404, 404, 404]);
    }
    const learner = world.learner.cookie;
    const signedIn = await Promise.all([
      call(t, 'GET /api/lms/courses/:courseId/outline', { cookie: learner, params: { courseId } }),
      call(t, 'GET /api/lms/lessons/:lessonId', { cookie: learner, params: { lessonId: lessonIds[1]! } }),
      call(t, 'POST /api/lms/lessons/:lessonId/start', {
        cookie: learner,
        params: { lessonId: lessonIds[0]! },
      }),
      call(t, 'POST /api/lms/courses/:courseId/enroll', { cookie: learner, params: { courseId } }),
      call(t, 'POST /api/lms/courses/:courseId/bookmark', { cookie: learner, params: { courseId } }),
      call(t, 'POST /api/lms/courses/:courseId/reports', {
        cookie: learner,
        params: { courseId },
        body: { reason: 'Probing a draft.' },
      }),
    ]);
    expect(signedIn.map((s) => s.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const shop = await t.app.inject({ method: 'GET', url: `/api/profile/l/${world.author.shop.slug}` });
    expect(shop.statusCode).toBe(200);
    expect(shop.body).not.toContain('Secret draft');
  });

  it('the author and an admin preview it as a learner would see it; a preview saves no progress', async () => {
    const { courseId, slug, lessonIds } = world;
    for (const cookie of [world.author.cookie, world.admin.cookie]) {
      const listing = await call(t, 'GET /api/lms/courses/listing/:slug', { cookie, params: { slug } });
      expect(listing.status).toBe(200);
      expect(listing.body.title).toBe('Secret draft about bindings');
      const lesson = await call(t, 'GET /api/lms/lessons/:lessonId', {
        cookie,
        params: { lessonId: lessonIds[0]! },
      });
      expect(lesson.body.reading?.blocks?.[0]).toEqual({
        type: 'heading',
        level: 2,
        text: 'Why the neck angle matters',
      });
      const start = await call(t, 'POST /api/lms/lessons/:lessonId/start', {
        cookie,
        params: { lessonId: lessonIds[0]! },
      });
      expect(start.status).toBe(409);
      expect(start.error.error).toBe('This course is not published: a preview saves no progress.');
    }
    const adminView = await call(t, 'GET /api/lms/authoring/courses/:courseId', {
      cookie: world.admin.cookie,
      params: { courseId },
    });
    expect(adminView.status).toBe(200);
    const outline = await call(t, 'GET /api/lms/courses/:courseId/outline', {
      cookie: world.author.cookie,
      params: { courseId },
    });
    expect(outline.status).toBe(200);
  });

  it('lists only the caller’s own courses', async () => {
    const mine = await call(t, 'GET /api/lms/authoring/courses', { cookie: world.author.cookie });
    expect(mine.body.map((c) => [c.title, c.status, c.lessons])).toEqual([
      ['Secret draft about bindings', 'draft', 2],
    ]);
    const theirs = await call(t, 'GET /api/lms/authoring/courses', { cookie: world.rival.cookie });
    expect(theirs.body).toEqual([]);
  });
});

describe('only a person with a shop writes courses', () => {
  it('a member without a shop gets 403, a guest 401', async () => {
    const body = {
      title: 'My course',
      description: 'About it.',
      level: 'beginner',
      category: 'repair',
    } as const;
    const refused = await call(t, 'POST /api/lms/authoring/courses', { cookie: world.learner.cookie, body });
    expect(refused.status).toBe(403);
    expect(refused.error.error).toBe('Only a luthier with a shop can write a course: open your shop first.');
    expect((await call(t, 'POST /api/lms/authoring/courses', { body })).status).toBe(401);
  });
});

describe('bad input is refused with a clear 400', () => {
  it('course, section, lesson and reading fields say what is wrong', async () => {
    const cookie = world.author.cookie;
    const course = await call(t, 'POST /api/lms/authoring/courses', {
      cookie,
      body: { title: '  ', description: 'x', level: 'expert' as never, category: 'repair' },
    });
    expect(course.status).toBe(400);
    expect(course.error.fields).toMatchObject({
      title: 'Give the course a title.',
      level: 'Choose a level.',
    });
    const sneaky = await call(t, 'PATCH /api/lms/authoring/courses/:courseId', {
      cookie,
      params: { courseId: world.courseId },
      body: { tags: ['neck\u200bset'] },
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.error.fields).toEqual({ 'tags.0': CONTROL_CHAR_MESSAGE });
    const lesson = await call(t, 'POST /api/lms/authoring/sections/:sectionId/lessons', {
      cookie,
      params: { sectionId: world.sectionId },
      body: { title: 'Slides', kind: 'slides' as never },
    });
    expect(lesson.status).toBe(400);
    expect(Object.keys(lesson.error.fields ?? {})).toEqual(['kind']);
    const lessonId = world.lessonIds[0]!;
    const html = await call(t, 'PUT /api/lms/authoring/lessons/:lessonId/reading', {
      cookie,
      params: { lessonId },
      body: { body: [{ type: 'html', html: '<script>alert(1)</script>' } as never] },
    });
    expect(html.status).toBe(400);
    const foreignImage = await call(t, 'PUT /api/lms/authoring/lessons/:lessonId/reading', {
      cookie,
      params: { lessonId },
      body: { body: [{ type: 'image', src: 'https://evil.example/x.png', alt: 'A bracing pattern' }] },
    });
    expect(foreignImage.status).toBe(400);
    expect(foreignImage.error.fields).toEqual({ 'body.0.src': 'Upload the image first.' });
    const empty = await call(t, 'PUT /api/lms/authoring/lessons/:lessonId/reading', {
      cookie,
      params: { lessonId },
      body: { body: [] },
    });
    expect(empty.error.fields).toEqual({ body: 'Write something: a reading lesson needs text.' });
    // Text that looks like markup stays text: it is stored as written and never becomes HTML.
    const written = await call(t, 'PUT /api/lms/authoring/lessons/:lessonId/reading', {
      cookie,
      params: { lessonId },
      body: { body: [{ type: 'paragraph', text: 'Use <b>hide glue</b> here.' }] },
    });
    expect(written.status).toBe(200);
    expect(written.body.reading).toEqual([{ type: 'paragraph', text: 'Use <b>hide glue</b> here.' }]);
  });
});
