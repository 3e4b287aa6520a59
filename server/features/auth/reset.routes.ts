import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../plugins/audit';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { badRequest } from '../../plugins/errors';
import { clearSessionCookie } from '../../plugins/sessions';
import { VOIDED_LINK_MESSAGE } from '../../plugins/credentials-epoch';
import { HOUR_MS, limitResetPassword } from './limits';
import { mailSafeText } from '../../notify/mail-text';
import { hashPassword, isCommonPassword } from '../../passwords/passwords';
import { notifyPasswordChanged } from '../../notify/account-notices';
import { consumeResetToken, createResetToken, resetTokenState } from './reset.queries';

const SAME_ANSWER = {
  ok: true as const,
  message: 'If an account exists for that email, a reset link is on its way.',
};

/**
 * Mails a reset link when an account has this address. Not awaited, and a failure is only logged: neither an
 * answer nor its timing may tell whether the account exists.
 */
export async function sendResetLink(ctx: AppContext, request: FastifyRequest, email: string): Promise<void> {
  const created = await createResetToken(ctx.db, email);
  if (!created) return;
  const link = `${ctx.env.publicUrl}/reset-password?token=${encodeURIComponent(created.token)}`;
  void ctx.mailer
    .send({
      to: email,
      subject: 'Reset your Luthier Registry password',
      text: `Hello ${mailSafeText(created.displayName)},\n\nSomeone (hopefully you) asked to reset the password of your Luthier Registry account.\nChoose a new password here within 60 minutes:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this mail; your password stays the same.\n`,
    })
    .catch((err: unknown) => request.log.error({ err }, 'reset mail could not be sent'));
}

export async function resetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  serve(app, 'POST /api/auth/request-reset', async (request) => {
    const { email } = request.body;
    await app.rateLimit(`reset:email:${email}`, 3, HOUR_MS);
    await sendResetLink(ctx, request, email);
    // The same answer whether or not the account exists, so the form reveals nothing.
    return SAME_ANSWER;
  });

  const invalidLink = () =>
    badRequest('This reset link is invalid or has expired. Please ask for a new one.', {
      token: 'This reset link is invalid or has expired.',
    });
  const voidedLink = () => badRequest(VOIDED_LINK_MESSAGE, { token: VOIDED_LINK_MESSAGE });

  serve(app, 'POST /api/auth/reset-password', async (request, reply) => {
    await limitResetPassword(app, request);
    const input = request.body;
    if (isCommonPassword(input.password)) {
      throw badRequest('Choose a less common password.', {
        password: 'This password is too common. Choose another.',
      });
    }
    // A made-up token costs one indexed lookup, never a hash.
    const state = await resetTokenState(db, input.token);
    if (state === 'voided') throw voidedLink();
    if (state === 'invalid') throw invalidLink();
    const reset = await consumeResetToken(db, input.token, await hashPassword(input.password));
    if (!reset) throw invalidLink();
    await notifyPasswordChanged(ctx, reset.userId);
    audit(request, 'auth.password.reset');
    clearSessionCookie(reply, env);
    // Following the mailed link proved the mailbox: this browser becomes a known device of the account.
    await app.devices.issue(reply, reset.userId, reset.epoch);
    return { ok: true };
  });
}
