import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCodes } from '../../contract/errors';
import type { Env } from '../env';
import { renderHead, siteJsonLd } from './head';
import { routePreloads } from './route-preload';
import { SESSION_COOKIE } from './sessions';

const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': {
    title: 'Luthier Registry',
    description:
      "Luthiers' pages and shops, a passport for every handmade instrument (build, owners, repairs) and a free academy to learn the craft.",
  },
  '/explore': {
    title: 'Explore courses',
    description:
      'Courses on building, setting up and repairing handmade instruments, from beginner to advanced.',
  },
  '/registry': {
    title: 'Instrument registry',
    description:
      'Search handmade guitars, violins, mandolins and banjos with their makers, owners and service history.',
  },
  '/blog': { title: 'Blog', description: 'Stories from the workshop — coming soon.' },
  '/for-luthiers': { title: 'For Luthiers', description: 'Tools for makers — coming soon.' },
};

/**
 * Pages for signed-in members (client/router.tsx; a guest gets a sign-in prompt). Their HTML says noindex, so a
 * crawler following a link from the public registry to a passport does not index a sign-in prompt, and they are
 * not in the sitemap. Static paths come before the parameter they would otherwise match.
 */
const MEMBERS_ONLY: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/settings': 'Settings',
  '/learn': 'Learn',
  '/course-progress': 'Course progress',
  '/courses/:courseId': 'Course',
  '/onboarding': 'Onboarding',
  '/reset-password': 'Reset password',
  '/instruments/new': 'Register instrument',
  '/instruments/:id': 'Instrument passport',
  '/transfers/:id': 'Transfer',
  '/admin': 'Admin',
};

/**
 * Serves the built React app: hashed assets cached for a year, every other unknown GET answered with index.html
 * (with the page's own head tags when it has any) so the client router shows its page or its 404. Unknown /api
 * and /media paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, env: Env, clientDir: string | null): Promise<void> {
  for (const [route, page] of Object.entries(STATIC_PAGES)) {
    app.addHeadProvider(route, async () => ({
      ...page,
      path: route,
      jsonLd: route === '/' ? siteJsonLd(env.publicUrl) : undefined,
    }));
  }
  app.addSitemapSource(async () => Object.keys(STATIC_PAGES));
  for (const [route, title] of Object.entries(MEMBERS_ONLY)) {
    app.addHeadProvider(route, async (params) => ({
      title,
      description: 'Part of your Luthier Registry account: sign in to see it.',
      path: route.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? '')),
      noindex: true,
    }));
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /settings\nDisallow: /dashboard\nSitemap: ${env.publicUrl}/sitemap.xml\n`,
      ),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const paths = [...new Set(await app.sitemapPaths())];
    const urls = paths
      .map((p) => `  <url><loc>${encodeURI(`${env.publicUrl}${p}`).replace(/&/g, '&amp;')}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts); browsers that accept one get it.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(clientDir, filePath);
        res.header(
          'cache-control',
          rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const preloadsFor = clientDir ? routePreloads(clientDir) : () => '';
  const sendIndex = async (request: FastifyRequest) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const tags = await app.headFor(pathname).catch(() => null);
    const html = tags ? renderHead(indexHtml!, tags, env.publicUrl) : indexHtml!;
    const preloads = preloadsFor(pathname, search, Boolean(request.cookies[SESSION_COOKIE]));
    return preloads ? html.replace('</head>', `  ${preloads}\n  </head>`) : html;
  };
  if (indexHtml) {
    app.get('/', async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await sendIndex(request)),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/media/');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await sendIndex(request));
    }
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ error: 'There is nothing at this address.', code: ErrorCodes.NOT_FOUND });
  });
}
