import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../plugins/audit';
import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  sessionListSchema,
} from '../../../contract/account';
import { ErrorCodes } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound, parse, isUniqueViolation } from '../../plugins/errors';
import { clearSessionCookie, requireUser } from '../../plugins/sessions';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  endSession,
  listSessions,
  passwordHashOf,
  publicSessionId,
} from './account.queries';

/** Password, email, sessions and deletion: each sensitive change asks for the current password. */
export async function securityRoutes(app: FastifyInstance, { db, env }: AppContext): Promise<void> {
  const confirmPassword = async (
    request: FastifyRequest,
    userId: string,
    password: string,
    field: string,
  ) => {
    // Same budget as sign-in, so these forms cannot be used to guess a password either.
    await app.rateLimit(`signin:ip:${request.ip}`, 10, 15 * 60 * 1000);
    if (!(await verifyPassword(await passwordHashOf(db, userId), password))) {
      throw new AppError(401, ErrorCodes.UNAUTHENTICATED, 'That password is not correct.', {
        fields: { [field]: 'That password is not correct.' },
      });
    }
  };

  app.post('/api/account/password', async (request) => {
    const user = requireUser(request);
    const input = parse(changePasswordSchema, request.body);
    if (isCommonPassword(input.newPassword)) {
      throw badRequest('Choose a less common password.', {
        newPassword: 'This password is too common. Choose another.',
      });
    }
    await confirmPassword(request, user.id, input.currentPassword, 'currentPassword');
    await changePassword(db, user.id, await hashPassword(input.newPassword), request.sessionId);
    audit(request, 'auth.password.changed');
    return { ok: true };
  });

  app.post('/api/account/email', async (request) => {
    const user = requireUser(request);
    const input = parse(changeEmailSchema, request.body);
    await confirmPassword(request, user.id, input.password, 'password');
    try {
      await changeEmail(db, user.id, input.email);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
      throw error;
    }
    audit(request, 'auth.email.changed', { previousEmail: user.email, email: input.email });
    return { ok: true, email: input.email };
  });

  app.get('/api/account/sessions', async (request) => {
    const user = requireUser(request);
    const rows = await listSessions(db, user.id);
    return sessionListSchema.parse(
      rows.map((s) => ({
        id: publicSessionId(s.id),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
        current: s.id === request.sessionId,
      })),
    );
  });

  app.delete('/api/account/sessions/:id', async (request, reply) => {
    const user = requireUser(request);
    const params = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/) }).safeParse(request.params);
    if (!params.success || !(await endSession(db, user.id, params.data.id)))
      throw notFound('No such session.');
    const ended = rowsIncludesCurrent(request.sessionId, params.data.id);
    if (ended) clearSessionCookie(reply, env);
    return { ok: true };
  });

  app.post('/api/account/delete', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(deleteAccountSchema, request.body);
    await confirmPassword(request, user.id, input.password, 'password');
    await deleteAccount(db, user.id);
    audit(request, 'account.deleted');
    clearSessionCookie(reply, env);
    return { ok: true };
  });
}

const rowsIncludesCurrent = (sessionId: string | null, publicId: string) =>
  sessionId !== null && publicSessionId(sessionId) === publicId;
