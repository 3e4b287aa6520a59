import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { checkPassportDate } from './dates';
import { isUuid } from '../../db/uuid';
import { findInstrument, roles } from './detail.queries';
import { limitServiceRecord } from './limits';
import { decideService, recordService } from './service.queries';
import { answerServiceClaim } from './service-claims.queries';
import { shopByHandle, shopOf } from './write.queries';

export async function serviceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  /** Owner, maker or any luthier with a shop; a luthier who is neither waits for the owner's approval. */
  serve(app, 'POST /api/registry/instruments/:id/service-records', async (request, reply) => {
    const user = request.user;
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    const r = roles(found, user);
    const shop = await shopOf(db, user.id);
    if (!r.isOwner && !r.isMaker && !(user.role === 'luthier' && shop))
      throw forbidden('Only the owner, the maker or a luthier can record a service.');
    const input = request.body;
    checkPassportDate(input.serviceDate, found.instrument.yearMade, 'serviceDate');
    const named = input.servicerShop ? await shopByHandle(db, input.servicerShop) : null;
    if (input.servicerShop && !named) {
      const message = 'No shop in the registry has this handle. Write the servicer’s name instead.';
      throw badRequest(message, { servicerShop: message });
    }
    const status = r.isOwner || r.isMaker ? 'approved' : 'pending';
    const reportedBy = r.isMaker ? 'maker' : r.isOwner ? 'owner' : 'servicer';
    await limitServiceRecord(app, user.id, status === 'pending' ? found.instrument.currentOwnerId : null);
    const row = await recordService(ctx, found, { userId: user.id, shop, reportedBy }, input, named, status);
    reply.status(201);
    return { ...row, recordedBy: shop?.name ?? null };
  });

  /** The named shop's owner confirms or declines a record naming their shop; anyone else gets 404. */
  for (const [path, confirm] of [
    ['confirm', true],
    ['decline', false],
  ] as const) {
    serve(app, `POST /api/registry/service-records/:recordId/${path}`, async (request) => {
      const user = request.user;
      const id = request.params.recordId;
      const answer = isUuid(id) ? await answerServiceClaim(ctx, user.id, id, confirm) : 'not-found';
      if (answer === 'not-found') throw notFound('No such service record names your shop.');
      if (answer === 'answered') throw conflict('Your shop has already answered this record.');
      return { ok: true };
    });
  }

  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    serve(app, `POST /api/registry/instruments/:id/service-records/:recordId/${path}`, async (request) => {
      const user = request.user;
      const found = await findInstrument(db, request.params.id);
      if (!found) throw notFound('The requested instrument could not be found in our registry.');
      if (!roles(found, user).isOwner) throw forbidden('Only the owner can approve service records.');
      if (!isUuid(request.params.recordId)) throw notFound('No such service record.');
      const ok = await decideService(ctx, found, request.params.recordId, user.id, approve);
      if (!ok) throw conflict('This record is not waiting for approval.');
      return { ok: true };
    });
  }
}
