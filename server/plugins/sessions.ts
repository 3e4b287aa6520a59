import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../contract/auth';
import type { Db } from '../db/client';
import { nativeStatements } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { Env } from '../env';
import { createDeviceCookies, type DeviceCookies } from './device-cookie';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a day per session, not on every request. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

export type SessionUser = User;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Sign-in device cookies: which browsers signed in to an account before (plugins/device-cookie.ts). */
    devices: DeviceCookies;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const userColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  onboardingComplete: users.onboardingComplete,
  handle: users.handle,
  /** Whether the account's current address was proven by a link sent to it. */
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  /** Has been here before: signed in with the password at least once, or has had the account over a day. */
  returning: sql<boolean>`(${users.lastSignInAt} is not null or ${users.createdAt} < now() - interval '1 day')`,
};

const USER_KEYS = Object.keys(userColumns) as (keyof SessionUser)[];

/** The user of a session row from the driver: userColumns in their order (then the session's expiry). */
function sessionUser(row: unknown[]): SessionUser {
  const user: Record<string, unknown> = {};
  USER_KEYS.forEach((key, i) => (user[key] = row[i]));
  return user as unknown as SessionUser;
}

/** `epoch`: the credentials epoch read with the password hash the sign-in checked. */
export async function createSession(
  db: Db,
  userId: string,
  request: FastifyRequest,
  epoch: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    epoch,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip,
  });
  return token;
}

export function sessionCookieOptions(env: Env) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.publicUrl.startsWith('https://'),
    maxAge: SESSION_TTL_MS / 1000,
  };
}

export function setSessionCookie(reply: FastifyReply, env: Env, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(env));
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  void reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(env), maxAge: undefined });
}

/** Reads the session cookie on API requests and puts the signed-in person on `request.user`. */
export async function registerSessions(app: FastifyInstance, db: Db, env: Env): Promise<void> {
  await app.register(cookie);
  app.decorate('devices', createDeviceCookies(db, env));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Every signed-in request runs this query: written by Drizzle once, run through the driver itself (on
  // PostgreSQL pg's own named statement, parsed and planned once per pooled connection; decision 027).
  const sessionRow = nativeStatements('session_lookup', (database) =>
    database
      .select({ ...userColumns, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(sessions.epoch, users.credentialsEpoch),
        ),
      )
      .limit(1),
  )(db, '');

  const lookUp = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const id = hashToken(token);
    const now = new Date();
    const [row] = await sessionRow({ id, now: now.toISOString() });
    if (!row) {
      clearSessionCookie(reply, env);
      return;
    }
    request.user = sessionUser(row);
    request.sessionId = id;
    const expiresAt = row[USER_KEYS.length] as Date;
    if (expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SLIDE_AFTER_MS) {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS), lastSeenAt: now })
        .where(eq(sessions.id, id));
      setSessionCookie(reply, env, token);
    }
  };

  // Callback style: a request without the cookie (every guest, every asset) passes without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100 || !request.url.startsWith('/api/')) return done();
    lookUp(request, reply, token).then(() => done(), done);
  });
}
