import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { renderHead } from '../../plugins/head';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, luthierWithShop } from '../registry/registry-test-kit';

// A private owner (never chose) who typed her own name into her service record, and whose maker wrote it into the
// description and a caption; a former owner who chose to be named. Every view a stranger can reach is searched.
let t: TestApp;
let code = '';
let id = '';
const cookies: Record<'maker' | 'zelda' | 'petra' | 'stranger', string> = {
  maker: '',
  zelda: '',
  petra: '',
  stranger: '',
};
const SECRETS = ['Zelda', 'Quietwater', 'zelda-quietwater'];

beforeAll(async () => {
  t = await createTestApp();
  const maker = await luthierWithShop(t, 'Open Bench Guitars');
  await t.db.update(users).set({ ownerPrivacy: false }).where(eq(users.id, maker.user.id));
  const zelda = await signedInUser(t, {
    displayName: 'Zelda Quietwater',
    handle: 'zelda-quietwater',
    location: 'Porto, Portugal',
  });
  const petra = await signedInUser(t, {
    displayName: 'Petra Named',
    handle: 'petra-named',
    location: 'Graz, Austria',
    ownerPrivacy: false,
  });
  const stranger = await signedInUser(t);
  Object.assign(cookies, {
    maker: maker.cookie,
    zelda: zelda.cookie,
    petra: petra.cookie,
    stranger: stranger.cookie,
  });
  const made = await api(t, maker.cookie).post('/api/registry/instruments', {
    name: 'Harbour Classical',
    instrumentType: 'guitar',
    category: 'classical',
    yearMade: 2023,
    description: 'Built for Petra Named; later restrung for Zelda Quietwater.',
  });
  expect(made.statusCode).toBe(201);
  ({ id, passportCode: code } = made.json<{ id: string; passportCode: string }>());
  const url = `/api/registry/instruments/${id}`;
  // The maker edits the description while still the owner: the edit is a log event.
  expect(
    (await api(t, maker.cookie).patch(url, { description: 'Commissioned by Zelda Quietwater of Porto.' }))
      .statusCode,
  ).toBe(200);
  for (const [from, to] of [
    [maker.cookie, petra.user.email],
    [petra.cookie, zelda.user.email],
  ] as const) {
    const offer = await api(t, from).post(`${url}/transfers`, { recipient: to, method: 'purchase' });
    expect(offer.statusCode).toBe(201);
    const recipient = from === maker.cookie ? petra.cookie : zelda.cookie;
    const accepted = await api(t, recipient).post(`/api/registry/transfers/${offer.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
  }
  // The private owner records her own service, naming herself.
  const service = await api(t, zelda.cookie).post(`${url}/service-records`, {
    servicerName: 'Zelda Quietwater',
    serviceType: 'maintenance',
    description: 'Zelda oiled the fretboard herself.',
    serviceDate: new Date().toISOString().slice(0, 10),
  });
  expect(service.statusCode).toBe(201);
});
afterAll(() => t.close());

const expectNoSecret = (what: string, body: string) => {
  for (const s of SECRETS) expect([what, body.includes(s)]).toEqual([what, false]);
};

describe('a private owner is never named in public', () => {
  it('appears in no log leaf, and the log still verifies as the public record', async () => {
    const leaves = (await t.db.execute(sql`select leaf from log_leaves`)) as { rows: { leaf: string }[] };
    expect(leaves.rows.length).toBeGreaterThan(3);
    for (const { leaf } of leaves.rows) expectNoSecret('leaf', leaf);
    expectNoSecret('log API', (await api(t, null).get(`/api/public/passports/${code}/log`)).body);
  });

  it('appears in no guest answer, public page head or JSON-LD; the public former owner is named', async () => {
    const res = await api(t, null).get(`/api/public/passports/${code}`);
    expect(res.statusCode).toBe(200);
    expectNoSecret('public passport', res.body);
    const p = res.json();
    expect(p.provenance.map((o: { label: string }) => o.label)).toEqual([
      expect.stringMatching(/^Owner 1 · Maker \d+ · Italy · \d{4}–\d{4}$/),
      expect.stringMatching(/^Owner 2 · Petra Named · Austria · \d{4}–\d{4}$/),
      expect.stringMatching(/^Owner 3 · Portugal · \d{4}–present$/),
    ]);
    expect(p.provenance.map((o: { handle: string | null }) => o.handle)).toEqual([
      expect.any(String),
      'petra-named',
      null,
    ]);
    expect(p.description).toBe('Commissioned by a private owner of Porto.');
    expect(p.services).toEqual([expect.objectContaining({ servicer: 'Owner' })]);
    const head = await t.app.headFor(`/p/${code}`);
    const template = fs.readFileSync(new URL('../../../client/index.html', import.meta.url), 'utf8');
    if (!head || !('title' in head) || !head.title) throw new Error('no page head for the passport');
    const page = renderHead(template, { ...head, title: head.title }, t.env.publicUrl);
    expect(page).toContain('application/ld+json');
    expectNoSecret('page head', page);
    for (const path of ['og.png', 'label.svg'])
      expectNoSecret(path, (await t.app.inject({ url: `/p/${code}/${path}` })).body);
  });

  it('appears in no members’ answer to a stranger, a former owner or a guest; the owner sees it', async () => {
    const url = `/api/registry/instruments/${id}`;
    for (const who of ['stranger', 'petra', 'maker'] as const) {
      const res = await api(t, cookies[who]).get(url);
      expect(res.statusCode).toBe(200);
      expectNoSecret(who, res.body);
      expect(res.json().currentOwner).toEqual({ name: 'Private owner', handle: null, location: null });
    }
    const guest = await api(t, null).get(url);
    expectNoSecret('guest', guest.body);
    expectNoSecret('cards', (await api(t, cookies.stranger).get('/api/registry/instruments')).body);
    const own = (await api(t, cookies.zelda).get(url)).json();
    expect(own.currentOwner.name).toBe('Zelda Quietwater');
    expect(own.description).toBe('Commissioned by Zelda Quietwater of Porto.');
  });

  it('is named once she chooses to be, in the views but never in the log', async () => {
    expect(
      (await api(t, cookies.zelda).put('/api/registry/privacy', { ownerPrivacy: false })).statusCode,
    ).toBe(200);
    const p = (await api(t, null).get(`/api/public/passports/${code}`)).json();
    expect(p.provenance[2].label).toMatch(/^Owner 3 · Zelda Quietwater · Portugal · \d{4}–present$/);
    const leaves = (await t.db.execute(sql`select leaf from log_leaves`)) as { rows: { leaf: string }[] };
    for (const { leaf } of leaves.rows) expectNoSecret('leaf', leaf);
    await api(t, cookies.zelda).put('/api/registry/privacy', { ownerPrivacy: true });
    expectNoSecret('again private', (await api(t, null).get(`/api/public/passports/${code}`)).body);
  });
});
