import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewList } from '../../../contract/academy';
import { createCourse } from '../../db/builders/academy';
import { courseReviews } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { read } from './progress-test-clock';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Four reading lessons: completing one is 25 % of the course.
  await createCourse(t.db, {
    id: 'rv',
    sections: [{ title: 'All', lessons: [1, 2, 3, 4].map((n) => ({ title: `L${n}`, durationMinutes: 1 })) }],
  });
});
afterAll(async () => t.close());

const url = '/api/lms/courses/rv/reviews';
const send = (method: 'POST' | 'PUT' | 'DELETE', cookie: string, path: string, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: { cookie }, ...(payload ? { payload } : {}) });
const complete = (cookie: string, n: number) => send('POST', cookie, `/api/lms/lessons/rv-l${n}/complete`);
const list = async (cookie?: string, query = '') =>
  (await t.app.inject({ url: `${url}${query}`, headers: cookie ? { cookie } : {} })).json<ReviewList>();

/** A learner who read and completed `lessons` of the four lessons, in order. */
async function learner(lessons: number) {
  const person = await signedInUser(t);
  for (let n = 1; n <= lessons; n++) {
    await read(t, person.cookie, person.user.id, `rv-l${n}`, 30);
    await complete(person.cookie, n);
  }
  return person;
}

describe('course reviews', () => {
  it('needs at least 25 % of the course completed (403 with the reason), and valid rating and text', async () => {
    const guestPost = await t.app.inject({
      method: 'POST',
      url,
      payload: { rating: 5, text: 'Lovely course.' },
    });
    expect(guestPost.statusCode).toBe(401);
    expect((await list()).eligibility).toEqual({
      canReview: false,
      reason: 'Sign in to review this course.',
    });

    const early = await learner(0);
    const refused = await send('POST', early.cookie, url, { rating: 5, text: 'Lovely course.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Complete at least 25% of the course to review it (you have completed 0%).',
      code: 'FORBIDDEN',
    });
    expect((await list(early.cookie)).eligibility.canReview).toBe(false);

    const ready = await learner(1);
    expect((await list(ready.cookie)).eligibility).toEqual({ canReview: true, reason: null });
    for (const bad of [
      { rating: 0, text: 'Long enough text.' },
      { rating: 6, text: 'Long enough text.' },
      { rating: 4.5, text: 'Long enough text.' },
      { rating: 4, text: 'too short' },
      { rating: 4, text: 'x'.repeat(2001) },
    ])
      expect((await send('POST', ready.cookie, url, bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(
        400,
      );
    expect(
      (
        await send('POST', ready.cookie, '/api/lms/courses/nope/reviews', {
          rating: 4,
          text: 'Long enough text.',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('one review per learner (409); average, stars and newest first, paged', async () => {
    const a = await learner(2);
    const b = await learner(1);
    const c = await learner(4);
    const first = await send('POST', a.cookie, url, { rating: 5, text: 'Clear and careful teaching.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 5, text: 'Clear and careful teaching.', mine: true });
    const twice = await send('POST', a.cookie, url, { rating: 1, text: 'Changed my mind entirely.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REVIEW_EXISTS');
    await send('POST', b.cookie, url, { rating: 4, text: 'Good, a bit fast in places.' });
    await send('POST', c.cookie, url, { rating: 2, text: 'Not enough about finishing.' });

    const all = await list(a.cookie);
    expect(all.count).toBeGreaterThanOrEqual(3);
    const texts = all.reviews.map((r) => r.text);
    expect(texts.indexOf('Not enough about finishing.')).toBeLessThan(
      texts.indexOf('Clear and careful teaching.'),
    );
    expect(all.mine?.text).toBe('Clear and careful teaching.');
    expect(all.eligibility).toEqual({ canReview: false, reason: 'You have already reviewed this course.' });
    const stars = all.stars;
    expect(stars.reduce((x, y) => x + y, 0)).toBe(all.count);
    const mean = stars.reduce((acc, n, i) => acc + n * (i + 1), 0) / all.count;
    expect(all.average).toBeCloseTo(Math.round(mean * 10) / 10, 5);

    const page1 = await list(undefined, '?pageSize=2&page=1');
    const page2 = await list(undefined, '?pageSize=2&page=2');
    expect(page1.reviews).toHaveLength(2);
    expect(page2.reviews.map((r) => r.id)).not.toContain(page1.reviews[0]?.id);
    expect(page1.reviews.every((r) => !r.mine)).toBe(true);

    // The cards' rating and count come from the reviews.
    const card = (await t.app.inject('/api/lms/courses/explore'))
      .json<{ id: string; rating: number; reviewCount: number }[]>()
      .find((x) => x.id === 'rv');
    expect(card).toMatchObject({ rating: all.average, reviewCount: all.count });
  });

  it('its author edits it for 30 days and may delete it; nobody else may', async () => {
    const author = await learner(1);
    const other = await learner(1);
    const created = (
      await send('POST', author.cookie, url, { rating: 3, text: 'Decent, needs diagrams.' })
    ).json();
    const path = `${url}/${created.id}`;
    const edited = await send('PUT', author.cookie, path, {
      rating: 4,
      text: 'Decent, and the diagrams help.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 4, text: 'Decent, and the diagrams help.' });
    expect(
      (await send('PUT', other.cookie, path, { rating: 1, text: 'Someone else wrote this.' })).statusCode,
    ).toBe(403);
    expect((await send('DELETE', other.cookie, path)).statusCode).toBe(403);
    expect(
      (await send('PUT', author.cookie, `${url}/not-a-uuid`, { rating: 1, text: 'Nothing here at all.' }))
        .statusCode,
    ).toBe(404);

    // 31 days later the text is settled; deleting is still allowed.
    await t.db
      .update(courseReviews)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(courseReviews.id, created.id));
    const late = await send('PUT', author.cookie, path, { rating: 5, text: 'Trying to change it late.' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      error: 'A review can be edited for 30 days after it is written; you may still delete it.',
      code: 'FORBIDDEN',
    });
    const removed = await send('DELETE', author.cookie, path);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(courseReviews).where(eq(courseReviews.id, created.id))).toHaveLength(0);
    // Deleted, they may write a new one.
    expect((await list(author.cookie)).eligibility.canReview).toBe(true);
  });
});
