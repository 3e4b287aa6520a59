import { decodeProtectedHeader } from 'jose';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../contract/api/routes';
import { ErrorCodes } from '../contract/errors';
import { createCourse, lessonIdFor } from './db/builders/academy';
import { createShop, createUser } from './db/builders/accounts';
import { addServiceRecord, createInstrument, type InstrumentSeed } from './db/builders/registry';
import {
  conversationMessages,
  conversations,
  courseReviews,
  instrumentImages,
  instruments,
  notifications,
} from './db/schema';
import { publicSessionId } from './features/account/account.queries';
import { read } from './features/academy/progress-test-clock';
import { createEmailToken } from './features/auth/email.queries';
import { createUndoToken } from './features/auth/email-undo.queries';
import { createResetToken } from './features/auth/reset.queries';
import { createOffer } from './features/registry/transfers.queries';
import { hashToken } from './plugins/sessions';
import { createTestApp, sessionCookie, signedInUser } from './test/test-app';

// The authorisation matrix: every route of the app, called as each kind of person, with a
// valid request, so the status says who may do what. The routes come from the app's own route list: a route
// with no entry in `matrix` fails the first test, and so does an entry for a route that no longer exists.
// A refusal (401, 403, 404) must also carry the matching error code, so it is the authorisation answer and
// not, say, a fixture that was not found.

// ---------------------------------------------------------------------------------------------------------------
// Actors and fixtures

const ACTORS = ['guest', 'enthusiast', 'luthier', 'maker', 'owner', 'otherOwner', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'guest'>;

const PASSWORD = 'correct horse battery';

interface Person {
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

const t = await createTestApp();
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

// ---------------------------------------------------------------------------------------------------------------
// The table

interface Cell {
  /** Who calls: null for the guest. The loop sends this person's session cookie. */
  caller: Person | null;
}

interface RouteCase {
  /** Signed-in cells run as a new person of the actor's kind (the route ends a session or changes credentials). */
  freshCaller?: true;
  /** A valid request (real ids, a valid body), made anew for every cell. */
  request: (cell: Cell) => InjectOptions | Promise<InjectOptions>;
  expect: Record<Actor, number | number[]>;
}
/** A route that is not part of the API (no session, no personal data), with the reason it is left out. */
interface Skipped {
  skip: string;
}
type Entry = RouteCase | Skipped;

/** The same status for everyone, guests included. */
const everyone = (status: number): Record<Actor, number> => ({
  guest: status,
  enthusiast: status,
  luthier: status,
  maker: status,
  owner: status,
  otherOwner: status,
  admin: status,
});
/** 401 for guests, `status` for every signed-in person; spread and override the exceptions. */
const signedIn = (status: number): Record<Actor, number> => ({ ...everyone(status), guest: 401 });

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload?: object): InjectOptions => ({ method: 'POST', url, payload });
const shopUpdate = {
  name: 'Matrix Workshop',
  bio: 'Builds guitars.',
  workshopBio: 'A bench by the window.',
  location: 'Lyon, France',
  establishedYear: 2001,
  specializations: ['archtops'],
  published: true,
};
const serviceInput = { serviceType: 'setup', description: 'String change', serviceDate: '2025-03-01' };

const matrix: Record<string, Entry> = {
  // Not the API
  'GET /healthz': { skip: 'liveness probe: no session, no data' },
  'GET /readyz': { skip: 'readiness probe: no session, no data' },
  'GET /media/:id/:file': { skip: 'image bytes by unguessable id, the same for everyone' },
  'GET /robots.txt': { skip: 'static crawler file' },
  'GET /sitemap.xml': { skip: 'public pages for crawlers, the same for everyone' },

  // The published API description and its reference page: public, the same for everyone
  'GET /api/openapi.json': { request: () => get('/api/openapi.json'), expect: everyone(200) },
  'GET /api/docs': { request: () => get('/api/docs'), expect: everyone(200) },
  'GET /api/docs.css': { request: () => get('/api/docs.css'), expect: everyone(200) },

  // Accounts: sign-up, sign-in, reset, onboarding
  'GET /api/auth/me': { request: () => get('/api/auth/me'), expect: everyone(200) },
  'POST /api/auth/register': {
    request: () =>
      post('/api/auth/register', {
        email: `${unique('new')}@example.test`,
        password: 'a fresh long passphrase',
        displayName: 'New Person',
        role: 'user',
      }),
    expect: everyone(201),
  },
  'POST /api/auth/login': {
    freshCaller: true,
    // Signing in while signed in replaces the caller's session, so each cell signs in as its own new person.
    request: async ({ caller }) => {
      const email = caller?.user.email ?? (await createUser(t.db, { password: PASSWORD })).email;
      return post('/api/auth/login', { email, password: PASSWORD });
    },
    expect: everyone(200),
  },
  'POST /api/auth/logout': {
    freshCaller: true,
    request: () => post('/api/auth/logout'),
    expect: everyone(200),
  },
  'POST /api/auth/request-reset': {
    request: () => post('/api/auth/request-reset', { email: w.people.owner.user.email }),
    expect: everyone(200),
  },
  'POST /api/auth/reset-password': {
    // The mailed token is the credential: whoever holds a valid one may use it, signed in or not.
    request: async () => {
      const target = await createUser(t.db, { password: PASSWORD });
      const reset = await createResetToken(t.db, target.email);
      if (!reset) throw new Error('no reset token');
      return post('/api/auth/reset-password', { token: reset.token, password: 'a brand new passphrase' });
    },
    expect: everyone(200),
  },
  'POST /api/auth/onboarding': {
    request: () => post('/api/auth/onboarding', { bio: 'Plays in the evenings.' }),
    expect: signedIn(200),
  },
  'POST /api/auth/verify-email': {
    // The mailed token is the credential, like a reset link.
    request: async () => {
      const target = await createUser(t.db, { emailVerified: false });
      const token = await createEmailToken(t.db, target.id, target.email, 'verify');
      return post('/api/auth/verify-email', { token });
    },
    expect: everyone(200),
  },
  'POST /api/auth/email-change/undo': {
    // The link mailed to the previous address is the credential, like a reset link.
    request: async () => {
      const target = await createUser(t.db, { password: PASSWORD });
      const token = await createUndoToken(t.db, target.id, `${unique('before')}@example.test`, target.email);
      return post('/api/auth/email-change/undo', { token });
    },
    expect: everyone(200),
  },
  'POST /api/auth/verify-email/resend': {
    request: () => post('/api/auth/verify-email/resend'),
    expect: signedIn(200),
  },

  // Handles
  'GET /api/slug/check': {
    request: () => get(`/api/slug/check?kind=user&slug=${unique('free')}`),
    expect: everyone(200),
  },
  'POST /api/slug/reserve': {
    request: () => post('/api/slug/reserve', { kind: 'user', slug: unique('hold') }),
    expect: signedIn(200),
  },
  'POST /api/slug/claim': {
    freshCaller: true,
    // A shop handle: enthusiasts (role user) may not open a shop.
    request: () =>
      post('/api/slug/claim', { kind: 'luthier', slug: unique('shop'), shopName: 'Claimed Workshop' }),
    expect: { ...signedIn(403), luthier: 200, maker: 200, admin: 200 },
  },

  'POST /api/account/handle': {
    freshCaller: true,
    request: () => post('/api/account/handle', { handle: unique('renamed') }),
    expect: signedIn(200),
  },

  // Public profiles
  'GET /api/profile/u/:slug': {
    request: () => get(`/api/profile/u/${w.people.owner.user.handle ?? ''}`),
    expect: everyone(200),
  },
  'GET /api/profile/l/:slug': {
    request: () => get(`/api/profile/l/${w.people.maker.user.handle ?? ''}`),
    expect: everyone(200),
  },
  'GET /api/profile/shops': { request: () => get('/api/profile/shops?q=workshop'), expect: everyone(200) },
  'GET /api/profile/shop-facets': { request: () => get('/api/profile/shop-facets'), expect: everyone(200) },
  'POST /api/profile/l/:slug/messages': {
    request: () =>
      post(`/api/profile/l/${w.people.maker.user.handle ?? ''}/messages`, {
        message: 'Do you take commissions?',
      }),
    // The maker cannot write to their own shop (400).
    expect: { ...signedIn(200), guest: 401, maker: 400 },
  },

  // Settings and security
  'GET /api/account': { request: () => get('/api/account'), expect: signedIn(200) },
  'PATCH /api/account/profile': {
    request: ({ caller }) => ({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: {
        displayName: caller?.user.displayName ?? 'Guest',
        bio: 'Plays in the evenings.',
        location: 'Lyon, France',
        experience: 'Intermediate',
        interests: ['archtops'],
        favoriteStyles: ['jazz'],
        specialties: [],
      },
    }),
    expect: signedIn(200),
  },
  'PATCH /api/account/shop': {
    request: () => ({ method: 'PATCH', url: '/api/account/shop', payload: shopUpdate }),
    // Only a person with a shop has one to edit; everyone else is told they have none.
    expect: { ...signedIn(404), luthier: 200, maker: 200 },
  },
  'POST /api/account/avatar': {
    request: async () => ({ method: 'POST', url: '/api/account/avatar', ...(await imageUpload()) }),
    expect: signedIn(200),
  },
  'DELETE /api/account/avatar': {
    request: () => ({ method: 'DELETE', url: '/api/account/avatar' }),
    expect: signedIn(200),
  },
  'POST /api/account/password': {
    freshCaller: true,
    request: () =>
      post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'another long passphrase' }),
    expect: signedIn(200),
  },
  'POST /api/account/email': {
    freshCaller: true,
    request: () =>
      post('/api/account/email', { email: `${unique('moved')}@example.test`, password: PASSWORD }),
    expect: signedIn(200),
  },
  'GET /api/account/sessions': { request: () => get('/api/account/sessions'), expect: signedIn(200) },

  // Notifications: everyone reads and marks only their own inbox.
  'GET /api/notifications': { request: () => get('/api/notifications'), expect: signedIn(200) },
  'POST /api/notifications/read-all': {
    request: () => post('/api/notifications/read-all'),
    expect: signedIn(200),
  },
  'POST /api/notifications/:id/read': {
    request: async () => {
      const [row] = await t.db
        .insert(notifications)
        .values({
          userId: w.people.owner.user.id,
          kind: 'password_changed',
          title: 'T',
          body: 'B',
          link: null,
        })
        .returning({ id: notifications.id });
      return post(`/api/notifications/${row!.id}/read`);
    },
    expect: { ...signedIn(404), owner: 200 },
  },
  // A shop message to the maker, from the enthusiast: only the maker (its recipient) may answer it.
  'POST /api/notifications/:id/reply': {
    request: async () => {
      const [row] = await t.db
        .insert(notifications)
        .values({
          userId: w.people.maker.user.id,
          kind: 'shop_message',
          title: 'Matrix enthusiast wrote to maker workshop',
          body: 'Do you take commissions?',
          link: null,
          counterpartUserId: w.people.enthusiast.user.id,
          shopId: shopOf(w.people.maker),
        })
        .returning({ id: notifications.id });
      return post(`/api/notifications/${row!.id}/reply`, { message: 'Yes, from next spring.' });
    },
    expect: { ...signedIn(404), maker: 200 },
  },
  'GET /api/account/notification-preferences': {
    request: () => get('/api/account/notification-preferences'),
    expect: signedIn(200),
  },
  'PUT /api/account/notification-preferences': {
    request: () => ({
      method: 'PUT',
      url: '/api/account/notification-preferences',
      payload: { mail: { offer_expired: false } },
    }),
    expect: signedIn(200),
  },
  'DELETE /api/account/sessions': {
    freshCaller: true,
    request: () => ({ method: 'DELETE', url: '/api/account/sessions' }),
    expect: signedIn(200),
  },
  'DELETE /api/account/sessions/:id': {
    // A second session of the owner (signed in on another device): only the owner may end it.
    request: async () => {
      const login = await t.app.inject(
        post('/api/auth/login', { email: w.people.owner.user.email, password: PASSWORD }),
      );
      const token = sessionCookie(login).slice('sid='.length);
      return { method: 'DELETE', url: `/api/account/sessions/${publicSessionId(hashToken(token))}` };
    },
    expect: { ...signedIn(404), owner: 200 },
  },
  'POST /api/account/delete': {
    freshCaller: true,
    request: () => post('/api/account/delete', { password: PASSWORD }),
    expect: signedIn(200),
  },

  // Academy
  'GET /api/lms/courses/explore': { request: () => get('/api/lms/courses/explore'), expect: everyone(200) },
  'GET /api/lms/courses/listing/:slug': {
    request: () => get(`/api/lms/courses/listing/${w.courseSlug}`),
    expect: everyone(200),
  },
  'POST /api/lms/courses/:courseId/bookmark': {
    request: () => post(`/api/lms/courses/${w.courseId}/bookmark`),
    expect: signedIn(200),
  },
  'DELETE /api/lms/courses/:courseId/bookmark': {
    request: () => ({ method: 'DELETE', url: `/api/lms/courses/${w.courseId}/bookmark` }),
    expect: signedIn(200),
  },
  'POST /api/lms/courses/:courseId/enroll': {
    request: () => post(`/api/lms/courses/${w.courseId}/enroll`),
    expect: signedIn(200),
  },
  'GET /api/lms/my-courses': { request: () => get('/api/lms/my-courses'), expect: signedIn(200) },
  'GET /api/lms/stats': { request: () => get('/api/lms/stats'), expect: signedIn(200) },
  // Certificates: the learner's list and setting are theirs; the certificate, its PDF and the keys are public.
  'GET /api/lms/certificates': { request: () => get('/api/lms/certificates'), expect: signedIn(200) },
  'PATCH /api/lms/certificates/:id': {
    request: () => ({
      method: 'PATCH',
      url: `/api/lms/certificates/${w.certificateId}`,
      payload: { showOnProfile: true },
    }),
    expect: { ...signedIn(404), owner: 200 },
  },
  'GET /api/public/certificates/:id': {
    request: () => get(`/api/public/certificates/${w.certificateId}`),
    expect: everyone(200),
  },
  'GET /api/public/certificates/:id/certificate.pdf': {
    request: () => get(`/api/public/certificates/${w.certificateId}/certificate.pdf`),
    expect: everyone(200),
  },
  'GET /.well-known/jwks.json': { request: () => get('/.well-known/jwks.json'), expect: everyone(200) },
  'GET /.well-known/jwks/:kid': { request: () => get(w.certificateKeyUrl), expect: everyone(200) },
  'GET /api/lms/courses/:courseId/outline': {
    request: () => get(`/api/lms/courses/${w.courseId}/outline`),
    expect: signedIn(200),
  },
  'GET /api/lms/lessons/:lessonId': {
    request: () => get(`/api/lms/lessons/${w.lessonId}`),
    expect: signedIn(200),
  },
  // The transparency log is public: the same answer for everyone.
  'GET /api/log/key': { request: () => get('/api/log/key'), expect: everyone(200) },
  'GET /api/log/checkpoint': { request: () => get('/api/log/checkpoint'), expect: everyone(200) },
  'GET /api/log/entries/:index': { request: () => get('/api/log/entries/0'), expect: everyone(200) },
  // Under `quorum none` (no LOG_POLICY here) the newest checkpoint serves: a proof for everyone.
  'GET /api/log/entries/:index/tlog-proof': {
    request: () => get('/api/log/entries/0/tlog-proof'),
    expect: everyone(200),
  },
  // The same log as C2SP tlog-tiles (the world's first instrument is leaf 0).
  'GET /log/checkpoint': { request: () => get('/log/checkpoint'), expect: everyone(200) },
  'GET /log/policy': { request: () => get('/log/policy'), expect: everyone(200) },
  'GET /api/log/witnesses': { request: () => get('/api/log/witnesses'), expect: everyone(200) },
  'GET /log/tile/:level/*': { request: () => get('/log/tile/0/000.p/1'), expect: everyone(200) },
  'GET /log/tile/entries/*': { request: () => get('/log/tile/entries/000.p/1'), expect: everyone(200) },
  'GET /api/log/proof/inclusion': {
    request: () => get('/api/log/proof/inclusion?index=0&size=1'),
    expect: everyone(200),
  },
  'GET /api/log/proof/consistency': {
    request: () => get('/api/log/proof/consistency?from=1&to=1'),
    expect: everyone(200),
  },
  'GET /api/public/passports/:code/log': {
    request: async () => {
      const [row] = await t.db
        .select({ code: instruments.passportCode })
        .from(instruments)
        .where(eq(instruments.id, w.instrumentId));
      return get(`/api/public/passports/${row!.code}/log`);
    },
    expect: everyone(200),
  },
  // Public passports: the same answer for everyone, never a member's private values.
  ...Object.fromEntries(
    [
      '/api/public/passports/:code',
      '/p/:code/og.png',
      '/p/:code/label.svg',
      '/p/:code/label.png',
      '/p/:code/dossier.pdf',
    ].map((route) => [
      `GET ${route}`,
      {
        request: async () => {
          const [row] = await t.db
            .select({ code: instruments.passportCode })
            .from(instruments)
            .where(eq(instruments.id, w.instrumentId));
          return get(route.replace(':code', row!.code));
        },
        expect: everyone(200),
      } satisfies Entry,
    ]),
  ),
  'GET /api/public/instruments/:id': {
    request: () => get(`/api/public/instruments/${w.instrumentId}`),
    expect: everyone(200),
  },
  'GET /api/public/check': { request: () => get('/api/public/check?q=LR-NONE-NONE'), expect: everyone(200) },
  'POST /api/public/check/sightings': {
    // Anyone may pass on what they saw; the owner is told, never named.
    request: async () => {
      const id = await ownersInstrument({ status: 'stolen' });
      const [row] = await t.db.select().from(instruments).where(eq(instruments.id, id));
      return post('/api/public/check/sightings', {
        code: row!.passportCode,
        message: 'Seen in a pawn shop window on Main Street.',
      });
    },
    expect: everyone(200),
  },
  'GET /listing/:slug/og.png': {
    request: () => get(`/listing/${w.courseSlug}/og.png`),
    expect: everyone(200),
  },
  'GET /api/public/lessons/:lessonId': {
    // The public endpoint serves free previews only; this lesson is not one (403 with requiresAuth).
    request: () => get(`/api/public/lessons/${w.lessonId}`),
    expect: everyone(403),
  },
  'GET /api/lms/lessons/:lessonId/progress': {
    request: () => get(`/api/lms/lessons/${w.lessonId}/progress`),
    expect: signedIn(200),
  },
  'POST /api/lms/lessons/:lessonId/start': {
    request: () => post(`/api/lms/lessons/${w.lessonId}/start`),
    expect: signedIn(200),
  },
  'POST /api/lms/lessons/:lessonId/complete': {
    request: () => post(`/api/lms/lessons/${w.lessonId}/complete`),
    expect: signedIn(200),
  },
  'POST /api/lms/lessons/:lessonId/video-progress': {
    request: () =>
      post(`/api/lms/lessons/${w.lessonId}/video-progress`, {
        videoProgressSeconds: 30,
        eventData: { totalTime: 300, progressPercent: 10 },
      }),
    expect: signedIn(200),
  },

  'GET /api/lms/courses/:courseId/reviews': {
    request: () => get(`/api/lms/courses/${w.courseId}/reviews`),
    expect: everyone(200),
  },
  'POST /api/lms/courses/:courseId/reviews': {
    // Anyone signed in may try: 201 once the complete case gave them a third of the course, 403 before it,
    // 409 when they (or the owner's fixture) hold one already.
    request: () => post(`/api/lms/courses/${w.courseId}/reviews`, { rating: 4, text: 'A careful course.' }),
    expect: { guest: 401, ...reviewers() },
  },
  'PUT /api/lms/courses/:courseId/reviews/:reviewId': {
    request: async () => ({
      method: 'PUT',
      url: `/api/lms/courses/${w.courseId}/reviews/${await ownersReview()}`,
      payload: { rating: 5, text: 'Even better on a second look.' },
    }),
    expect: { ...signedIn(403), owner: 200 },
  },
  'DELETE /api/lms/courses/:courseId/reviews/:reviewId': {
    request: async () => ({
      method: 'DELETE',
      url: `/api/lms/courses/${w.courseId}/reviews/${await ownersReview()}`,
    }),
    expect: { ...signedIn(403), owner: 204 },
  },

  // Registry: passports
  'GET /api/registry/instruments': { request: () => get('/api/registry/instruments'), expect: everyone(200) },
  'GET /api/registry/instruments/:id': {
    request: () => get(`/api/registry/instruments/${w.instrumentId}`),
    expect: everyone(200),
  },
  'POST /api/registry/instruments': {
    request: () =>
      post('/api/registry/instruments', {
        name: 'New Build',
        instrumentType: 'violin',
        category: 'classical',
        yearMade: 2025,
      }),
    // Only luthiers with a shop register passports; an admin has no shop.
    expect: { ...signedIn(403), luthier: 201, maker: 201 },
  },
  'PATCH /api/registry/instruments/:id': {
    request: () => ({
      method: 'PATCH',
      url: `/api/registry/instruments/${w.instrumentId}`,
      payload: { description: 'Sitka spruce over Indian rosewood.' },
    }),
    expect: { ...signedIn(403), maker: 200 },
  },
  'POST /api/registry/instruments/:id/report-stolen': {
    request: async () =>
      post(`/api/registry/instruments/${await ownersInstrument()}/report-stolen`, {
        date: new Date().toISOString().slice(0, 10),
        place: 'Lyon, France',
      }),
    expect: { ...signedIn(403), owner: 200 },
  },
  'POST /api/registry/instruments/:id/recovered': {
    request: async () =>
      post(`/api/registry/instruments/${await ownersInstrument({ status: 'stolen' })}/recovered`),
    expect: { ...signedIn(403), owner: 200 },
  },
  'PUT /api/registry/instruments/:id/listing': {
    request: async () => ({
      method: 'PUT',
      url: `/api/registry/instruments/${await ownersInstrument()}/listing`,
      payload: { status: 'for-sale', price: '4500.00', currency: 'EUR' },
    }),
    // Only the current owner lists; the maker of an instrument someone else owns may not.
    expect: { ...signedIn(403), owner: 200 },
  },
  'GET /api/public/passports/:code/listing': {
    request: async () => {
      const [row] = await t.db
        .select({ code: instruments.passportCode })
        .from(instruments)
        .where(eq(instruments.id, w.instrumentId));
      return get(`/api/public/passports/${row?.code ?? ''}/listing`);
    },
    expect: everyone(200),
  },
  'GET /api/conversations': { request: () => get('/api/conversations'), expect: signedIn(200) },
  'GET /api/conversations/:id': {
    request: async () => get(`/api/conversations/${await enthusiastConversation()}`),
    // Its two participants only: everyone else, admins included, is told there is no such conversation.
    expect: { ...signedIn(404), enthusiast: 200, maker: 200 },
  },
  'POST /api/conversations/:id/read': {
    request: async () => post(`/api/conversations/${await enthusiastConversation()}/read`),
    expect: { ...signedIn(404), enthusiast: 200, maker: 200 },
  },
  'POST /api/conversations/:id/messages': {
    request: async () =>
      post(`/api/conversations/${await enthusiastConversation()}/messages`, { message: 'Yes, it still is.' }),
    expect: { ...signedIn(404), enthusiast: 201, maker: 201 },
  },
  'POST /api/account/shop': {
    freshCaller: true,
    request: () => post('/api/account/shop', { name: 'A new bench' }),
    // An enthusiast opens one; a luthier has one already (409); an admin account may not (403).
    expect: { ...signedIn(201), luthier: 409, maker: 409, admin: 403 },
  },
  'PUT /api/registry/instruments/:id/portfolio': {
    request: () => ({
      method: 'PUT',
      url: `/api/registry/instruments/${w.instrumentId}/portfolio`,
      payload: { portfolio: true },
    }),
    expect: { ...signedIn(403), maker: 200 },
  },
  'GET /api/registry/instruments/:id/owner-dossier.pdf': {
    request: async () => get(`/api/registry/instruments/${await ownersInstrument()}/owner-dossier.pdf`),
    // The owner's copy carries private values: the current owner's and, for an admin, all of them.
    expect: { ...signedIn(403), owner: 200, admin: 200 },
  },
  'GET /api/registry/me': { request: () => get('/api/registry/me'), expect: signedIn(200) },
  'GET /api/registry/privacy': { request: () => get('/api/registry/privacy'), expect: signedIn(200) },
  'PUT /api/registry/privacy': {
    request: () => ({ method: 'PUT', url: '/api/registry/privacy', payload: { ownerPrivacy: false } }),
    expect: signedIn(200),
  },

  // Registry: photos (maker or current owner)
  'POST /api/registry/instruments/:id/images': {
    request: async () => ({
      method: 'POST',
      url: `/api/registry/instruments/${(await instrumentWithPhoto()).id}/images`,
      ...(await imageUpload()),
    }),
    // The instrument has passed to its owner: only they change its photos now.
    expect: { ...signedIn(403), owner: 201 },
  },
  'PATCH /api/registry/instruments/:id/images/:imageId': {
    request: async () => {
      const { id, imageId } = await instrumentWithPhoto();
      return {
        method: 'PATCH',
        url: `/api/registry/instruments/${id}/images/${imageId}`,
        payload: { caption: 'Back' },
      };
    },
    expect: { ...signedIn(403), owner: 200 },
  },
  'PUT /api/registry/instruments/:id/images/order': {
    request: async () => {
      const { id, imageId } = await instrumentWithPhoto();
      return {
        method: 'PUT',
        url: `/api/registry/instruments/${id}/images/order`,
        payload: { imageIds: [imageId] },
      };
    },
    expect: { ...signedIn(403), owner: 200 },
  },
  'DELETE /api/registry/instruments/:id/images/:imageId': {
    request: async () => {
      const { id, imageId } = await instrumentWithPhoto();
      return { method: 'DELETE', url: `/api/registry/instruments/${id}/images/${imageId}` };
    },
    expect: { ...signedIn(403), owner: 200 },
  },

  // Registry: service records (owner, maker or any luthier with a shop; only the owner decides pending ones)
  'POST /api/registry/instruments/:id/service-records': {
    request: () => post(`/api/registry/instruments/${w.instrumentId}/service-records`, serviceInput),
    expect: { ...signedIn(403), luthier: 201, maker: 201, owner: 201 },
  },
  'POST /api/registry/instruments/:id/service-records/:recordId/approve': {
    request: async () =>
      post(
        `/api/registry/instruments/${w.instrumentId}/service-records/${await pendingServiceRecord()}/approve`,
      ),
    expect: { ...signedIn(403), owner: 200 },
  },
  'POST /api/registry/instruments/:id/service-records/:recordId/reject': {
    request: async () =>
      post(
        `/api/registry/instruments/${w.instrumentId}/service-records/${await pendingServiceRecord()}/reject`,
      ),
    expect: { ...signedIn(403), owner: 200 },
  },
  // Only the owner of the shop a record names answers it; to anyone else the record does not exist.
  'POST /api/registry/service-records/:recordId/confirm': {
    request: async () => post(`/api/registry/service-records/${await claimNamingLuthier()}/confirm`),
    expect: { ...signedIn(404), luthier: 200 },
  },
  'POST /api/registry/service-records/:recordId/decline': {
    request: async () => post(`/api/registry/service-records/${await claimNamingLuthier()}/decline`),
    expect: { ...signedIn(404), luthier: 200 },
  },

  // Registry: transfers (the owner offers; only sender and recipient see an offer, everyone else gets 404)
  'POST /api/registry/instruments/:id/transfers': {
    request: async () =>
      post(`/api/registry/instruments/${await ownersInstrument()}/transfers`, {
        recipient: `@${w.people.enthusiast.user.handle ?? ''}`,
        method: 'purchase',
        price: 4200,
      }),
    expect: { ...signedIn(403), owner: 201 },
  },
  'GET /api/registry/transfers': { request: () => get('/api/registry/transfers'), expect: signedIn(200) },
  'GET /api/registry/transfers/:transferId': {
    request: () => get(`/api/registry/transfers/${w.transferId}`),
    expect: { ...signedIn(404), owner: 200, enthusiast: 200 },
  },
  'POST /api/registry/transfers/:transferId/accept': {
    request: async () => post(`/api/registry/transfers/${await offerToEnthusiast()}/accept`),
    expect: { ...signedIn(404), enthusiast: 200, owner: 403 },
  },
  'POST /api/registry/transfers/:transferId/decline': {
    request: async () => post(`/api/registry/transfers/${await offerToEnthusiast()}/decline`),
    expect: { ...signedIn(404), enthusiast: 200, owner: 403 },
  },
  'POST /api/registry/transfers/:transferId/cancel': {
    request: async () => post(`/api/registry/transfers/${await offerToEnthusiast()}/cancel`),
    expect: { ...signedIn(404), owner: 200, enthusiast: 403 },
  },

  // Contact: anyone may write to the admins; only admins read what was written (with the senders' addresses).
  'GET /api/public/contact': { request: () => get('/api/public/contact'), expect: everyone(200) },
  'POST /api/public/contact': {
    request: () =>
      post('/api/public/contact', {
        name: 'A visitor',
        email: 'visitor@example.test',
        message: 'A question about a passport I was shown.',
      }),
    expect: everyone(200),
  },
  'GET /api/admin/contact-messages': {
    request: () => get('/api/admin/contact-messages'),
    expect: { ...signedIn(403), admin: 200 },
  },

  // Admin
  'GET /api/admin/queue': {
    request: () => get('/api/admin/queue'),
    expect: { ...signedIn(403), admin: 200 },
  },
  'POST /api/admin/shops/:id/verification': {
    request: () =>
      post(`/api/admin/shops/${shopOf(w.people.maker)}/verification`, {
        verified: true,
        note: 'Checked the workshop register',
      }),
    expect: { ...signedIn(403), admin: 200 },
  },
  'POST /api/admin/instruments/:id/verification': {
    request: () =>
      post(`/api/admin/instruments/${w.instrumentId}/verification`, {
        verified: true,
        note: 'Checked the workshop register',
      }),
    expect: { ...signedIn(403), admin: 200 },
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The loop

/**
 * What a guest gets follows from the declaration: a `session` or `admin` operation refuses them with 401 before
 * its handler runs (serve()); any other route answers them as its entry says, and never with 401.
 */
const declaredAuth = new Map<string, string>(API_ROUTES.map((r) => [`${r.method} ${r.path}`, r.auth]));
const needsSession = (route: string) => ['session', 'admin'].includes(declaredAuth.get(route) ?? 'none');
const expectedFor = (route: string, entry: RouteCase, actor: Actor) =>
  actor === 'guest' && needsSession(route) ? [401] : [entry.expect[actor]].flat();

/** The error code a refusal must carry, so a 401/403/404 is the authorisation answer and not something else. */
const refusalCodes: Partial<Record<number, string[]>> = {
  401: [ErrorCodes.UNAUTHENTICATED],
  403: [ErrorCodes.FORBIDDEN, 'LESSON_REQUIRES_AUTH'],
  404: [ErrorCodes.NOT_FOUND],
};

beforeAll(buildWorld);
afterAll(async () => t.close());

const routeKeys = t.app.routeList.map((r) => `${r.method} ${r.url}`);

describe('authorisation matrix', () => {
  it('has an entry (a case or a reason to skip) for every route, and none for a route that does not exist', () => {
    const missing = routeKeys.filter((key) => !Object.hasOwn(matrix, key));
    const stale = Object.keys(matrix).filter((key) => !routeKeys.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('expects 401 from a guest exactly where the declaration asks for a session', () => {
    const disagreeing = Object.entries(matrix).flatMap(([route, entry]) => {
      if ('skip' in entry) return [];
      const guest = [entry.expect.guest].flat();
      const refusesGuests = guest.length === 1 && guest[0] === 401;
      return refusesGuests === needsSession(route)
        ? []
        : [`${route} (${declaredAuth.get(route) ?? 'undeclared'})`];
    });
    expect(disagreeing).toEqual([]);
  });

  // One test per route and actor, named "POST /api/registry/instruments as luthier → 403".
  const cells = routeKeys.flatMap((route) => {
    const entry = matrix[route];
    if (!entry || 'skip' in entry) return [];
    return ACTORS.map(
      (actor) => [route, actor, expectedFor(route, entry, actor).join(' or '), entry] as const,
    );
  });

  it.each(cells)('%s as %s → %s', async (route, actor, _expected, entry) => {
    const caller = actor === 'guest' ? null : entry.freshCaller ? await freshPerson(actor) : w.people[actor];
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
