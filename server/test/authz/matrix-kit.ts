import { decodeProtectedHeader } from 'jose';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../contract/api/routes';
import { ErrorCodes } from '../../../contract/errors';
import { createCourse, lessonIdFor } from '../../db/builders/academy';
import { createShop, type createUser } from '../../db/builders/accounts';
import { addServiceRecord, createInstrument, type InstrumentSeed } from '../../db/builders/registry';
import { conversationMessages, conversations, courseReviews, instrumentImages } from '../../db/schema';
import { read } from '../../features/academy/progress-test-clock';
import { createOffer } from '../../features/registry/transfers.queries';
import { signedInUser, type TestApp } from '../test-app';

/*
 * The authorisation matrix: every route of the app, called as each kind of person, with a valid request, so the
 * status says who may do what. Each area's table is a file beside this one (accounts, academy, public, registry
 * .matrix.ts), checked by its own test file so the suite's workers share the work; server/authz-matrix.test.ts
 * fails while a route of the app has no entry in exactly one table, or a table names a route that does not exist.
 * A refusal (401, 403, 404) must also carry the matching error code, so it is the authorisation answer and not,
 * say, a fixture that was not found.
 */

// ---------------------------------------------------------------------------------------------------------------
// Actors and fixtures

export const ACTORS = ['guest', 'enthusiast', 'luthier', 'maker', 'owner', 'otherOwner', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'guest'>;

export const PASSWORD = 'correct horse battery';

export interface Person {
  user: Awaited<ReturnType<typeof createUser>>;
  cookie: string;
  /** The shop of a luthier (luthier, maker); null for everyone else. */
  shopId: string | null;
}

/**
 * The shared world. `instrumentId` is "the instrument": made by the maker's shop, owned by the owner. The
 * other owner owns a different instrument (from another workshop); the luthier has a shop but no part in it;
 * the enthusiast owns nothing and is the recipient of the owner's transfer offers.
 */
interface World {
  people: Record<SignedInActor, Person>;
  instrumentId: string;
  /** A pending offer from the owner to the enthusiast (of another of the owner's instruments). */
  transferId: string;
  courseId: string;
  courseSlug: string;
  /** A lesson that is not a free preview. */
  lessonId: string;
  /** The owner's certificate of a one-lesson course they completed. */
  certificateId: string;
  /** The URL its JWT header names as `kid`: the signing key's own JWK. */
  certificateKeyUrl: string;
}

/**
 * The fixtures of one test file's world, on its own app and database: the people, their instruments, a course,
 * and helpers that make a new thing for the cells that change one. `w` is there once `buildWorld` has run.
 */
export function createMatrixKit(t: TestApp) {
  let w: World;

  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

  function shopOf(person: Person): string {
    if (!person.shopId) throw new Error('this person has no shop');
    return person.shopId;
  }

  /** A new signed-in person of the actor's kind; luthiers and makers get a published shop. */
  async function signUp(actor: SignedInActor): Promise<Person> {
    const role = actor === 'admin' ? 'admin' : actor === 'luthier' || actor === 'maker' ? 'luthier' : 'user';
    const handle = unique(actor.toLowerCase());
    const { user, cookie } = await signedInUser(t, {
      role,
      handle,
      password: PASSWORD,
      displayName: `Matrix ${actor}`,
      onboardingComplete: true,
    });
    const shop = role === 'luthier' ? await createShop(t.db, user.id, { name: `${actor} workshop` }) : null;
    return { user, cookie, shopId: shop?.id ?? null };
  }

  /** An instrument made by `makerShopId` and owned by `ownerId` (an offline person when null). */
  async function instrument(makerShopId: string, ownerId: string | null, seed: Partial<InstrumentSeed> = {}) {
    const row = await createInstrument(t.db, {
      name: 'Matrix Guitar',
      instrumentType: 'guitar',
      category: 'acoustic',
      yearMade: 2021,
      makerShopId,
      history: [
        { userId: ownerId, ownerName: 'A player', startDate: '2024-01-01', acquisitionMethod: 'purchase' },
      ],
      ...seed,
    });
    return row.id;
  }

  /** A new instrument of the world's maker, owned by the world's owner: for cells that change its state. */
  const ownersInstrument = (seed: Partial<InstrumentSeed> = {}) =>
    instrument(shopOf(w.people.maker), w.people.owner.user.id, seed);

  /** A new pending offer from the owner to the enthusiast. */
  async function offerToEnthusiast(): Promise<string> {
    const offer = await createOffer(t.db, {
      instrumentId: await ownersInstrument(),
      fromUserId: w.people.owner.user.id,
      toUserId: w.people.enthusiast.user.id,
      toEmail: w.people.enthusiast.user.email,
      toLabel: w.people.enthusiast.user.email,
      method: 'gift',
      price: null,
      priceCurrency: null,
    });
    return offer.id;
  }

  /** A new instrument of the owner with one photo; returns both ids. */
  async function instrumentWithPhoto() {
    const id = await ownersInstrument({
      images: [{ staticUrl: '/images/sample-front.jpg', caption: 'Front' }],
    });
    const [photo] = await t.db
      .select({ id: instrumentImages.id })
      .from(instrumentImages)
      .where(eq(instrumentImages.instrumentId, id));
    if (!photo) throw new Error('the photo was not created');
    return { id, imageId: photo.id };
  }

  /** A service record on the instrument, by the uninvolved luthier, waiting for the owner's approval. */
  async function pendingServiceRecord(): Promise<string> {
    const record = await addServiceRecord(t.db, w.instrumentId, {
      servicerName: 'luthier workshop',
      servicerShopId: shopOf(w.people.luthier),
      recordedById: w.people.luthier.user.id,
      serviceType: 'setup',
      description: 'Setup and new strings',
      serviceDate: '2025-02-01',
      status: 'pending',
    });
    return record.id;
  }

  /** A service record the owner wrote naming the world's luthier's shop as the servicer, not yet answered. */
  async function claimNamingLuthier(): Promise<string> {
    const record = await addServiceRecord(t.db, w.instrumentId, {
      servicerName: 'luthier workshop',
      servicerShopId: shopOf(w.people.luthier),
      recordedById: w.people.owner.user.id,
      serviceType: 'repair',
      description: 'Crack repair',
      serviceDate: '2025-02-01',
      claimStatus: 'pending',
      reportedBy: 'owner',
    });
    return record.id;
  }

  /** A conversation the enthusiast opened with the maker's shop (with one message): its two participants only. */
  async function enthusiastConversation(): Promise<string> {
    const [row] = await t.db
      .insert(conversations)
      .values({
        starterId: w.people.enthusiast.user.id,
        recipientId: w.people.maker.user.id,
        shopId: shopOf(w.people.maker),
        instrumentId: await ownersInstrument(),
      })
      .returning({ id: conversations.id });
    if (!row) throw new Error('the conversation was not created');
    await t.db
      .insert(conversationMessages)
      .values({ conversationId: row.id, senderId: w.people.enthusiast.user.id, body: 'Is it for sale?' });
    return row.id;
  }

  /**
   * A new person of the actor's kind, for cells that end sessions or change credentials: a new maker has made
   * an instrument, a new owner (or other owner) owns one.
   */
  async function freshPerson(actor: SignedInActor): Promise<Person> {
    const person = await signUp(actor);
    if (actor === 'maker') await instrument(shopOf(person), null);
    if (actor === 'owner' || actor === 'otherOwner') await instrument(shopOf(w.people.maker), person.user.id);
    return person;
  }

  async function buildWorld(): Promise<void> {
    const [enthusiast, luthier, maker, owner, otherOwner, admin, otherWorkshop] = await Promise.all([
      signUp('enthusiast'),
      signUp('luthier'),
      signUp('maker'),
      signUp('owner'),
      signUp('otherOwner'),
      signUp('admin'),
      signUp('luthier'),
    ]);
    const people = { enthusiast, luthier, maker, owner, otherOwner, admin };
    const instrumentId = await instrument(shopOf(maker), owner.user.id);
    await instrument(shopOf(otherWorkshop), otherOwner.user.id);
    const courseId = unique('course');
    await createCourse(t.db, { id: courseId });
    // offerToEnthusiast() reads the people from `w`, so the shared offer is made once they are in place.
    w = {
      people,
      instrumentId,
      transferId: '',
      courseId,
      courseSlug: courseId,
      lessonId: lessonIdFor(courseId, 2),
      certificateId: '',
      certificateKeyUrl: '',
    };
    w.transferId = await offerToEnthusiast();
    // Everyone signed in has watched the first lesson (a one-minute video) and read the second for half its two
    // minutes, so the second is open to them and may be completed: its cells are about who, not about progress.
    for (const person of Object.values(people)) {
      await read(t, person.cookie, person.user.id, lessonIdFor(courseId, 1), 60);
      await read(t, person.cookie, person.user.id, w.lessonId, 60);
    }
    const shortCourse = unique('short');
    await createCourse(t.db, { id: shortCourse, sections: [{ title: 'Only', lessons: [{ title: 'One' }] }] });
    await read(t, owner.cookie, owner.user.id, lessonIdFor(shortCourse, 1), 30);
    const done = await t.app.inject({
      ...post(`/api/lms/lessons/${lessonIdFor(shortCourse, 1)}/complete`),
      headers: { cookie: owner.cookie },
    });
    w.certificateId = done.json<{ certificateId: string }>().certificateId;
    const { jwt } = (await t.app.inject({ url: `/api/public/certificates/${w.certificateId}` })).json<{
      jwt: string;
    }>();
    w.certificateKeyUrl = new URL(decodeProtectedHeader(jwt).kid!).pathname;
  }

  const reviewers = (): Record<Exclude<Actor, 'guest'>, number[]> => ({
    enthusiast: [201, 403, 409],
    luthier: [201, 403, 409],
    maker: [201, 403, 409],
    owner: [201, 403, 409],
    otherOwner: [201, 403, 409],
    admin: [201, 403, 409],
  });

  /** A fresh review of the course by the owner (their earlier one replaced); returns its id. */
  async function ownersReview(): Promise<string> {
    const userId = w.people.owner.user.id;
    await t.db.delete(courseReviews).where(eq(courseReviews.userId, userId));
    const [row] = await t.db
      .insert(courseReviews)
      .values({ courseId: w.courseId, userId, rating: 4, body: 'Written for the matrix.' })
      .returning({ id: courseReviews.id });
    if (!row) throw new Error('review not created');
    return row.id;
  }

  /** A small real PNG as a multipart/form-data body with one file part. */
  async function imageUpload(): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8b5a2b' } })
      .png()
      .toBuffer();
    const boundary = `----matrix${(sequence += 1)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  return {
    t,
    get w() {
      return w;
    },
    unique,
    shopOf,
    instrument,
    ownersInstrument,
    offerToEnthusiast,
    instrumentWithPhoto,
    pendingServiceRecord,
    claimNamingLuthier,
    enthusiastConversation,
    freshPerson,
    buildWorld,
    reviewers,
    ownersReview,
    imageUpload,
  };
}
export type MatrixKit = ReturnType<typeof createMatrixKit>;

// ---------------------------------------------------------------------------------------------------------------
// The tables' shape

interface Cell {
  /** Who calls: null for the guest. The loop sends this person's session cookie. */
  caller: Person | null;
}

export interface RouteCase {
  /** Signed-in cells run as a new person of the actor's kind (the route ends a session or changes credentials). */
  freshCaller?: true;
  /** A valid request (real ids, a valid body), made anew for every cell. */
  request: (cell: Cell) => InjectOptions | Promise<InjectOptions>;
  expect: Record<Actor, number | number[]>;
}
/** A route that is not part of the API (no session, no personal data), with the reason it is left out. */
export interface Skipped {
  skip: string;
}
export type Entry = RouteCase | Skipped;

/** The same status for everyone, guests included. */
export const everyone = (status: number): Record<Actor, number> => ({
  guest: status,
  enthusiast: status,
  luthier: status,
  maker: status,
  owner: status,
  otherOwner: status,
  admin: status,
});
/** 401 for guests, `status` for every signed-in person; spread and override the exceptions. */
export const signedIn = (status: number): Record<Actor, number> => ({ ...everyone(status), guest: 401 });

export const get = (url: string): InjectOptions => ({ method: 'GET', url });
export const post = (url: string, payload?: object): InjectOptions => ({ method: 'POST', url, payload });
export const shopUpdate = {
  name: 'Matrix Workshop',
  bio: 'Builds guitars.',
  workshopBio: 'A bench by the window.',
  location: 'Lyon, France',
  establishedYear: 2001,
  specializations: ['archtops'],
  coverAlt: 'The bench by the window',
  policies: 'Ships worldwide in a hard case.',
  published: true,
};
export const serviceInput = { serviceType: 'setup', description: 'String change', serviceDate: '2025-03-01' };

// ---------------------------------------------------------------------------------------------------------------
// The loop

/**
 * What a guest gets follows from the declaration: a `session` or `admin` operation refuses them with 401 before
 * its handler runs (serve()); any other route answers them as its entry says, and never with 401.
 */
export const declaredAuth = new Map<string, string>(API_ROUTES.map((r) => [`${r.method} ${r.path}`, r.auth]));
export const needsSession = (route: string) =>
  ['session', 'admin'].includes(declaredAuth.get(route) ?? 'none');
const expectedFor = (route: string, entry: RouteCase, actor: Actor) =>
  actor === 'guest' && needsSession(route) ? [401] : [entry.expect[actor]].flat();

/** The error code a refusal must carry, so a 401/403/404 is the authorisation answer and not something else. */
const refusalCodes: Partial<Record<number, string[]>> = {
  401: [ErrorCodes.UNAUTHENTICATED],
  403: [ErrorCodes.FORBIDDEN, 'LESSON_REQUIRES_AUTH'],
  404: [ErrorCodes.NOT_FOUND],
};

/** The routes the app serves, as the tables name them. */
export const routeKeysOf = (t: TestApp) => t.app.routeList.map((r) => `${r.method} ${r.url}`);

/** One test per route of the area's table and actor, named "POST /api/registry/instruments as luthier → 403". */
export function checkMatrix(t: TestApp, area: string, table: (k: MatrixKit) => Record<string, Entry>) {
  const k = createMatrixKit(t);
  const matrix = table(k);
  beforeAll(k.buildWorld);
  afterAll(async () => t.close());

  describe(`authorisation matrix: ${area}`, () => {
    const routes = routeKeysOf(t).filter((route) => Object.hasOwn(matrix, route));
    const cells = routes.flatMap((route) => {
      const entry = matrix[route];
      if (!entry || 'skip' in entry) return [];
      return ACTORS.map(
        (actor) => [route, actor, expectedFor(route, entry, actor).join(' or '), entry] as const,
      );
    });

    it.each(cells)('%s as %s → %s', async (route, actor, _expected, entry) => {
      const caller =
        actor === 'guest' ? null : entry.freshCaller ? await k.freshPerson(actor) : k.w.people[actor];
      const options = await entry.request({ caller });
      const res = await t.app.inject({
        ...options,
        headers: { ...options.headers, ...(caller ? { cookie: caller.cookie } : {}) },
      });
      const expected = expectedFor(route, entry, actor);
      const label = `${route} as ${actor}: expected ${expected.join(' or ')}, got ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, label).toBeOneOf(expected);
      const codes = refusalCodes[res.statusCode];
      if (codes) expect(res.json<{ code: string }>().code, label).toBeOneOf(codes);
    });
  });
}
