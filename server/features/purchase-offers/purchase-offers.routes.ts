import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { audit } from '../../plugins/audit';
import { serve } from '../../plugins/api-route';
import { conflict, notFound } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import {
  acceptPurchaseOffer,
  closePurchaseOffer,
  counterPurchaseOffer,
  expireDueOffers,
  makePurchaseOffer,
} from './offer-actions';
import { getPurchaseOffer, instrumentForOffer, listPurchaseOffers } from './purchase-offers.queries';
import { setSoldPriceShown, soldByShop } from './sold.queries';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const missing = () => notFound('This offer does not exist or is not yours.');

export async function purchaseOfferRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Reads show overdue offers as expired already; this sweep closes them and tells both sides.
  const sweep = setInterval(() => {
    expireDueOffers(ctx).catch((err: unknown) => app.log.warn({ err }, 'purchase offer expiry sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Each offer and each answer reaches another person's inbox and mail: limited per person who writes, and an
  // offer also per seller, so many buyers together cannot flood one seller.
  const limitStep = (user: SessionUser) =>
    app.rateLimit(
      `purchase-offer:step:${user.id}`,
      60,
      HOUR_MS,
      'You have answered many offers in the last hour. Please wait a moment.',
    );

  serve(app, 'POST /api/registry/instruments/:id/purchase-offers', async (request, reply) => {
    const user = request.user;
    const instrument = await instrumentForOffer(ctx.db, request.params.id);
    if (!instrument) throw notFound('The requested instrument could not be found in our registry.');
    if (instrument.status !== 'active')
      throw conflict('This instrument is not listed for sale.', 'NOT_FOR_SALE');
    await app.rateLimit(
      `purchase-offer:buyer:${user.id}`,
      10,
      HOUR_MS,
      'You have made many offers in the last hour. Please wait before making another.',
    );
    if (instrument.currentOwnerId)
      await app.rateLimit(
        `purchase-offer:seller:${instrument.currentOwnerId}`,
        50,
        DAY_MS,
        'This seller has received many offers today. Please try again tomorrow.',
      );
    const row = await makePurchaseOffer(ctx, instrument, user, request.body);
    audit(request, 'purchase_offer.made', { offerId: row.id, instrumentId: instrument.id });
    const shown = await getPurchaseOffer(ctx, row.id, user);
    if (!shown) throw new Error('the offer just made cannot be read back');
    reply.status(201);
    return shown;
  });

  serve(app, 'GET /api/purchase-offers', async (request) =>
    listPurchaseOffers(ctx, request.user, request.query.role, request.query.instrumentId),
  );

  serve(app, 'GET /api/purchase-offers/:id', async (request) => {
    const offer = await getPurchaseOffer(ctx, request.params.id, request.user);
    if (!offer) throw missing();
    return offer;
  });

  const answer = async (id: string, user: SessionUser, done: unknown) => {
    if (!done) throw missing();
    const offer = await getPurchaseOffer(ctx, id, user);
    if (!offer) throw missing();
    return offer;
  };

  serve(app, 'POST /api/purchase-offers/:id/accept', async (request) => {
    await limitStep(request.user);
    const done = await acceptPurchaseOffer(ctx, request.params.id, request.user);
    if (done) audit(request, 'purchase_offer.accepted', { offerId: done.id });
    return answer(request.params.id, request.user, done);
  });

  serve(app, 'POST /api/purchase-offers/:id/decline', async (request) => {
    await limitStep(request.user);
    const done = await closePurchaseOffer(ctx, request.params.id, request.user, 'decline');
    return answer(request.params.id, request.user, done);
  });

  serve(app, 'POST /api/purchase-offers/:id/counter', async (request) => {
    await limitStep(request.user);
    const done = await counterPurchaseOffer(ctx, request.params.id, request.user, request.body.price);
    return answer(request.params.id, request.user, done);
  });

  serve(app, 'DELETE /api/purchase-offers/:id', async (request) => {
    await limitStep(request.user);
    const done = await closePurchaseOffer(ctx, request.params.id, request.user, 'withdraw');
    return answer(request.params.id, request.user, done);
  });

  serve(app, 'PUT /api/purchase-offers/:id/sold-price', async (request) => {
    const offer = await getPurchaseOffer(ctx, request.params.id, request.user);
    if (!offer || offer.role !== 'seller') throw missing();
    if (!(await setSoldPriceShown(ctx.db, offer.id, request.user.id, request.body.shown)))
      throw conflict('Only a sold instrument has a price to show.', 'NOT_SOLD');
    return answer(offer.id, request.user, true);
  });

  serve(app, 'GET /api/profile/l/:slug/sold', async (request) => {
    const sold = await soldByShop(ctx.db, request.params.slug);
    if (!sold) throw notFound("This luthier shop doesn't exist or is not published.");
    return { sold };
  });
}
