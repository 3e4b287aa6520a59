import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../db/builders/academy';
import { createShop, createUser } from '../db/builders/accounts';
import { createInstrument } from '../db/builders/registry';
import { courseReviews, enrollments, instrumentListings } from '../db/schema';
import { missing, richResults, without } from '../test/rich-results';
import { loadSchemaOrg } from '../test/schema-org';
import { createTestApp, type TestApp } from '../test/test-app';

// Every page type that describes itself to search engines, as the server sends it: its JSON-LD checked against
// schema.org's vocabulary (test-fixtures/schema-org) and its og:type against the Open Graph object types.

const OPEN_GRAPH_TYPES = ['website', 'article', 'book', 'profile'];
const vocabulary = loadSchemaOrg();

let t: TestApp;
let clientDir: string;
let passportCode: string;
let listedCode: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  t = await createTestApp({ clientDir });
  await createCourse(t.db, {
    id: 'sd',
    slug: 'structured-course',
    title: 'Structured Course',
    description: 'Relief and action.',
    instructorName: 'Ruth Calloway',
    requirements: ['A straightedge'],
    sections: [
      {
        title: 'All',
        lessons: [
          {
            title: 'Filmed',
            free: true,
            videoUrl: '/videos/tonewood-and-bracing.webm',
            durationMinutes: 50,
          },
          { title: 'Read', free: true, durationMinutes: 45 },
        ],
      },
    ],
  });
  const pat = await createUser(t.db, {
    displayName: 'Pat Player',
    handle: 'pat-player',
    location: 'Leeds, UK',
  });
  // One learner enrolled, who rated the course 4 of 5: the page shows "1 student" and 4.0.
  await t.db.insert(enrollments).values({ userId: pat.id, courseId: 'sd' });
  await t.db.insert(courseReviews).values({ courseId: 'sd', userId: pat.id, rating: 4, body: 'Clear.' });
  const maker = await createUser(t.db, { displayName: 'Mara Wood', role: 'luthier', handle: 'mara-wood' });
  const shop = await createShop(t.db, maker.id, {
    name: 'Wood & Wire',
    location: 'Cork, Ireland',
    establishedYear: 2001,
    published: true,
  });
  passportCode = (
    await createInstrument(t.db, {
      makerShopId: shop.id,
      name: 'Salt Guitar',
      serialNumber: 'SD-1',
      model: 'S1',
    })
  ).passportCode;
  // Listed for sale by its maker, who has always owned it.
  const listed = await createInstrument(t.db, {
    makerShopId: shop.id,
    name: 'Pepper Mandolin',
    serialNumber: 'SD-2',
  });
  listedCode = listed.passportCode;
  await t.db.insert(instrumentListings).values({
    instrumentId: listed.id,
    ownerId: maker.id,
    status: 'for-sale',
    price: '4500.5',
    currency: 'EUR',
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The page's HTML as served: its og:type and its JSON-LD objects. */
async function headOf(url: string) {
  const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  const og = Object.fromEntries(
    [...res.body.matchAll(/<meta property="(og:[a-z_:]+)" content="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const jsonLd = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { ogType: og['og:type'], og, jsonLd };
}

describe('structured data', () => {
  it.each([
    ['/', 'website', ['Organization', 'WebSite']],
    ['/listing/structured-course', 'website', ['Course']],
    ['/lessons/sd-l1', 'article', ['LearningResource']],
    ['/lessons/sd-l2', 'article', ['LearningResource']],
    ['/u/pat-player', 'profile', ['Person']],
    ['/l/mara-wood', 'website', ['LocalBusiness']],
    ['/p/{code}', 'website', ['IndividualProduct']],
    ['/p/{listed}', 'website', ['IndividualProduct']],
    ['/explore', 'website', ['ItemList']],
  ])('%s: schema.org types and properties where they belong; og:type %s', async (page, ogType, types) => {
    const { ogType: sent, jsonLd } = await headOf(
      page.replace('{code}', passportCode).replace('{listed}', listedCode),
    );
    expect(sent).toBe(ogType);
    expect(OPEN_GRAPH_TYPES).toContain(sent);
    expect(jsonLd.map((d) => d['@type'])).toEqual(types);
    for (const data of jsonLd) expect(vocabulary.check(data), JSON.stringify(data)).toEqual([]);
  });

  it('says who teaches a course on its CourseInstance, and where a person lives as a Place', async () => {
    const [course] = (await headOf('/listing/structured-course')).jsonLd;
    expect(course).toMatchObject({
      hasCourseInstance: {
        '@type': 'CourseInstance',
        instructor: { '@type': 'Person', name: 'Ruth Calloway' },
      },
    });
    const [person] = (await headOf('/u/pat-player')).jsonLd;
    expect(person).toMatchObject({ homeLocation: { '@type': 'Place', name: 'Leeds, UK' } });
  });

  it('the check rejects what schema.org does not allow', () => {
    const base = { '@context': 'https://schema.org' };
    expect(
      vocabulary.check({ ...base, '@type': 'Course', instructor: { '@type': 'Person', name: 'R' } }),
    ).toEqual(['$.instructor: instructor does not belong on Course (only on schema:CourseInstance)']);
    expect(vocabulary.check({ ...base, '@type': 'Person', homeLocation: 'Leeds' })).toEqual([
      '$.homeLocation: homeLocation holds schema:Place, schema:ContactPoint, not text or a number',
    ]);
    expect(vocabulary.check({ ...base, '@type': 'Gadget' })).toEqual(['$: Gadget is not a schema.org type']);
    expect(vocabulary.check({ ...base, '@type': 'Person', colour: 'red' })).toEqual([
      '$.colour: colour is not a schema.org property',
    ]);
    expect(
      vocabulary.check({ ...base, '@type': 'Person', founder: { '@type': 'Place', name: 'x' } }),
    ).toEqual([
      '$.founder: founder does not belong on Person (only on schema:Organization)',
      '$.founder: a Place is not what founder holds (schema:Organization, schema:Person)',
    ]);
  });
});

describe("Google's rich results", () => {
  it.each([
    ['/listing/structured-course', 'course-info'],
    ['/explore', 'course-list'],
    ['/p/{listed}', 'merchant-listing'],
    ['/l/mara-wood', 'local-business'],
  ])('%s has every property %s requires and recommends', async (page, feature) => {
    const [data] = (await headOf(page.replace('{listed}', listedCode))).jsonLd;
    expect(missing(feature, 'required', data)).toEqual([]);
    // A shop without a cover picture has no image to give.
    expect(missing(feature, 'recommended', data)).toEqual(feature === 'local-business' ? ['image'] : []);
  });

  it('states the figures the page shows: free, its workload, rating, learners, price and address', async () => {
    const [course] = (await headOf('/listing/structured-course')).jsonLd;
    expect(course).toMatchObject({
      offers: { '@type': 'Offer', category: 'Free', price: 0 },
      hasCourseInstance: { courseMode: 'Online', courseWorkload: 'PT1H35M' },
      aggregateRating: { ratingValue: 4, reviewCount: 1, bestRating: 5 },
      totalHistoricalEnrollment: 1,
      inLanguage: 'en',
    });
    const [product] = (await headOf(`/p/${listedCode}`)).jsonLd;
    expect(product).toMatchObject({
      offers: {
        price: '4500.50',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { name: 'Wood & Wire' },
      },
    });
    const [unlisted] = (await headOf(`/p/${passportCode}`)).jsonLd;
    expect(unlisted).not.toHaveProperty('offers');
    const [shop] = (await headOf('/l/mara-wood')).jsonLd;
    expect(shop).toMatchObject({
      address: { '@type': 'PostalAddress', addressLocality: 'Cork', addressCountry: 'IE' },
    });
    const [list] = (await headOf('/explore')).jsonLd;
    expect(list).toMatchObject({
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: expect.stringMatching(/\/listing\/structured-course$/) },
      ],
    });
  });

  it.each(
    Object.entries(richResults.features).flatMap(([feature, spec]) => spec.required.map((p) => [feature, p])),
  )('the check fails %s without %s', async (feature, required) => {
    const page = {
      'course-info': '/listing/structured-course',
      'course-list': '/explore',
      'merchant-listing': `/p/${listedCode}`,
      'local-business': '/l/mara-wood',
    }[feature]!;
    const [data] = (await headOf(page)).jsonLd;
    // Either of two alternatives meets a requirement: both go.
    const stripped = required.split('|').reduce<unknown>((d, p) => without(d, p), data);
    expect(missing(feature, 'required', stripped)).toContain(required);
  });

  it('share tags give the image its size and words on every page type', async () => {
    for (const page of ['/', '/explore', '/listing/structured-course', '/l/mara-wood', `/p/${listedCode}`]) {
      const { og } = await headOf(page);
      for (const tag of [...richResults.openGraph.required, ...richResults.openGraph.recommended])
        expect(og[tag], `${page} ${tag}`).toBeTruthy();
    }
    const { og } = await headOf(`/p/${listedCode}`);
    expect(og).toMatchObject({
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': `Pepper Mandolin by Wood &amp; Wire: its passport ${listedCode}`,
    });
  });
});
