import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '../../../contract/api/routes';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { renderDocsPage } from './docs-page';
import { DOCS_CSS } from './docs-style';
import { openApiDocument } from './openapi';
import { repoRoot } from '../../paths';

const packageVersion = (): string => {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const version = (raw as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
};

/** The published API: its OpenAPI document and a reference page made from it, both built once on first use. */
export async function apiDocsRoutes(app: FastifyInstance, { env }: AppContext): Promise<void> {
  let json: string | null = null;
  let html: string | null = null;
  const document = () => openApiDocument(API_ROUTES, { version: packageVersion(), publicUrl: env.publicUrl });

  serve(app, 'GET /api/openapi.json', async (_request, reply) => {
    json ??= JSON.stringify(document());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);
  });

  serve(app, 'GET /api/docs', async (_request, reply) => {
    html ??= renderDocsPage(document());
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });

  serve(app, 'GET /api/docs.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_CSS),
  );
}
