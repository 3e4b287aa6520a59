import type { FastifyInstance } from 'fastify';
import { audit } from '../../plugins/audit';
import { adminQueueQuerySchema, adminQueueSchema, verificationSchema } from '../../../contract/admin';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../plugins/errors';
import { requireRole } from '../../plugins/sessions';
import { adminQueue, setInstrumentVerified, setShopVerified } from './admin.queries';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/admin/queue', async (request) => {
    requireRole(request, 'admin');
    const { verified } = parse(adminQueueQuerySchema, request.query);
    return adminQueueSchema.parse(await adminQueue(ctx.db, verified));
  });

  for (const [kind, set] of [
    ['shops', setShopVerified],
    ['instruments', setInstrumentVerified],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/api/admin/${kind}/:id/verification`, async (request) => {
      const admin = requireRole(request, 'admin');
      const { verified, note } = parse(verificationSchema, request.body);
      const done =
        uuid.test(request.params.id) &&
        (await set(ctx, request.params.id, { verified, note: note || null, adminId: admin.id }));
      if (!done) throw notFound(kind === 'shops' ? 'No such shop.' : 'No such instrument.');
      audit(request, 'verification.changed', {
        [kind === 'shops' ? 'shopId' : 'instrumentId']: request.params.id,
        verified,
      });
      return verificationSchema.parse({ verified, ...(note ? { note } : {}) });
    });
  }
}
