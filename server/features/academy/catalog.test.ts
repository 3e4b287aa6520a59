import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/builders/accounts';
import { createCourse } from '../../db/builders/academy';
import { courseReviews, enrollments } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createUser(t.db, { displayName: 'Ruth Calloway', handle: 'ruth-calloway' });
  await createCourse(t.db, {
    id: 'c-alpha',
    instructorUserId: ruth.id,
    slug: 'alpha-bracing',
    title: 'Alpha Bracing',
    description: 'Brace an acoustic top.',
    instructorName: 'Ruth Calloway',
    category: 'acoustic',
    level: 'beginner',
    price: 229,
    rating: 4.7,
    tags: ['acoustic', 'bracing', 'tops', 'glue'],
  });
  await createCourse(t.db, {
    id: 'c-bravo',
    title: 'Bravo Pickups',
    description: 'Wind 100% copper coils_fast.',
    instructorName: 'Chidi Okafor',
    category: 'electric',
    level: 'advanced',
    price: 399,
    rating: 4.5,
  });
  await createCourse(t.db, {
    id: 'c-charlie',
    title: 'Charlie Setup',
    description: 'Relief and action.',
    instructorName: 'Chidi Okafor',
    category: 'repair',
    level: 'beginner',
    price: 199,
    rating: 4.9,
    sections: [
      { title: 'Measure', lessons: [{ title: 'Relief', free: true, durationMinutes: 1 }] },
      {
        title: 'Adjust',
        description: 'Nut and saddle',
        lessons: [{ title: 'Nut' }, { title: 'Saddle', durationMinutes: 4 }],
      },
    ],
  });
  // Popularity comes from enrolments: bravo 2, alpha 1, charlie 0.
  const a = await createUser(t.db);
  const b = await createUser(t.db);
  await t.db.insert(enrollments).values([
    { userId: a.id, courseId: 'c-bravo' },
    { userId: b.id, courseId: 'c-bravo' },
    { userId: a.id, courseId: 'c-alpha' },
  ]);
  // Ratings are the mean of real reviews: alpha 4.7 (5, 5, 4), bravo 4.5 (5, 4), charlie 5.0 (5).
  const reviewers = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
  const review = (courseId: string, i: number, rating: number) => ({
    courseId,
    userId: reviewers[i]?.id ?? '',
    rating,
    body: 'A review for the ratings.',
  });
  await t.db
    .insert(courseReviews)
    .values([
      review('c-alpha', 0, 5),
      review('c-alpha', 1, 5),
      review('c-alpha', 2, 4),
      review('c-bravo', 0, 5),
      review('c-bravo', 1, 4),
      review('c-charlie', 0, 5),
    ]);
  ({ cookie } = await signedInUser(t));
});
afterAll(async () => t.close());

const explore = async (query = '') => {
  const res = await t.app.inject(`/api/lms/courses/explore${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }[]>().map((c) => c.id);
};

describe('explore', () => {
  it('answers cards with the seed fields and computed counts', async () => {
    const res = await t.app.inject('/api/lms/courses/explore');
    const alpha = res.json<Record<string, unknown>[]>().find((c) => c.id === 'c-alpha');
    expect(alpha).toEqual({
      id: 'c-alpha',
      slug: 'alpha-bracing',
      title: 'Alpha Bracing',
      description: 'Brace an acoustic top.',
      instructor: 'Ruth Calloway',
      instructorHandle: 'ruth-calloway',
      level: 'beginner',
      category: 'acoustic',
      duration: '4 weeks',
      lessons: 3,
      students: 1,
      rating: 4.7,
      reviewCount: 3,
      price: 229,
      originalPrice: 305,
      tags: ['acoustic', 'bracing', 'tops', 'glue'],
      coverImage: null,
    });
  });

  it('sorts by each of the five orders', async () => {
    expect(await explore()).toEqual(['c-bravo', 'c-alpha', 'c-charlie']);
    expect(await explore('?sort=popular')).toEqual(['c-bravo', 'c-alpha', 'c-charlie']);
    expect(await explore('?sort=rating')).toEqual(['c-charlie', 'c-alpha', 'c-bravo']);
    expect(await explore('?sort=newest')).toEqual(['c-alpha', 'c-bravo', 'c-charlie']);
    expect(await explore('?sort=price-low')).toEqual(['c-charlie', 'c-alpha', 'c-bravo']);
    expect(await explore('?sort=price-high')).toEqual(['c-bravo', 'c-alpha', 'c-charlie']);
  });

  it('filters by category, level and text in title, description or instructor', async () => {
    expect(await explore('?category=repair')).toEqual(['c-charlie']);
    expect(await explore('?category=all&level=beginner&sort=newest')).toEqual(['c-alpha', 'c-charlie']);
    expect(await explore('?level=advanced&category=acoustic')).toEqual([]);
    expect(await explore('?q=BRACING')).toEqual(['c-alpha']);
    expect(await explore('?q=relief')).toEqual(['c-charlie']);
    expect(await explore('?q=okafor&sort=newest')).toEqual(['c-bravo', 'c-charlie']);
    // Wildcard characters are literal.
    expect(await explore(`?q=${encodeURIComponent('100%')}`)).toEqual(['c-bravo']);
    expect(await explore('?q=%25')).toEqual(['c-bravo']);
    expect(await explore('?q=s_tup')).toEqual([]);
  });

  it('refuses unknown filter values with 400', async () => {
    const res = await t.app.inject('/api/lms/courses/explore?sort=cheapest');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { sort: expect.any(String) } });
  });
});

describe('listing', () => {
  it('answers the full listing by slug or id, with curriculum and free flags', async () => {
    const res = await t.app.inject('/api/lms/courses/listing/c-charlie');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: 'c-charlie',
      title: 'Charlie Setup',
      price: 199,
      originalPrice: 265,
      enrolled: false,
      bookmarked: false,
      lessons: 3,
      instructor: { name: 'Chidi Okafor', handle: null, bio: '', avatar: null, courses: 2, students: 2 },
      features: [],
      requirements: [],
    });
    expect(body.curriculum).toEqual([
      {
        id: 'c-charlie-s1',
        title: 'Measure',
        lessons: [{ id: 'c-charlie-l1', title: 'Relief', duration: 1, free: true, captionsMissing: false }],
      },
      {
        id: 'c-charlie-s2',
        title: 'Adjust',
        lessons: [
          { id: 'c-charlie-l2', title: 'Nut', duration: 1, free: false, captionsMissing: false },
          { id: 'c-charlie-l3', title: 'Saddle', duration: 4, free: false, captionsMissing: false },
        ],
      },
    ]);
    const bySlug = await t.app.inject('/api/lms/courses/listing/alpha-bracing');
    expect(bySlug.json()).toMatchObject({ id: 'c-alpha', instructor: { handle: 'ruth-calloway' } });
  });

  it('404 for an unknown course', async () => {
    const res = await t.app.inject('/api/lms/courses/listing/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Course not found.', code: 'NOT_FOUND' });
  });

  it('bookmarks and enrols the caller; guests get 401', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/lms/courses/c-alpha/bookmark' });
    expect(guest.statusCode).toBe(401);
    const headers = { cookie };
    const saved = await t.app.inject({ method: 'POST', url: '/api/lms/courses/c-alpha/bookmark', headers });
    expect(saved.json()).toEqual({ bookmarked: true });
    const again = await t.app.inject({ method: 'POST', url: '/api/lms/courses/c-alpha/bookmark', headers });
    expect(again.statusCode).toBe(200);
    const enrol = await t.app.inject({ method: 'POST', url: '/api/lms/courses/c-alpha/enroll', headers });
    expect(enrol.json()).toEqual({ enrolled: true });
    let listing = (await t.app.inject({ url: '/api/lms/courses/listing/c-alpha', headers })).json();
    expect(listing).toMatchObject({ enrolled: true, bookmarked: true, students: 2 });
    await t.app.inject({ method: 'DELETE', url: '/api/lms/courses/c-alpha/bookmark', headers });
    listing = (await t.app.inject({ url: '/api/lms/courses/listing/c-alpha', headers })).json();
    expect(listing.bookmarked).toBe(false);
    const missing = await t.app.inject({ method: 'POST', url: '/api/lms/courses/nope/bookmark', headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('signed-in endpoints', () => {
  it('answer 401 to guests', async () => {
    for (const url of ['/api/lms/my-courses', '/api/lms/stats', '/api/lms/courses/c-alpha/outline']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('my-courses lists enrolled courses first, then the rest, with progress', async () => {
    const res = await t.app.inject({ url: '/api/lms/my-courses', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; enrolled: boolean; progress: number; nextLessonId: string }[]>();
    expect(list.map((c) => [c.id, c.enrolled])).toEqual([
      ['c-alpha', true],
      ['c-bravo', false],
      ['c-charlie', false],
    ]);
    // A saved course leads the ones not enrolled in.
    await t.app.inject({ method: 'POST', url: '/api/lms/courses/c-charlie/bookmark', headers: { cookie } });
    const after = (await t.app.inject({ url: '/api/lms/my-courses', headers: { cookie } })).json<
      { id: string; bookmarked: boolean }[]
    >();
    expect(after.map((c) => [c.id, c.bookmarked])).toEqual([
      ['c-alpha', false],
      ['c-charlie', true],
      ['c-bravo', false],
    ]);
    expect(list[0]).toMatchObject({ progress: 0, nextLessonId: 'c-alpha-l1', nextLessonTitle: 'Welcome' });
    // The instructor's name links to their profile when they have a handle.
    const handles = new Map(
      res.json<{ id: string; instructorHandle: string | null }[]>().map((c) => [c.id, c.instructorHandle]),
    );
    expect(handles.get('c-alpha')).toBe('ruth-calloway');
    expect(handles.get('c-bravo')).toBeNull();
  });

  it("the outline names the course's instructor with their handle", async () => {
    const alpha = await t.app.inject({ url: '/api/lms/courses/c-alpha/outline', headers: { cookie } });
    expect(alpha.json().course).toMatchObject({
      instructor: 'Ruth Calloway',
      instructorHandle: 'ruth-calloway',
    });
    const bravo = await t.app.inject({ url: '/api/lms/courses/c-bravo/outline', headers: { cookie } });
    expect(bravo.json().course).toMatchObject({ instructor: 'Chidi Okafor', instructorHandle: null });
  });
});

describe('what shared links show', () => {
  it('the catalogue is a shared response revalidated with an ETag', async () => {
    const res = await t.app.inject('/api/lms/courses/explore');
    expect(res.headers['cache-control']).toContain('public');
    const again = await t.app.inject({
      url: '/api/lms/courses/explore',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a listing page carries its own title and Course JSON-LD, and is in the sitemap', async () => {
    const head = await t.app.headFor('/listing/alpha-bracing');
    expect(head).toMatchObject({
      title: 'Alpha Bracing',
      description: 'Brace an acoustic top.',
      path: '/listing/alpha-bracing',
    });
    expect(head?.jsonLd?.[0]).toMatchObject({
      '@type': 'Course',
      name: 'Alpha Bracing',
      hasCourseInstance: {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        instructor: { '@type': 'Person', name: 'Ruth Calloway' },
      },
    });
    expect(head?.jsonLd?.[0]).not.toHaveProperty('instructor');
    expect(await t.app.headFor('/listing/no-such-course')).toBeNull();
    expect(await t.app.sitemapPaths()).toContain('/listing/alpha-bracing');
  });

  it('a free lesson carries its own title, description and LearningResource JSON-LD part of its Course', async () => {
    const head = await t.app.headFor('/lessons/c-charlie-l1');
    expect(head).toMatchObject({
      title: 'Relief — Charlie Setup',
      description: 'A free lesson from Charlie Setup: Relief and action.',
      path: '/lessons/c-charlie-l1',
      type: 'article',
      // The course's PNG share image (social sites do not render SVG covers).
      image: '/listing/c-charlie/og.png',
    });
    expect(head?.noindex).toBeFalsy();
    expect(head?.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'LearningResource',
        name: 'Relief',
        description: 'A free lesson from Charlie Setup: Relief and action.',
        url: 'http://localhost:3000/lessons/c-charlie-l1',
        learningResourceType: 'Lesson',
        educationalLevel: 'beginner',
        timeRequired: 'PT1M',
        isAccessibleForFree: true,
        inLanguage: 'en',
        image: 'http://localhost:3000/listing/c-charlie/og.png',
        isPartOf: {
          '@type': 'Course',
          name: 'Charlie Setup',
          description: 'Relief and action.',
          url: 'http://localhost:3000/listing/c-charlie',
          provider: { '@type': 'Organization', name: 'Luthier Registry', sameAs: 'http://localhost:3000' },
          hasCourseInstance: {
            '@type': 'CourseInstance',
            courseMode: 'Online',
            instructor: { '@type': 'Person', name: 'Chidi Okafor' },
          },
        },
      },
    ]);
    // A filmed lesson describes its film too.
    const filmed = await t.app.headFor('/lessons/c-alpha-l1');
    expect(filmed?.jsonLd?.[0]).toMatchObject({
      name: 'Welcome',
      video: {
        '@type': 'VideoObject',
        contentUrl: 'http://localhost:3000/videos/tonewood-and-bracing.webm',
        duration: 'PT1M',
      },
    });
  });

  it("a members' lesson is noindex without JSON-LD; free lessons alone are in the sitemap", async () => {
    const head = await t.app.headFor('/lessons/c-charlie-l2');
    expect(head).toMatchObject({
      title: 'Nut — Charlie Setup',
      path: '/lessons/c-charlie-l2',
      noindex: true,
    });
    expect(head?.description).toContain('sign in to watch it');
    expect(head?.jsonLd).toBeUndefined();
    expect(await t.app.headFor('/lessons/no-such-lesson')).toBeNull();
    const sitemap = await t.app.sitemapPaths();
    expect(sitemap).toEqual(expect.arrayContaining(['/lessons/c-alpha-l1', '/lessons/c-charlie-l1']));
    expect(sitemap).not.toContain('/lessons/c-charlie-l2');
    expect(sitemap.filter((p) => p.startsWith('/instruments'))).toEqual([]);
  });
});
