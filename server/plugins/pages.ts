import type { FastifyInstance } from 'fastify';
import { PAGE_HEADS, PAGE_TITLES } from '../../contract/page-heads';
import { MATCHABLE_PAGES, matchPage, type PagePath, type PageRoute } from '../../contract/routes';
import type { Env } from '../env';
import { siteJsonLd } from './head';

const isStatic = (path: string) => !path.includes(':');
const descriptionOf = (page: PageRoute) => PAGE_HEADS[page.path as PagePath]?.description;
const titleOf = (page: PageRoute) => PAGE_TITLES[page.path as PagePath];

/**
 * The server's view of the web app's pages, all derived from the page manifest (contract/routes.ts): the head
 * tags of public pages whose address alone describes them (and the sitemap that lists them), noindex heads for
 * members' pages (a crawler following a public link to a passport must not index a sign-in prompt), and whether
 * an address is a page at all. Pages with their own records (a listing, a profile) add richer head providers
 * in their areas; those registered first win.
 */
export function registerPages(app: FastifyInstance, env: Env): void {
  for (const page of MATCHABLE_PAGES) {
    const description = descriptionOf(page);
    if (page.access === 'public' && description && isStatic(page.path)) {
      const { path } = page;
      app.addHeadProvider(path, async () => ({
        title: titleOf(page),
        description,
        path,
        jsonLd: path === '/' ? siteJsonLd(env.publicUrl) : undefined,
      }));
    } else if (page.access !== 'public' || isStatic(page.path)) {
      // Members' pages, and utility pages such as the reset and email links: named, never indexed.
      const summary =
        page.access === 'public'
          ? `${titleOf(page)} · Luthier Registry`
          : 'Part of your Luthier Registry account: sign in to see it.';
      app.addHeadProvider(page.path, async (params) => ({
        title: titleOf(page),
        description: summary,
        path: page.path.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? '')),
        noindex: true,
      }));
    }
  }
  app.addSitemapSource(async () =>
    MATCHABLE_PAGES.filter((p) => p.access === 'public' && descriptionOf(p) && isStatic(p.path)).map(
      (p) => p.path,
    ),
  );
}

/** 200 for an address the app has a page for, 404 for any other (the app then shows its not-found page). */
export const pageStatus = (pathname: string): 200 | 404 => (matchPage(pathname) ? 200 : 404);
