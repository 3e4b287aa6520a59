import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { audit } from '../../plugins/audit';
import { badRequest, conflict, isUniqueViolation } from '../../plugins/errors';
import { clearSessionCookie } from '../../plugins/sessions';
import { hashPassword } from '../../passwords/passwords';
import { consumeUndoToken, isUndoTokenValid } from './email-undo.queries';
import { MINUTE_MS } from './limits';
import { sendResetLink } from './reset.routes';

const invalidLink = () =>
  badRequest('This link is invalid, used or more than 7 days old.', {
    token: 'This link is invalid, used or more than 7 days old.',
  });

/** The previous address's way back after an email change (the link in the mail sent to it). */
export async function emailUndoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, 'POST /api/auth/email-change/undo', async (request, reply) => {
    await app.rateLimit(`email-undo:ip:${request.ip}`, 10, 15 * MINUTE_MS);
    const { token } = request.body;
    // A made-up token costs one indexed lookup, never a hash.
    if (!(await isUndoTokenValid(ctx.db, token))) throw invalidLink();
    // The password in use is known to whoever changed the address: it is replaced by one nobody knows, and the
    // owner chooses a new one from the reset link mailed below.
    const locked = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    let restored;
    try {
      restored = await consumeUndoToken(ctx.db, token, locked);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('Another account uses that address now; write to us and we will sort it out.');
      throw error;
    }
    if (!restored) throw invalidLink();
    audit(request, 'auth.email.change_undone', { targetUserId: restored.userId });
    await sendResetLink(ctx, request, restored.email);
    if (request.user?.id === restored.userId) clearSessionCookie(reply, ctx.env);
    return { ok: true, email: restored.email };
  });
}
