import type { FastifyInstance } from 'fastify';
import { audit } from '../../plugins/audit';
import { adminQueueQuerySchema, adminQueueSchema, verificationSchema } from '../../../contract/admin';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../plugins/errors';
import { requireRole } from '../../plugins/sessions';
import { adminQueue, setInstrumentVerified, setShopVerified } from './admin.queries';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function adminRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get('/api/admin/queue', async (request) => {
    requireRole(request, 'admin');
    const { verified } = parse(adminQueueQuerySchema, request.query);
    return adminQueueSchema.parse(await adminQueue(db, verified));
  });

  app.post<{ Params: { id: string } }>('/api/admin/shops/:id/verification', async (request) => {
    requireRole(request, 'admin');
    const { verified } = parse(verificationSchema, request.body);
    if (!uuid.test(request.params.id) || !(await setShopVerified(db, request.params.id, verified)))
      throw notFound('No such shop.');
    audit(request, 'verification.changed', { shopId: request.params.id, verified });
    return { verified };
  });

  app.post<{ Params: { id: string } }>('/api/admin/instruments/:id/verification', async (request) => {
    const admin = requireRole(request, 'admin');
    const { verified } = parse(verificationSchema, request.body);
    if (
      !uuid.test(request.params.id) ||
      !(await setInstrumentVerified(db, request.params.id, verified, admin.id))
    )
      throw notFound('No such instrument.');
    audit(request, 'verification.changed', { instrumentId: request.params.id, verified });
    return { verified };
  });
}
