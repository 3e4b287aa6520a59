import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../db/builders/academy';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCourse(t.db, {
    id: 'c-og',
    slug: 'og-bracing',
    title: 'Bracing for Share Previews',
    description: 'Brace an acoustic top.',
    instructorName: 'Ruth Calloway',
    category: 'acoustic',
    level: 'beginner',
    coverImageUrl: '/courses/covers/acoustic.svg',
  });
});
afterAll(() => t.close());

describe('course share previews', () => {
  it('point at a PNG made from the SVG cover', async () => {
    const head = await t.app.headFor('/listing/og-bracing');
    expect(head?.image).toBe('/listing/og-bracing/og.png');
    const res = await t.app.inject({ url: '/listing/og-bracing/og.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The cover is drawn in: the left half is not the plain background.
    const { data } = await sharp(res.rawPayload)
      .extract({ left: 0, top: 0, width: 560, height: 630 })
      .stats()
      .then((s) => ({ data: s }));
    expect(data.isOpaque).toBe(true);
    expect(data.channels[0]!.stdev).toBeGreaterThan(5);
  });

  it('answers 404 for an unknown course', async () => {
    expect((await t.app.inject({ url: '/listing/nope/og.png' })).statusCode).toBe(404);
  });
});
