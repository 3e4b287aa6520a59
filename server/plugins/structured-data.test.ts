import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../db/builders/academy';
import { createShop, createUser } from '../db/builders/accounts';
import { createInstrument } from '../db/builders/registry';
import { loadSchemaOrg } from '../test/schema-org';
import { createTestApp, type TestApp } from '../test/test-app';

// Every page type that describes itself to search engines, as the server sends it: its JSON-LD checked against
// schema.org's vocabulary (test-fixtures/schema-org) and its og:type against the Open Graph object types.

const OPEN_GRAPH_TYPES = ['website', 'article', 'book', 'profile'];
const vocabulary = loadSchemaOrg();

let t: TestApp;
let clientDir: string;
let passportCode: string;

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
    sections: [
      {
        title: 'All',
        lessons: [
          { title: 'Filmed', free: true, videoUrl: '/videos/tonewood-and-bracing.webm' },
          { title: 'Read', free: true },
        ],
      },
    ],
  });
  await createUser(t.db, { displayName: 'Pat Player', handle: 'pat-player', location: 'Leeds, UK' });
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
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The page's HTML as served: its og:type and its JSON-LD objects. */
async function headOf(url: string) {
  const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  const ogType = /<meta property="og:type" content="([^"]*)"/.exec(res.body)?.[1];
  const jsonLd = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { ogType, jsonLd };
}

describe('structured data', () => {
  it.each([
    ['/', 'website', ['Organization', 'WebSite']],
    ['/listing/structured-course', 'website', ['Course']],
    ['/lessons/sd-l1', 'article', ['LearningResource']],
    ['/lessons/sd-l2', 'article', ['LearningResource']],
    ['/u/pat-player', 'profile', ['Person']],
    ['/l/mara-wood', 'website', ['Organization']],
    ['/p/{code}', 'website', ['IndividualProduct']],
  ])('%s: schema.org types and properties where they belong; og:type %s', async (page, ogType, types) => {
    const { ogType: sent, jsonLd } = await headOf(page.replace('{code}', passportCode));
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
