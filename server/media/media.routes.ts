import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { serve } from '../plugins/api-route';
import { notFound } from '../plugins/errors';

const paramsSchema = z.object({ id: z.uuid(), file: z.string().regex(/^\d{1,5}\.webp$/) });

export async function mediaRoutes(app: FastifyInstance, { media }: AppContext): Promise<void> {
  serve(app, 'GET /media/:id/:file', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw notFound('No such image.');
    const bytes = await media.read(params.data.id, Number.parseInt(params.data.file, 10));
    if (!bytes) throw notFound('No such image.');
    // A media id's bytes never change (a new upload gets a new id), so caches may keep them forever.
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(bytes);
  });
}
