import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes } from '../../contract/errors';
import type { Env } from '../env';
import { renderHead } from './head';
import { pageStatus, registerPages } from './pages';
import { routePreloads } from './route-preload';
import { SESSION_COOKIE } from './sessions';

/**
 * Serves the built React app: hashed assets cached for a year, every other unknown GET answered with index.html
 * (with the page's own head tags when it has any) so the client router shows its page or its not-found page,
 * with status 200 for an address in the page manifest and 404 for any other. Unknown /api, /media and /log paths
 * stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, env: Env, clientDir: string | null): Promise<void> {
  registerPages(app, env);

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
  const guestHome = clientDir ? guestHomeHtml(clientDir) : null;
  const sendIndex = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    { shared = false, home = false } = {},
  ) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const tags = await app.headFor(pathname).catch(() => undefined);
    // A page that moved (a renamed handle's /u/ and /l/ addresses) answers 301 to its new address.
    if (tags?.redirect !== undefined)
      return reply
        .header('cache-control', 'no-cache')
        .redirect(search ? `${tags.redirect}?${search}` : tags.redirect, 301);
    const hasSession = Boolean(request.cookies[SESSION_COOKIE]);
    let html = tags?.title !== undefined ? renderHead(indexHtml!, tags, env.publicUrl) : indexHtml!;
    // Only a guest gets the landing's hero: a signed-in person's `/` is their dashboard, and must not flash it.
    if (home && !hasSession && guestHome) html = guestHome(html);
    const preloads = preloadsFor(pathname, search, hasSession);
    // A page for a record that does not exist (an unknown profile, listing, passport…) is not a page either.
    const found = tags !== null;
    // A signed-in person's `/` differs from a guest's.
    if (home) reply.header('vary', 'Cookie');
    return reply
      .status(found ? status : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', shared && found ? 'public, max-age=0, must-revalidate' : 'no-cache')
      .send(preloads ? html.replace('</head>', () => `  ${preloads}\n  </head>`) : html);
  };
  if (indexHtml) {
    app.get('/', async (request, reply) => sendIndex(request, reply, 200, { home: true }));
    // A public passport's page is the same for every visitor (its head and preloads do not depend on who
    // asks): shared like its JSON, with an ETag (a repeat visit is a 304) and kept briefly in the shared cache.
    app.get('/p/:code', { config: { sharedCache: true } }, async (request, reply) =>
      sendIndex(request, reply, 200, { shared: true }),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      request.url.startsWith('/media/') ||
      // The transparency log's tiles are read by programs: an unknown address there is a JSON 404, not a page.
      request.url.startsWith('/log/') ||
      request.url === '/log';
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      // An address no page has is a real 404 (the app still shows its not-found page), so search engines do
      // not index it as a page.
      return sendIndex(request, reply, pageStatus(request.url.split('?')[0] ?? '/'));
    }
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ error: 'There is nothing at this address.', code: ErrorCodes.NOT_FOUND });
  });
}

const ROOT = '<div id="root">';
const MAIN_MARKER = '<!--app-main-->';

/**
 * The landing page's hero as the build rendered it (`.vite/landing-hero.html`, vite.config.ts), put into the
 * app's HTML where index.html marks the page's place, with `data-guest` on the root telling the app that the
 * server saw no session (client/lib/auth.ts): the largest text of a guest's first visit paints with the
 * stylesheet, before any script (docs/decisions/022). Null when the build wrote no hero; an HTML without the
 * marker is sent as it is.
 */
function guestHomeHtml(clientDir: string): ((html: string) => string) | null {
  const file = path.join(clientDir, '.vite', 'landing-hero.html');
  if (!fs.existsSync(file)) return null;
  const hero = fs.readFileSync(file, 'utf8');
  return (html) =>
    html.includes(MAIN_MARKER) && html.includes(ROOT)
      ? html.replace(ROOT, `${ROOT.slice(0, -1)} data-guest>`).replace(MAIN_MARKER, () => hero)
      : html;
}
