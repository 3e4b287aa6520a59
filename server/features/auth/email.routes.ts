import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCodes } from '../../../contract/errors';
import { notifyEmailChangeRequested } from '../../notify/account-notices';
import { deliverHeldOffers } from '../../notify/held-offers';
import { limitPasswordCheck } from '../../plugins/password-check-limit';
import type { AppContext } from '../../context';
import { audit } from '../../plugins/audit';
import { serve } from '../../plugins/api-route';
import { AppError, badRequest, conflict } from '../../plugins/errors';
import { credentialsOf, VOIDED_LINK_MESSAGE } from '../../plugins/credentials-epoch';
import { emailChangedMail, emailChangeMail, undoLink, verificationMail, verifyLink } from './email-mails';
import { consumeEmailToken, createEmailToken } from './email.queries';
import { emailUndoRoutes } from './email-undo.routes';
import { verifyPassword } from '../../passwords/passwords';
import { HOUR_MS, MINUTE_MS } from './limits';

/** Sends (not awaited: a slow mail server must not hold the request) a sign-up verification link. */
export async function sendVerification(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: string; email: string; displayName: string },
): Promise<void> {
  const token = await createEmailToken(ctx.db, user.id, user.email, 'verify');
  void ctx.mailer
    .send(verificationMail(user.email, user.displayName, verifyLink(ctx.env.publicUrl, token)))
    .catch((err: unknown) => request.log.error({ err }, 'verification mail could not be sent'));
}

/** Sends a link to a new address; the account's email changes only when it is followed. */
export async function sendEmailChange(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: string; displayName: string },
  newEmail: string,
  epoch: number,
): Promise<void> {
  const token = await createEmailToken(ctx.db, user.id, newEmail, 'change', epoch);
  void ctx.mailer
    .send(emailChangeMail(newEmail, user.displayName, verifyLink(ctx.env.publicUrl, token)))
    .catch((err: unknown) => request.log.error({ err }, 'email change mail could not be sent'));
}

export async function emailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await emailUndoRoutes(app, ctx);
  serve(app, 'POST /api/auth/verify-email', async (request) => {
    await app.rateLimit(`verify-email:ip:${request.ip}`, 30, 15 * MINUTE_MS);
    const { token } = request.body;
    // Offers held back from the inbox until the address was proven reach it now, with the proof.
    const result = await consumeEmailToken(ctx.db, token, request.sessionId, (tx, userId, email) =>
      deliverHeldOffers(ctx, tx, userId, email).then(() => undefined),
    );
    if (!result.ok && result.reason === 'taken')
      throw conflict('Another account already uses this email address.', 'EMAIL_TAKEN');
    if (!result.ok && result.reason === 'voided')
      throw badRequest(VOIDED_LINK_MESSAGE, { token: VOIDED_LINK_MESSAGE });
    if (!result.ok) {
      throw badRequest('This link is invalid, used or expired. Ask for a new one from your account.', {
        token: 'This link is invalid, used or expired.',
      });
    }
    audit(request, result.purpose === 'change' ? 'auth.email.changed' : 'auth.email.verified', {
      targetUserId: result.userId,
    });
    if (result.undo) {
      const { previousEmail, displayName, token: undoToken } = result.undo;
      const link = undoLink(ctx.env.publicUrl, undoToken);
      void ctx.mailer
        .send(emailChangedMail(previousEmail, displayName, result.email, link))
        .catch((err: unknown) => request.log.error({ err }, 'email changed mail could not be sent'));
    }
    return {
      ok: true,
      email: result.email,
      changed: result.purpose === 'change',
    };
  });

  // The change of address is asked for from settings; it lives here, beside the link that completes it.
  serve(app, 'POST /api/account/email', async (request) => {
    const user = request.user;
    const input = request.body;
    await limitPasswordCheck(app, request, user.id);
    // The link carries the epoch read with the hash checked here: a reset that lands meanwhile voids it too.
    const credentials = await credentialsOf(ctx.db, user.id);
    if (!credentials || !(await verifyPassword(credentials.hash, input.password))) {
      throw new AppError(401, ErrorCodes.UNAUTHENTICATED, 'That password is not correct.', {
        fields: { password: 'That password is not correct.' },
      });
    }
    if (input.email === user.email)
      throw badRequest('This is already your email address.', {
        email: 'This is already your email address.',
      });
    await app.rateLimit(`email-change:user:${user.id}`, 5, HOUR_MS);
    // Per address too: many accounts cannot be used to fill one stranger's mailbox with confirmation links.
    await app.rateLimit(`email-change:to:${input.email.toLowerCase()}`, 5, 24 * HOUR_MS);
    // Nothing changes until the link sent to the new address is followed; the current address is told now.
    // Whether another account uses the address is checked only when the link is followed, so this form cannot be
    // used to find out who has an account.
    await sendEmailChange(ctx, request, user, input.email, credentials.epoch);
    await notifyEmailChangeRequested(ctx, user.id, input.email);
    audit(request, 'auth.email.change_requested', { previousEmail: user.email, email: input.email });
    return { ok: true, email: user.email, pendingEmail: input.email };
  });

  serve(app, 'POST /api/auth/verify-email/resend', async (request) => {
    const user = request.user;
    if (user.emailVerified) return { ok: true, alreadyVerified: true };
    await app.rateLimit(`verify-email:resend:${user.id}`, 3, HOUR_MS);
    await sendVerification(ctx, request, user);
    return { ok: true, alreadyVerified: false };
  });
}
