import { createUser } from '../../db/builders/accounts';
import { notifications } from '../../db/schema';
import { publicSessionId } from '../../features/account/account.queries';
import { createEmailToken } from '../../features/auth/email.queries';
import { createUndoToken } from '../../features/auth/email-undo.queries';
import { createResetToken } from '../../features/auth/reset.queries';
import { hashToken } from '../../plugins/sessions';
import { sessionCookie } from '../test-app';
import {
  type Entry,
  everyone,
  get,
  type MatrixKit,
  PASSWORD,
  post,
  shopUpdate,
  signedIn,
} from './matrix-kit';

/** Accounts, handles, public profiles, settings, notifications and conversations between members. Checked by accounts.authz.test.ts; server/test/authz/matrix-kit.ts says how. */
export function accountsMatrix(k: MatrixKit): Record<string, Entry> {
  const { t, unique, shopOf, enthusiastConversation, imageUpload } = k;
  return {
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
      request: () => post('/api/auth/request-reset', { email: k.w.people.owner.user.email }),
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
        const token = await createUndoToken(
          t.db,
          target.id,
          `${unique('before')}@example.test`,
          target.email,
        );
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
      request: () => get(`/api/profile/u/${k.w.people.owner.user.handle ?? ''}`),
      expect: everyone(200),
    },
    'GET /api/profile/l/:slug': {
      request: () => get(`/api/profile/l/${k.w.people.maker.user.handle ?? ''}`),
      expect: everyone(200),
    },
    'GET /api/profile/shops': { request: () => get('/api/profile/shops?q=workshop'), expect: everyone(200) },
    'GET /api/profile/shop-facets': { request: () => get('/api/profile/shop-facets'), expect: everyone(200) },
    'POST /api/profile/l/:slug/messages': {
      request: () =>
        post(`/api/profile/l/${k.w.people.maker.user.handle ?? ''}/messages`, {
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
    'POST /api/account/shop/cover': {
      request: async () => ({ method: 'POST', url: '/api/account/shop/cover', ...(await imageUpload()) }),
      // A cover belongs to a shop: only a person with one may set it.
      expect: { ...signedIn(404), luthier: 200, maker: 200 },
    },
    'DELETE /api/account/shop/cover': {
      request: () => ({ method: 'DELETE', url: '/api/account/shop/cover' }),
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
            userId: k.w.people.owner.user.id,
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
            userId: k.w.people.maker.user.id,
            kind: 'shop_message',
            title: 'Matrix enthusiast wrote to maker workshop',
            body: 'Do you take commissions?',
            link: null,
            counterpartUserId: k.w.people.enthusiast.user.id,
            shopId: shopOf(k.w.people.maker),
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
          post('/api/auth/login', { email: k.w.people.owner.user.email, password: PASSWORD }),
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
        post(`/api/conversations/${await enthusiastConversation()}/messages`, {
          message: 'Yes, it still is.',
        }),
      expect: { ...signedIn(404), enthusiast: 201, maker: 201 },
    },
    'POST /api/account/shop': {
      freshCaller: true,
      request: () => post('/api/account/shop', { name: 'A new bench' }),
      // An enthusiast opens one; a luthier has one already (409); an admin account may not (403).
      expect: { ...signedIn(201), luthier: 409, maker: 409, admin: 403 },
    },
  };
}
