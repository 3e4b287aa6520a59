import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { handle } from '../../plugins/api-route';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import { requireUser } from '../../plugins/sessions';
import { checkPassportDate } from './dates';
import { findInstrument, isUuid, roles } from './detail.queries';
import { limitServiceRecord } from './limits';
import { decideService, recordService } from './service.queries';
import { shopOf } from './write.queries';

export async function serviceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  /** Owner, maker or any luthier with a shop; a luthier who is neither waits for the owner's approval. */
  handle(app, 'POST /api/registry/instruments/:id/service-records', async (request, reply) => {
    const user = requireUser(request);
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    const r = roles(found, user);
    const shop = user.role === 'luthier' ? await shopOf(db, user.id) : null;
    if (!r.isOwner && !r.isMaker && !shop)
      throw forbidden('Only the owner, the maker or a luthier can record a service.');
    const input = request.body;
    checkPassportDate(input.serviceDate, found.instrument.yearMade, 'serviceDate');
    const status = r.isOwner || r.isMaker ? 'approved' : 'pending';
    await limitServiceRecord(app, user.id, status === 'pending' ? found.instrument.currentOwnerId : null);
    const row = await recordService(ctx, found, { userId: user.id, shop }, input, status);
    reply.status(201);
    return { ...row, recordedBy: shop?.name ?? null };
  });

  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    handle(app, `POST /api/registry/instruments/:id/service-records/:recordId/${path}`, async (request) => {
      const user = requireUser(request);
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
