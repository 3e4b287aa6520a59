import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProgressSaveResponse } from '../../contract/academy';
import { buildApp } from '../app';
import { createCourse } from '../db/builders/academy';
import { documents, logCosignatures, logHead, users } from '../db/schema';
import { read } from '../features/academy/progress-test-clock';
import { dossierLogState } from '../features/public-passport/dossier-log';
import { api, luthierWithShop } from '../features/registry/registry-test-kit';
import { createMemoryMailer } from '../mail/mailer';
import type { StoredDocument } from '../media/document-store';
import { createMediaStore, type MediaStore } from '../media/media-store';
import { createTestApp, freshIp, signedInUser, type TestApp } from '../test/test-app';
import type { DocumentLimits } from './documents';

// Documents are built once per content and kept (docs/decisions/029-documents-built-once.md).
let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;

/** Another app on the same database and media folder: a restart, or a second instance. */
async function appOnSameData(
  options: {
    media?: MediaStore;
    documentLimits?: Partial<DocumentLimits>;
    documentWorkers?: number;
    documentWorkerEntry?: URL;
  } = {},
) {
  const media =
    options.media ??
    createMediaStore(t.db, {
      storage: t.database.kind === 'postgres' ? 'db' : 'fs',
      dir: path.join(t.dataDir, 'media'),
    });
  return buildApp({
    db: t.db,
    env: t.env,
    mailer: createMemoryMailer(),
    media,
    ping: () => t.database.ping(),
    documentLimits: options.documentLimits,
    documentWorkers: options.documentWorkers ?? 0,
    documentWorkerEntry: options.documentWorkerEntry,
  });
}

/** A media store whose document saves wait until `open()`: builds stay in flight as long as the test wants. */
function gatedMedia() {
  const base = createMediaStore(t.db, {
    storage: t.database.kind === 'postgres' ? 'db' : 'fs',
    dir: path.join(t.dataDir, 'media'),
  });
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const watchers: { n: number; resolve: () => void }[] = [];
  const media: MediaStore = {
    ...base,
    documents: {
      ...base.documents,
      save: async (d): Promise<StoredDocument> => {
        waiting += 1;
        for (const w of watchers) if (waiting >= w.n) w.resolve();
        await gate;
        return base.documents.save(d);
      },
    },
  };
  /** Resolves once `n` builds are done and waiting to be stored (so their slots are taken). */
  const waitingBuilds = (n: number) =>
    new Promise<void>((resolve) => (waiting >= n ? resolve() : watchers.push({ n, resolve })));
  return { media, open, waitingBuilds };
}

const stored = async (subject: string) =>
  (await t.db.select({ n: count() }).from(documents).where(eq(documents.subject, subject)))[0]!.n;

async function newPassport(name: string) {
  const made = await api(t, maker.cookie).post('/api/registry/instruments', {
    name,
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2021,
  });
  expect(made.statusCode).toBe(201);
  return made.json<{ id: string; passportCode: string }>();
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, ip = '10.9.9.9') =>
  app.inject({ url, headers, remoteAddress: ip });

const pdfText = (res: LightMyRequestResponse) => {
  const file = path.join(t.dataDir, `text-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

const pdfPages = (res: LightMyRequestResponse) => {
  const file = path.join(t.dataDir, `pages-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  return /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
};

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Once Built Guitars');
});
afterAll(async () => t.close());

describe('a dossier', () => {
  it('is built once, served with a strong ETag, and answers 304 to the same tag', async () => {
    const { passportCode } = await newPassport('Cached Dreadnought');
    const url = `/p/${passportCode}/dossier.pdf`;
    const before = t.app.documents.built;
    const first = await get(t.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(t.app.documents.built).toBe(before + 1);
    expect(await stored(`dossier:${passportCode}`)).toBe(1);

    const second = await get(t.app, url);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.app.documents.built).toBe(before + 1);

    const revalidated = await get(t.app, url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get(t.app, url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    expect(t.app.documents.built).toBe(before + 1);
  });

  it('once stored, is found by its identity: its proofs and photo are not gathered again', async () => {
    const { passportCode } = await newPassport('Identity Concert');
    const url = `/p/${passportCode}/dossier.pdf`;
    const first = await get(t.app, url);
    const gathered = t.app.documents.gathered;
    const built = t.app.documents.built;
    const again = await get(t.app, url, {}, freshIp());
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(t.app, url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect(t.app.documents.gathered).toBe(gathered);
    expect(t.app.documents.built).toBe(built);
  });

  it('once stored, is sent after one database read, without assembling the passport', async () => {
    const { passportCode } = await newPassport('One Read Archtop');
    const url = `/p/${passportCode}/dossier.pdf`;
    const first = await get(t.app, url);
    // The request that built it pointed the one-read alias at it. Bytes kept in the database (PostgreSQL) are a
    // second read; a file is none.
    const [doc] = await t.db
      .select({ storage: documents.storage })
      .from(documents)
      .where(eq(documents.subject, `dossier:${passportCode}`));
    const bytesRead = doc?.storage === 'db' ? 1 : 0;
    const client = (t.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } })
      .session.client;
    const query = client.query.bind(client);
    let reads = 0;
    client.query = (...args: unknown[]) => {
      reads += 1;
      return query(...args);
    };
    try {
      const again = await get(t.app, url, {}, freshIp());
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(reads).toBe(1 + bytesRead);
      reads = 0;
      expect((await get(t.app, url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
      expect(reads).toBe(1);
    } finally {
      client.query = query;
    }
  });

  it('is looked up again by its inputs whenever the log moves on, even where its bytes do not change', async () => {
    const { passportCode } = await newPassport('Witnessed Grand');
    const url = `/p/${passportCode}/dossier.pdf`;
    const first = await get(t.app, url);
    const state = await dossierLogState(t.db, passportCode);
    // A cosignature of the newest checkpoint arrives (from a key outside the policy: the bytes stay the same),
    // then that witness signs it again later: both are new identities, mapped to the stored dossier.
    const [head] = await t.db.select({ size: logHead.size }).from(logHead);
    const row = { size: head!.size, witnessKey: 'elsewhere.example+00000000', timestamp: 1_800_000_000 };
    await t.db.insert(logCosignatures).values({ ...row, line: '— elsewhere.example AAAA' });
    const cosigned = await dossierLogState(t.db, passportCode);
    expect(cosigned).not.toBe(state);
    await t.db
      .update(logCosignatures)
      .set({ timestamp: row.timestamp + 60 })
      .where(and(eq(logCosignatures.size, row.size), eq(logCosignatures.witnessKey, row.witnessKey)));
    expect(await dossierLogState(t.db, passportCode)).not.toBe(cosigned);
    const gathered = t.app.documents.gathered;
    const built = t.app.documents.built;
    const again = await get(t.app, url);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(t.app.documents.gathered).toBe(gathered + 1);
    expect(t.app.documents.built).toBe(built);
    await get(t.app, url);
    expect(t.app.documents.gathered).toBe(gathered + 1);
    // Another passport's event grows the log: a newer checkpoint this dossier may embed.
    const before = await dossierLogState(t.db, passportCode);
    await newPassport('Someone Else’s Mandolin');
    expect(await dossierLogState(t.db, passportCode)).not.toBe(before);
  });

  it('is built again when its log grows, and the older one is dropped and never served', async () => {
    const { id, passportCode } = await newPassport('Growing Parlour');
    const url = `/p/${passportCode}/dossier.pdf`;
    const old = await get(t.app, url);
    const oldTag = String(old.headers.etag);
    const stateBefore = await dossierLogState(t.db, passportCode);
    const service = await api(t, maker.cookie).post(`/api/registry/instruments/${id}/service-records`, {
      serviceType: 'setup',
      serviceDate: new Date().toISOString().slice(0, 10),
      description: 'A fret dress after the first season',
    });
    expect(service.statusCode).toBe(201);
    const fresh = await get(t.app, url, { 'if-none-match': oldTag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(oldTag);
    expect(pdfText(fresh)).toContain('A fret dress after the first season');
    expect(await dossierLogState(t.db, passportCode)).not.toBe(stateBefore);
    expect(await stored(`dossier:${passportCode}`)).toBe(1);
    expect((await get(t.app, url)).headers.etag).toBe(fresh.headers.etag);
  });

  it('is the public one for every viewer: the owner’s copy is never stored nor served to anyone else', async () => {
    const { id, passportCode } = await newPassport('Private Values Archtop');
    const patched = await api(t, maker.cookie).patch(`/api/registry/instruments/${id}`, {
      estimatedValue: 98765,
      estimatedValueCurrency: 'USD',
    });
    expect(patched.statusCode).toBe(200);
    const url = `/p/${passportCode}/dossier.pdf`;
    const asOwner = await get(t.app, url, { cookie: maker.cookie });
    const asGuest = await get(t.app, url, {}, freshIp());
    expect(asGuest.headers.etag).toBe(asOwner.headers.etag);
    expect(asGuest.rawPayload.equals(asOwner.rawPayload)).toBe(true);
    expect(pdfText(asGuest)).not.toContain('98765');

    const ownerUrl = `/api/registry/instruments/${id}/owner-dossier.pdf`;
    const builtBefore = t.app.documents.built;
    const ownerCopy = await get(t.app, ownerUrl, { cookie: maker.cookie });
    expect(ownerCopy.statusCode).toBe(200);
    expect(ownerCopy.headers['cache-control']).toBe('private, no-store');
    expect(ownerCopy.headers.etag).toBeUndefined();
    expect(pdfText(ownerCopy)).toContain('98765');
    // Built each time, kept nowhere: the only stored dossier is still the public one.
    await get(t.app, ownerUrl, { cookie: maker.cookie });
    expect(t.app.documents.built).toBe(builtBefore + 2);
    const rows = await t.db
      .select({ etag: documents.etag })
      .from(documents)
      .where(eq(documents.subject, `dossier:${passportCode}`));
    expect(rows).toEqual([{ etag: asGuest.headers.etag }]);
    const guestAfter = await get(t.app, url, {}, freshIp());
    expect(guestAfter.rawPayload.equals(asGuest.rawPayload)).toBe(true);
    expect(pdfText(guestAfter)).not.toContain('98765');
    // A guest asking for the owner's copy gets no document at all.
    expect((await get(t.app, ownerUrl, {}, freshIp())).statusCode).toBe(401);
  });

  it('drops an owner’s name from the stored copy the moment they choose privacy', async () => {
    await t.db.update(users).set({ ownerPrivacy: false }).where(eq(users.id, maker.user.id));
    const { passportCode } = await newPassport('Named Owner Jumbo');
    const url = `/p/${passportCode}/dossier.pdf`;
    const named = await get(t.app, url);
    expect(pdfText(named)).toContain(maker.user.displayName);
    await t.db.update(users).set({ ownerPrivacy: true }).where(eq(users.id, maker.user.id));
    const hidden = await get(t.app, url, { 'if-none-match': String(named.headers.etag) });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.headers.etag).not.toBe(named.headers.etag);
    expect(pdfText(hidden)).not.toContain(maker.user.displayName);
    expect(await stored(`dossier:${passportCode}`)).toBe(1);
  });
});

describe('a build worker', () => {
  // The compiled worker, as the production server runs it (else, with TEST_BUNDLES=0, its TypeScript via tsx).
  it('makes the same documents as an in-process build', { timeout: 120_000 }, async () => {
    const { id, passportCode } = await newPassport('Worker Built Cello');
    const bundles = inject('testBundles');
    const app = await appOnSameData({
      documentWorkers: 1,
      documentWorkerEntry: bundles
        ? pathToFileURL(path.join(bundles, 'server/document-worker.mjs'))
        : undefined,
    });
    try {
      // The owner's copy is built on every request, so both apps build it.
      const url = `/api/registry/instruments/${id}/owner-dossier.pdf`;
      const inProcess = await get(t.app, url, { cookie: maker.cookie });
      const inWorker = await get(app, url, { cookie: maker.cookie });
      expect(inWorker.statusCode).toBe(200);
      expect(pdfText(inWorker)).toBe(pdfText(inProcess));
      expect(pdfPages(inWorker)).toBe(pdfPages(inProcess));
      expect(pdfText(inWorker)).toContain(passportCode);
      // A label (and its PNG encoding) is the same bytes wherever it is drawn.
      const facts = {
        url: `https://example.test/p/${passportCode}`,
        code: passportCode,
        name: 'Cello',
        maker: null,
      };
      const [fromWorker, fromHere] = await Promise.all([
        app.documents.run('label', facts),
        t.app.documents.run('label', facts),
      ]);
      expect(Buffer.from(fromWorker).equals(Buffer.from(fromHere))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('builds in flight', () => {
  it('are at most two per address (429 with Retry-After beyond), while another address still gets its own', async () => {
    const codes = await Promise.all(['A', 'B', 'C', 'D'].map((l) => newPassport(`Bounded ${l}`)));
    const { media, open } = gatedMedia();
    const app = await appOnSameData({ media, documentLimits: { perAddress: 2, inFlight: 10 } });
    try {
      const ip = freshIp();
      const mine = codes.slice(0, 3).map((c) => get(app, `/p/${c.passportCode}/dossier.pdf`, {}, ip));
      // Two builds wait at the gate; the third is refused at once.
      const refused = await Promise.race(mine);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      const other = get(app, `/p/${codes[3]!.passportCode}/dossier.pdf`, {}, freshIp());
      open();
      const all = await Promise.all([...mine, other]);
      expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
      expect(app.documents.built).toBe(3);
      // A document already built is served without the bound: the refused one is now just a build away.
      const again = await Promise.all(
        codes.slice(0, 3).map((c) => get(app, `/p/${c.passportCode}/dossier.pdf`, {}, ip)),
      );
      expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    } finally {
      await app.close();
    }
  });

  it('are bounded in all, and parallel requests for one document share one build', async () => {
    const codes = await Promise.all(['E', 'F', 'G'].map((l) => newPassport(`Global ${l}`)));
    const { media, open, waitingBuilds } = gatedMedia();
    const app = await appOnSameData({ media, documentLimits: { perAddress: 10, inFlight: 2 } });
    try {
      const url = (i: number) => `/p/${codes[i]!.passportCode}/dossier.pdf`;
      const same = [get(app, url(0), {}, freshIp())];
      await waitingBuilds(1);
      // Four more for the document being built: they wait for that build and take no slot.
      for (let i = 0; i < 4; i++) same.push(get(app, url(0), {}, freshIp()));
      const second = get(app, url(1), {}, freshIp());
      await waitingBuilds(2);
      const refused = await get(app, url(2), {}, freshIp());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
      open();
      const served = await Promise.all([...same, second]);
      expect(served.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(served.slice(0, 5).map((r) => r.headers.etag)).size).toBe(1);
      expect(app.documents.built).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('a certificate', () => {
  it('is served byte-identical after a restart, from the store, without being built again', async () => {
    await createCourse(t.db, {
      id: 'dc',
      slug: 'documents-course',
      title: 'A Course Printed Once',
      description: 'One short reading.',
      sections: [{ title: 'All', lessons: [{ title: 'L1', durationMinutes: 1 }] }],
    });
    const learner = await signedInUser(t, { displayName: 'Printed Once' });
    await read(t, learner.cookie, learner.user.id, 'dc-l1', 30);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/lms/lessons/dc-l1/complete',
      headers: { cookie: learner.cookie },
    });
    const { certificateId } = done.json<ProgressSaveResponse>();
    expect(certificateId).toBeTruthy();
    const url = `/api/public/certificates/${certificateId}/certificate.pdf`;

    const before = await appOnSameData();
    const first = await get(before, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="certificate-${certificateId}.pdf"`,
    );
    expect(before.documents.built).toBe(1);
    await before.close();

    const after = await appOnSameData();
    try {
      const again = await get(after, url);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(after.documents.built).toBe(0);
      expect((await get(after, url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    } finally {
      await after.close();
    }
    expect(
      (await t.db.select({ n: count() }).from(documents).where(like(documents.subject, 'certificate:%')))[0]!
        .n,
    ).toBe(1);
  });
});
