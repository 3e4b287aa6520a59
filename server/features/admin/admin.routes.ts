import type { FastifyInstance } from 'fastify';
import { audit } from '../../plugins/audit';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import { adminQueue, setInstrumentVerified, setShopVerified } from './admin.queries';
import { isUuid } from '../../db/uuid';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, 'GET /api/admin/queue', async (request) => {
    const { verified } = request.query;
    return adminQueue(ctx.db, verified);
  });

  for (const [kind, set] of [
    ['shops', setShopVerified],
    ['instruments', setInstrumentVerified],
  ] as const) {
    serve(app, `POST /api/admin/${kind}/:id/verification`, async (request) => {
      const admin = request.user;
      const { verified, note } = request.body;
      const done =
        isUuid(request.params.id) &&
        (await set(ctx, request.params.id, { verified, note: note || null, adminId: admin.id }));
      if (!done) throw notFound(kind === 'shops' ? 'No such shop.' : 'No such instrument.');
      audit(request, 'verification.changed', {
        [kind === 'shops' ? 'shopId' : 'instrumentId']: request.params.id,
        verified,
      });
      return { verified, ...(note ? { note } : {}) };
    });
  }
}
