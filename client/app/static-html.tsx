import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LandingHero } from '../features/static/landing-hero';
import { PageMain } from './layout/page-main';

/**
 * The landing page's hero inside the layout's main element, as HTML: the build writes it to
 * `.vite/landing-hero.html` (vite.config.ts) and the server puts it in a guest's `/` (server/plugins/spa.ts), so
 * the largest text of the page paints with the stylesheet instead of after the scripts, the session check and the
 * page's chunk (docs/decisions/022). Rendered from the components React itself renders, so the two cannot differ.
 * Never imported by the app: react-dom/server stays out of the browser's scripts.
 */
export function landingHeroHtml(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <PageMain>
        <LandingHero />
      </PageMain>
    </MemoryRouter>,
  );
}
