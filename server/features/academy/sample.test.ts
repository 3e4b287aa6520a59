import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_SIZES, RESOURCES } from '../../db/sample/academy-courses';
import { loadSampleContent } from '../../db/sample/load-sample';
import { REVIEW_MIN_PROGRESS, type ReviewList } from '../../../contract/academy';
import { certificates, courseReviews, courses, lessonProgress, lessons, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/sample/accounts-sample';
import { DEMO_NEARLY_DONE } from '../../db/sample/academy-sample';
import type { PublicCertificate } from '../../../contract/certificates';
import { courseProgressOf } from './reviews.queries';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testCertificateSigner } from '../../test/certificate-signer';

const publicDir = path.resolve(import.meta.dirname, '../../../client/public');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadSampleContent(t.db, {
    demoAccounts: true,
    certificates: await testCertificateSigner(t.db),
  });
});
afterAll(async () => t.close());

describe('academy sample content', () => {
  it('has at least 8 courses over every category and level, priced 199-399 at 25% off', async () => {
    const rows = await t.db.select().from(courses);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((c) => c.category))).toEqual(
      new Set(['classical', 'acoustic', 'electric', 'repair']),
    );
    expect(new Set(rows.map((c) => c.level))).toEqual(new Set(['beginner', 'intermediate', 'advanced']));
    for (const c of rows) {
      expect(c.price).toBeGreaterThanOrEqual(199);
      expect(c.price).toBeLessThanOrEqual(399);
      expect(Math.round(c.originalPrice * 0.75)).toBe(c.price);
      expect(c.tags.length).toBeGreaterThanOrEqual(3);
      expect(c.instructorUserId).not.toBeNull();
      const own = await t.db.select().from(lessons).where(eq(lessons.courseId, c.id));
      expect(own.length).toBeGreaterThanOrEqual(6);
      expect(own.length).toBeLessThanOrEqual(14);
      // A video lesson must be able to reach 95 percent: every clip is one minute long. Every clip has English
      // captions, a WebVTT file the app serves, whose cues cover the minute.
      for (const l of own.filter((x) => x.videoUrl)) {
        expect(l.durationMinutes).toBe(1);
        expect(l.captionsUrl).toMatch(/^\/videos\/[a-z-]+\.en\.vtt$/);
        const vtt = fs.readFileSync(path.join(publicDir, l.captionsUrl!), 'utf8');
        expect(vtt.startsWith('WEBVTT')).toBe(true);
        expect(vtt).toContain('00:54.000 --> 01:00.000');
      }
    }
  });

  it('gives every reading lesson real text: notes, steps, a table of measurements, diagrams that exist', async () => {
    const reading = (await t.db.select().from(lessons)).filter((l) => !l.videoUrl);
    expect(reading.length).toBeGreaterThan(10);
    let figures = 0;
    for (const l of reading) {
      expect(l.reading?.intro.length, l.title).toBeGreaterThan(80);
      expect(l.reading?.table?.rows.length, l.title).toBeGreaterThanOrEqual(3);
      for (const row of l.reading?.table?.rows ?? []) expect(row).toHaveLength(l.reading!.table!.head.length);
      if (l.reading?.figure) {
        figures++;
        expect(fs.readFileSync(path.join(publicDir, l.reading.figure.src), 'utf8')).toMatch(/^<svg /);
      }
    }
    expect(figures).toBeGreaterThanOrEqual(3);
    const api = await t.app.inject('/api/public/lessons/course-1-l1');
    expect(api.json().reading).toBeNull();
  });

  it('lists real resource files: a PDF checklist and schedule and an SVG template, with their true sizes', async () => {
    for (const [key, resource] of Object.entries(RESOURCES)) {
      const file = path.join(publicDir, resource.url);
      expect(fs.statSync(file).size, key).toBe(RESOURCE_SIZES[key as keyof typeof RESOURCES]);
      const head = fs.readFileSync(file).subarray(0, 5).toString();
      expect(head, key).toBe(resource.fileType === 'pdf' ? '%PDF-' : '<svg ');
    }
    expect(new Set(Object.values(RESOURCES).map((r) => r.fileType))).toEqual(new Set(['pdf', 'svg']));
  });

  it('course-1 exists with a free preview, and the explore API serves the sample', async () => {
    const free = await t.app.inject('/api/public/lessons/course-1-l1');
    expect(free.statusCode).toBe(200);
    expect(free.json().videoUrl).toMatch(/^\/videos\/.+\.webm$/);
    expect(free.json().captionsUrl).toBe(free.json().videoUrl.replace(/\.webm$/, '.en.vtt'));
    const explore = (await t.app.inject('/api/lms/courses/explore')).json<{ students: number }[]>();
    expect(explore.length).toBeGreaterThanOrEqual(8);
    expect(explore[0]?.students).toBeGreaterThan(0);
  });

  it('ratings come from sample reviews written by learners with a quarter of the course or more completed', async () => {
    const explore = (await t.app.inject('/api/lms/courses/explore')).json<
      { id: string; rating: number; reviewCount: number }[]
    >();
    expect(explore.length).toBeGreaterThan(0);
    for (const card of explore) {
      expect(card.reviewCount, card.id).toBeGreaterThan(0);
      const list = (await t.app.inject(`/api/lms/courses/${card.id}/reviews`)).json<ReviewList>();
      expect(list.count).toBe(card.reviewCount);
      expect(list.average).toBe(card.rating);
    }
    const reviews = await t.db.select().from(courseReviews);
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews)
      expect(await courseProgressOf(t.db, r.userId, r.courseId)).toBeGreaterThanOrEqual(REVIEW_MIN_PROGRESS);
    // Dated in the past relative to the load (never in the future), within the last weeks.
    const now = Date.now();
    for (const r of reviews) {
      expect(r.createdAt.getTime(), r.body).toBeLessThan(now - 3600 * 1000);
      expect(r.createdAt.getTime(), r.body).toBeGreaterThan(now - 60 * 24 * 3600 * 1000);
    }
  });

  it('a sample maker earned a certificate that verifies, lists it, and registered the guitar built in the course', async () => {
    const profile = (await t.app.inject({ url: '/api/profile/u/lagos-workshop' })).json<{
      certificates: { id: string; courseTitle: string }[];
    }>();
    expect(profile.certificates.map((c) => c.courseTitle)).toEqual([
      'Introduction to Classical Guitar Building',
    ]);
    const certificate = (
      await t.app.inject({ url: `/api/public/certificates/${profile.certificates[0]!.id}` })
    ).json<PublicCertificate>();
    expect(certificate).toMatchObject({
      verified: true,
      learnerName: 'Chidi Okafor',
      learnerHandle: 'lagos-workshop',
      builds: { instrumentType: 'guitar', category: 'classical', numberOfStrings: 6 },
      instruments: [{ name: 'Okafor Course Classical' }],
    });
    const passport = await t.app.inject({
      url: `/api/public/passports/${certificate.instruments[0]!.passportCode}`,
    });
    expect(passport.json()).toMatchObject({
      builtIn: { certificateId: certificate.id, courseTitle: 'Introduction to Classical Guitar Building' },
    });
  });

  it('the demo luthier has one lesson, a reading, left in a course that builds an instrument', async () => {
    const [elena] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.luthier.email));
    const all = await t.db
      .select({ id: lessons.id, videoUrl: lessons.videoUrl })
      .from(lessons)
      .where(eq(lessons.courseId, DEMO_NEARLY_DONE.courseId))
      .orderBy(lessons.orderIndex);
    const done = await t.db
      .select({ id: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, elena!.id),
          eq(lessonProgress.courseId, DEMO_NEARLY_DONE.courseId),
          eq(lessonProgress.completed, true),
        ),
      );
    expect(done.map((d) => d.id).sort()).toEqual(
      all
        .slice(0, -1)
        .map((l) => l.id)
        .sort(),
    );
    expect(all.at(-1)?.videoUrl).toBeNull();
    const [course] = await t.db.select().from(courses).where(eq(courses.id, DEMO_NEARLY_DONE.courseId));
    expect(course?.builds).not.toBeNull();
    expect(await t.db.select().from(certificates).where(eq(certificates.userId, elena!.id))).toEqual([]);
  });
});
