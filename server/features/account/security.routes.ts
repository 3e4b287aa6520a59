import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../plugins/audit';
import { z } from 'zod';
import { ErrorCodes } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { clearSessionCookie } from '../../plugins/sessions';
import { notifyPasswordChanged } from '../../notify/account-notices';
import { limitPasswordCheck } from '../../plugins/password-check-limit';
import { hashPassword, isCommonPassword, verifyPassword } from '../../passwords/passwords';
import { deleteAccountData } from './deletion.queries';
import {
  changePassword,
  endSession,
  listSessions,
  passwordHashOf,
  publicSessionId,
  signOutEverywhere,
} from './account.queries';

/** Password, sessions and deletion (the email change is the auth area's): each asks for the current password. */
export async function securityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env, media } = ctx;
  const confirmPassword = async (
    request: FastifyRequest,
    userId: string,
    password: string,
    field: string,
  ) => {
    await limitPasswordCheck(app, request, userId);
    if (!(await verifyPassword(await passwordHashOf(db, userId), password))) {
      throw new AppError(401, ErrorCodes.UNAUTHENTICATED, 'That password is not correct.', {
        fields: { [field]: 'That password is not correct.' },
      });
    }
  };

  serve(app, 'POST /api/account/password', async (request, reply) => {
    const user = request.user;
    const input = request.body;
    if (isCommonPassword(input.newPassword)) {
      throw badRequest('Choose a less common password.', {
        newPassword: 'This password is too common. Choose another.',
      });
    }
    await confirmPassword(request, user.id, input.currentPassword, 'currentPassword');
    const epoch = await changePassword(db, user.id, await hashPassword(input.newPassword), request.sessionId);
    audit(request, 'auth.password.changed');
    await notifyPasswordChanged(ctx, user.id);
    // Device cookies of the old epoch no longer count as known devices; this browser just proved the password.
    await app.devices.issue(reply, user.id, epoch);
    return { ok: true };
  });

  serve(app, 'DELETE /api/account/sessions', async (request, reply) => {
    const user = request.user;
    await signOutEverywhere(db, user.id);
    audit(request, 'auth.sessions.ended_everywhere');
    clearSessionCookie(reply, env);
    return { ok: true };
  });

  serve(app, 'GET /api/account/sessions', async (request) => {
    const user = request.user;
    const rows = await listSessions(db, user.id);
    return rows.map((s) => ({
      id: publicSessionId(s.id),
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      ip: s.ip,
      current: s.id === request.sessionId,
    }));
  });

  serve(app, 'DELETE /api/account/sessions/:id', async (request, reply) => {
    const user = request.user;
    const params = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/) }).safeParse(request.params);
    if (!params.success || !(await endSession(db, user.id, params.data.id)))
      throw notFound('No such session.');
    const ended = rowsIncludesCurrent(request.sessionId, params.data.id);
    if (ended) clearSessionCookie(reply, env);
    return { ok: true };
  });

  serve(app, 'POST /api/account/delete', async (request, reply) => {
    const user = request.user;
    const input = request.body;
    await confirmPassword(request, user.id, input.password, 'password');
    const personalMedia = await deleteAccountData(db, user.id);
    for (const id of personalMedia) await media.remove(id);
    audit(request, 'account.deleted');
    clearSessionCookie(reply, env);
    return { ok: true };
  });
}

const rowsIncludesCurrent = (sessionId: string | null, publicId: string) =>
  sessionId !== null && publicSessionId(sessionId) === publicId;
