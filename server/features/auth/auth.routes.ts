import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ErrorCodes } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { serve } from '../../plugins/api-route';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../plugins/errors';
import { audit } from '../../plugins/audit';
import { clearSessionCookie, createSession, setSessionCookie, userColumns } from '../../plugins/sessions';
import { splitName } from '../../../contract/names';
import { deleteSession, findUserForLogin } from './auth.queries';
import { emailRoutes, sendVerification } from './email.routes';
import { addressHeldForAnother } from './email-undo.queries';
import { DEVICE_COOKIE } from '../../plugins/device-cookie';
import { limitRegister, limitSignIn } from './limits';
import { onboardingRoutes } from './onboarding.routes';
import { hashPassword, isCommonPassword, verifyPassword } from '../../passwords/passwords';
import { resetRoutes } from './reset.routes';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  await resetRoutes(app, ctx);
  await onboardingRoutes(app, ctx);
  await emailRoutes(app, ctx);
  serve(app, 'GET /api/auth/me', async (request) => ({ user: request.user }));

  serve(app, 'POST /api/auth/register', async (request, reply) => {
    await limitRegister(app, request);
    const input = request.body;
    if (isCommonPassword(input.password)) {
      throw badRequest('Choose a less common password.', {
        password: 'This password is too common. Choose another.',
      });
    }
    // An address its owner may still take back (an undo link is out) is not free.
    if (await addressHeldForAnother(db, input.email, null))
      throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(input.password);
    let created;
    try {
      [created] = await db
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          displayName: input.displayName,
          ...splitName(input.displayName),
          role: input.role,
        })
        .returning(userColumns);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
      throw error;
    }
    if (!created) throw new Error('user insert returned nothing');
    audit(request, 'auth.register', { targetUserId: created.id, role: created.role });
    await sendVerification(ctx, request, created);
    setSessionCookie(reply, env, await createSession(db, created.id, request, 0));
    // A new account starts at credentials epoch 0; this browser is its first known device.
    await app.devices.issue(reply, created.id, 0);
    reply.status(201);
    return created;
  });

  serve(app, 'POST /api/auth/login', async (request, reply) => {
    const input = request.body;
    // Without a device cookie the address limits run before the account is even looked up.
    const hasDeviceCookie = Boolean(request.cookies[DEVICE_COOKIE]);
    const early = hasDeviceCookie ? await findUserForLogin(db, input.email) : undefined;
    const deviceId = early ? await app.devices.check(request, early.id, early.credentialsEpoch) : null;
    const failureKeys = await limitSignIn(app, request, input.email, deviceId);
    const found = early === undefined ? await findUserForLogin(db, input.email) : early;
    const ok = await verifyPassword(found?.passwordHash ?? null, input.password);
    if (!found || !ok) {
      audit(request, 'auth.login.failure', {
        email: input.email,
        knownAccount: Boolean(found),
        knownDevice: Boolean(deviceId),
      });
      throw new AppError(401, ErrorCodes.UNAUTHENTICATED, 'Invalid email or password.');
    }
    for (const key of failureKeys) await app.rateLimitRefund(key);
    audit(request, 'auth.login.success', { targetUserId: found.id, knownDevice: Boolean(deviceId) });
    await app.devices.issue(reply, found.id, found.credentialsEpoch);
    // A new token at every sign-in; the old cookie's session (if any) ends.
    if (request.sessionId) await deleteSession(db, request.sessionId);
    setSessionCookie(reply, env, await createSession(db, found.id, request, found.credentialsEpoch));
    // The answer says whether they had been here before this sign-in; from now on they have.
    await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, found.id));
    return found;
  });

  serve(app, 'POST /api/auth/logout', async (request, reply) => {
    if (request.sessionId) await deleteSession(db, request.sessionId);
    if (request.user) audit(request, 'auth.logout');
    clearSessionCookie(reply, env);
    return { ok: true };
  });
}
