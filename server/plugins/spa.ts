import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '../../contract/errors';

/**
 * Serves the built React app: hashed assets cached for a year, every other unknown GET answered with index.html
 * so the client router shows its page (or its 404). Unknown /api and /media paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(clientDir, filePath);
        res.header(
          'cache-control',
          rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    app.get('/', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/media/');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ error: 'There is nothing at this address.', code: ErrorCodes.NOT_FOUND });
  });
}
