import fs from 'node:fs';
import path from 'node:path';
import { apiUrl } from '../../contract/api-url';
import { PAGE_HEADS } from '../../contract/page-heads';
import { matchPage, type PagePath } from '../../contract/routes';

/**
 * What a first visit should fetch before any script runs (Lighthouse LCP):
 *
 * - the page's code: the build lists, for each client route, its page chunk and the chunks that chunk imports
 *   (`.vite/routes.json`, written by vite.config.ts), sent as modulepreload links so the browser fetches them
 *   alongside the entry script rather than once that script has run;
 * - the API reads the page makes on its first render, sent as fetch preloads which the app's own request then
 *   picks up: who is signed in on every page, and the record a public page shows. The URLs must be exactly those
 *   the client asks for (both build them with apiUrl, contract/api-url.ts); e2e/performance.spec.ts checks that
 *   each is used and none is fetched twice.
 */
export function routePreloads(
  clientDir: string,
): (pathname: string, search: string, hasSession: boolean) => string {
  const file = path.join(clientDir, '.vite', 'routes.json');
  const table = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>)
    : {};
  const dynamic = (route: string) => route.split('/').filter((s) => s.startsWith(':') || s === '*').length;
  // As the client router ranks them: static segments before parameters, the catch-all last.
  const routes = Object.entries(table)
    .sort(([a], [b]) => dynamic(a) - dynamic(b) || (a === '*' ? 1 : b === '*' ? -1 : 0))
    .map(([route, files]) => {
      const source = route === '*' ? '.*' : route.replace(/:[^/]+/g, '[^/]+');
      const links = files.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
      return { pattern: new RegExp(`^${source}/?$`), links };
    });
  return (pathname, search, hasSession) => {
    const code = routes.find((r) => r.pattern.test(pathname))?.links ?? [];
    const data = [apiUrl('GET /api/auth/me'), ...pageReads(pathname, search, hasSession)].map(
      (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`,
    );
    return [...data, ...code].join('\n    ');
  };
}

/** The first API reads of a page (its manifest entry's `preload`), when its address alone decides them. */
function pageReads(pathname: string, search: string, hasSession: boolean): string[] {
  const match = matchPage(pathname);
  const preload = match && PAGE_HEADS[match.page.path as PagePath]?.preload;
  if (!match || !preload) return [];
  if (Object.values(match.params).some((value) => !/^[\w-]{1,100}$/.test(value))) return [];
  return preload({ params: match.params, search, hasSession });
}
