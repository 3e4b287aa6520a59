import { ownerIsPublic } from '../../log/public-projection';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sendJsonText, serve, type SignedIn } from '../../plugins/api-route';
import { sharedResponse } from '../../plugins/etag';
import { instruments, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { findInstrument, instrumentDetail, roles, type FoundInstrument } from './detail.queries';
import { listInstrumentsJson } from './list-json.queries';
import { listingOf } from '../../db/listings';
import { myRegistry } from './mine.queries';
import { photoRoutes } from './photos.routes';
import { serviceRoutes } from './service.routes';
import { transferRoutes } from './transfers.routes';
import { offerTransfer } from './offer';
import { firstOwnerOffer } from './first-owner';
import { audit } from '../../plugins/audit';
import { checkPassportDate } from './dates';
import { limitOffer, limitRegistration, limitStolenReport } from './limits';
import { markRecovered, reportStolen } from './stolen.queries';
import { editInstrument } from './edit.queries';
import { ownBuildCertificate, registerInstrument, shopOf } from './write.queries';

export async function registryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  /** The instrument as its page reads it: the viewer's detail and the owner's listing. */
  const detailWithListing = async (found: FoundInstrument, user: FastifyRequest['user']) => {
    const [detail, listing] = await Promise.all([
      instrumentDetail(db, found, user),
      listingOf(db, found.instrument.id),
    ]);
    return { ...detail, listing };
  };

  // The same list for everyone (no viewer-specific fields): shared, revalidated with an ETag, and kept briefly
  // in the shared cache — the unfiltered and filtered pages many guests open, not free-text searches.
  const unlessSearch = (request: FastifyRequest) => !(request.query as { search?: unknown }).search;
  serve(
    app,
    'GET /api/registry/instruments',
    { config: { sharedCache: unlessSearch } },
    async (request, reply) => {
      // One statement builds the whole answer as JSON (list-json.test.ts holds it to the contract).
      const { total, capped, body } = await listInstrumentsJson(db, request.query);
      sharedResponse(reply)
        .header('x-total-count', String(total))
        .header('x-total-count-capped', String(capped));
      return sendJsonText(reply, body);
    },
  );

  serve(app, 'GET /api/registry/instruments/:id', async (request) => {
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    return detailWithListing(found, request.user);
  });

  serve(app, 'POST /api/registry/instruments', async (request, reply) => {
    const user = request.user;
    const input = request.body;
    const shop = user.role === 'luthier' ? await shopOf(db, user.id) : null;
    if (!shop) throw forbidden('Only luthiers with a shop can register instruments.');
    if (input.certificateId && !(await ownBuildCertificate(db, user.id, input.certificateId)))
      throw badRequest('That certificate is not one of yours for a course that builds an instrument.', {
        certificateId: 'Choose one of your own course certificates.',
      });
    const offerTo = input.firstOwner ? await firstOwnerOffer(db, user, input.firstOwner) : null;
    await limitRegistration(app, user.id);
    if (offerTo) await limitOffer(app, user.id, offerTo.toEmail);
    const created = await registerInstrument(db, user, shop, input);
    if (offerTo)
      await offerTransfer(ctx, created, user, {
        ...offerTo,
        method: input.firstOwnerMethod ?? 'commission',
        price: null,
        priceCurrency: null,
      });
    const found = await findInstrument(db, created.id);
    if (!found) throw new Error('created instrument vanished');
    reply.status(201);
    return instrumentDetail(db, found, user);
  });

  serve(app, 'PATCH /api/registry/instruments/:id', async (request) => {
    const user = request.user;
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    const r = roles(found, user);
    if (!r.isMaker && !r.isOwner) throw forbidden('Only the maker or the owner can edit this instrument.');
    const input = request.body;
    // Anyone but the owner is shown a projection (no valuation, private owners' names left out of the text).
    const shown = r.isOwner ? {} : await instrumentDetail(db, found, user);
    const { removal } = await editInstrument(ctx, found, { id: user.id, ...r }, input, shown);
    if (removal)
      audit(request, 'verification.changed', { instrumentId: found.instrument.id, verified: false, removal });
    const fresh = await findInstrument(db, found.instrument.id);
    // The same answer as GET, so what one answers can be sent back to the other.
    return detailWithListing(fresh ?? found, user);
  });

  // Only the maker chooses what their storefront shows; owners and admins do not.
  serve(app, 'PUT /api/registry/instruments/:id/portfolio', async (request) => {
    const user = request.user;
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    if (!roles(found, user).isMaker)
      throw forbidden('Only the maker can show an instrument in their portfolio.');
    const input = request.body;
    await db
      .update(instruments)
      .set({ portfolio: input.portfolio })
      .where(eq(instruments.id, found.instrument.id));
    return input;
  });

  const ownedBy = async (request: SignedIn<FastifyRequest<{ Params: { id: string } }>>) => {
    const user = request.user;
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    if (!roles(found, user).isOwner) throw forbidden('Only the current owner can do that.');
    return { user, found };
  };

  serve(app, 'POST /api/registry/instruments/:id/report-stolen', async (request) => {
    const { user, found } = await ownedBy(request);
    const input = request.body;
    checkPassportDate(input.date, found.instrument.yearMade, 'date');
    await limitStolenReport(app, user.id);
    await reportStolen(ctx, found, user.id, input);
    return { ok: true };
  });

  serve(app, 'POST /api/registry/instruments/:id/recovered', async (request) => {
    const { user, found } = await ownedBy(request);
    await limitStolenReport(app, user.id);
    await markRecovered(ctx, found, user.id);
    return { ok: true };
  });

  serve(app, 'GET /api/registry/me', async (request) => {
    const user = request.user;
    return myRegistry(db, user.id);
  });

  serve(app, 'GET /api/registry/privacy', async (request) => {
    const user = request.user;
    const [row] = await db
      .select({ ownerPrivacy: users.ownerPrivacy })
      .from(users)
      .where(eq(users.id, user.id));
    if (!row) throw new Error('the signed-in person has no user row');
    return { ownerPrivacy: !ownerIsPublic(row.ownerPrivacy), chosen: row.ownerPrivacy !== null };
  });

  serve(app, 'PUT /api/registry/privacy', async (request) => {
    const user = request.user;
    const input = request.body;
    await db.update(users).set({ ownerPrivacy: input.ownerPrivacy }).where(eq(users.id, user.id));
    return { ownerPrivacy: input.ownerPrivacy, chosen: true };
  });

  await photoRoutes(app, ctx);
  await serviceRoutes(app, ctx);
  await transferRoutes(app, ctx);
}
