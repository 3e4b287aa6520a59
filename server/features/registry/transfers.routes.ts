import type { FastifyInstance } from 'fastify';
import { audit } from '../../plugins/audit';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { findInstrument, roles } from './detail.queries';
import { offerTransfer } from './offer';
import { getTransfer, listTransfers, previewTransfer } from './transfer-read.queries';
import { limitOffer } from './limits';
import { acceptTransfer, closeTransfer, expireDueTransfers, stolenConflict } from './transfers.queries';
import { findRecipient } from './write.queries';

export async function transferRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // Reads show overdue offers as expired without writing (no GET changes state); this sweep records the expiry
  // and its passport event. Accepting, declining or offering also expires what is due first.
  const sweep = setInterval(() => {
    expireDueTransfers(db, ctx).catch((err: unknown) =>
      app.log.warn({ err }, 'transfer expiry sweep failed'),
    );
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  serve(app, 'POST /api/registry/instruments/:id/transfers', async (request, reply) => {
    const user = request.user;
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    if (!roles(found, user).isOwner) throw forbidden('Only the current owner can transfer this instrument.');
    if (found.instrument.status === 'stolen') throw stolenConflict();
    if (found.instrument.status !== 'active')
      throw conflict('A destroyed instrument cannot change hands.', 'INSTRUMENT_NOT_ACTIVE');
    const input = request.body;
    const { user: person, email, byEmail } = await findRecipient(db, input.recipient);
    const recipientError = (message: string) => badRequest(message, { recipient: message });
    if (!email) throw recipientError('Nobody has that handle. Enter their email address instead.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw recipientError('Enter a valid email address or handle.');
    if (person?.id === user.id || email === user.email)
      throw recipientError('You already own this instrument.');
    await limitOffer(app, user.id, email);
    // An offer to an address stays addressed to the address: only an account that proves it can see it.
    const transfer = await offerTransfer(ctx, found.instrument, user, {
      toUserId: byEmail ? null : (person?.id ?? null),
      toEmail: email,
      toLabel: input.recipient.trim(),
      method: input.method,
      ...(input.price != null && input.currency
        ? { price: input.price, priceCurrency: input.currency }
        : { price: null, priceCurrency: null }),
    });
    audit(request, 'transfer.offered', {
      transferId: transfer.id,
      instrumentId: found.instrument.id,
      method: input.method,
    });
    const shown = await getTransfer(db, transfer.id, user);
    if (!shown) throw new Error('the offer just made cannot be read back');
    reply.status(201);
    return shown;
  });

  serve(app, 'GET /api/registry/transfers', async (request) => {
    const user = request.user;
    return listTransfers(db, user);
  });

  serve(app, 'GET /api/registry/transfers/:transferId', async (request) => {
    const user = request.user;
    const transfer = await getTransfer(db, request.params.transferId, user);
    if (!transfer) throw notFound('This transfer does not exist or is not addressed to you.');
    return transfer;
  });

  serve(app, 'GET /api/registry/transfers/:transferId/preview', async (request) => {
    await app.rateLimit(`offer-preview:ip:${request.ip}`, 60, 60 * 1000);
    const preview = await previewTransfer(db, request.params.transferId);
    if (!preview) throw notFound('This offer does not exist. Check the link in your mail.');
    return preview;
  });

  for (const action of ['accept', 'decline', 'cancel'] as const) {
    serve(app, `POST /api/registry/transfers/:transferId/${action}`, async (request) => {
      const user = request.user;
      const transfer = await getTransfer(db, request.params.transferId, user);
      if (!transfer) throw notFound('This transfer does not exist or is not addressed to you.');
      const mine = transfer.direction === (action === 'cancel' ? 'outgoing' : 'incoming');
      if (!mine)
        throw forbidden(
          action === 'cancel' ? 'Only the sender can cancel.' : 'Only the recipient can answer.',
        );
      if (action !== 'cancel') {
        const found = await findInstrument(db, transfer.instrument.id);
        if (found?.instrument.status === 'stolen') throw stolenConflict();
      }
      if (action === 'accept') await acceptTransfer(ctx, transfer.id, user);
      else await closeTransfer(ctx, transfer.id, user, action === 'decline' ? 'declined' : 'cancelled');
      const event =
        action === 'accept'
          ? 'transfer.accepted'
          : action === 'decline'
            ? 'transfer.declined'
            : 'transfer.cancelled';
      audit(request, event, { transferId: transfer.id });
      const answered = await getTransfer(db, transfer.id, user);
      if (!answered) throw new Error('the answered offer cannot be read back');
      return answered;
    });
  }
}
