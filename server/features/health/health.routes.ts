import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';

export async function healthRoutes(app: FastifyInstance, { ping }: AppContext): Promise<void> {
  serve(app, 'GET /healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  serve(app, 'GET /readyz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return { status: 'ready' };
    } catch {
      return reply.status(503).header('retry-after', '5').send({
        status: 'unavailable',
        error: 'The database is not reachable.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
}
