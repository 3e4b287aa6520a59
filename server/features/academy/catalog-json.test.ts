// Course explore's answer is built as JSON text by the database and sent as it is (no zod serialiser on the
// way out). These tests hold that text to the contract: it must be exactly what the serialiser would have
// written for the same rows (exploreResponseSchema's fields, in its order, nothing more), on both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreQuerySchema, exploreResponseSchema, type ExploreQuery } from '../../../contract/academy';
import { createUser } from '../../db/builders/accounts';
import { createCourse } from '../../db/builders/academy';
import { loadSampleContent } from '../../db/sample/load-sample';
import { courseReviews, enrollments } from '../../db/schema';
import { testCertificateSigner } from '../../test/certificate-signer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exploreCourses, exploreCoursesJson } from './catalog.queries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await loadSampleContent(t.db, { demoAccounts: true, certificates: await testCertificateSigner(t.db) });
  // Text that JSON must escape, characters outside ASCII, an empty tag list, no cover, a rating of 0.
  await createCourse(t.db, {
    id: 'c-odd',
    title: 'Odd "quotes" \\ back\\slash\ttab\nline é 音 🎻',
    description: 'Control \u0001\u001f and </script> and \u2028',
    instructorName: "Zoë O'Brien",
    category: 'repair',
    level: 'advanced',
    price: 199,
    rating: 0,
    tags: [],
    coverImageUrl: null,
  });
  // A mean rating with decimals (4.67 rounds to 4.7) and a count of students.
  const [a, b, c] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
  await t.db.insert(enrollments).values([a, b].map((u) => ({ userId: u.id, courseId: 'c-odd' })));
  await t.db
    .insert(courseReviews)
    .values(
      [a, b, c].map((u, i) => ({ courseId: 'c-odd', userId: u.id, rating: [5, 5, 4][i]!, body: 'Fine.' })),
    );
});
afterAll(async () => t.close());

/** What the serialiser would have sent: the rows through the contract's schema, then JSON.stringify. */
const serialised = async (query: ExploreQuery) =>
  JSON.stringify(exploreResponseSchema.parse(await exploreCourses(t.db, query)));

const SORTS = ['popular', 'rating', 'newest', 'price-low', 'price-high'] as const;
const QUERIES: Record<string, string>[] = [
  {},
  ...SORTS.map((sort) => ({ sort })),
  ...SORTS.map((sort) => ({ sort, category: 'acoustic' })),
  ...SORTS.map((sort) => ({ sort, level: 'beginner', category: 'all' })),
  { category: 'repair', level: 'advanced', sort: 'rating' },
  { category: 'electric', level: 'advanced' },
  { q: 'guitar' },
  { q: 'zoe', sort: 'price-high' },
  { q: 'quotes', category: 'repair' },
  { q: 'no course has this' },
  { category: 'classical', level: 'advanced', q: 'nothing either' },
];

describe('explore as JSON built by the database', () => {
  it('is the text the contract serialiser would write, for every sort, filter and search', async () => {
    let cards = 0;
    for (const raw of QUERIES) {
      const query = exploreQuerySchema.parse(raw);
      const text = await exploreCoursesJson(t.db, query);
      expect(text, JSON.stringify(raw)).toBe(await serialised(query));
      cards += (JSON.parse(text) as unknown[]).length;
    }
    // The cases above are not all empty: the sample catalogue and the odd course are in them.
    expect(cards).toBeGreaterThan(40);
  });

  it('escapes and types what the contract says (the odd course read back)', async () => {
    const text = await exploreCoursesJson(t.db, exploreQuerySchema.parse({ q: 'quotes' }));
    const [odd] = exploreResponseSchema.parse(JSON.parse(text));
    expect(odd).toMatchObject({
      id: 'c-odd',
      title: 'Odd "quotes" \\ back\\slash\ttab\nline é 音 🎻',
      description: 'Control \u0001\u001f and </script> and \u2028',
      instructor: "Zoë O'Brien",
      tags: [],
      coverImage: null,
      students: 2,
      rating: 4.7,
      reviewCount: 3,
      price: 199,
      originalPrice: 265,
    });
  });

  it('is what the route sends, byte for byte, with a JSON content type', async () => {
    for (const qs of ['', '?sort=rating&category=acoustic', '?q=quotes']) {
      const res = await t.app.inject(`/api/lms/courses/explore${qs}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const query = exploreQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      expect(res.body).toBe(await serialised(query));
    }
  });
});
