import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLayout } from '../app/layout/app-layout';
import { landingHeroHtml } from '../app/static-html';
import { assumeGuestIfServerSaw } from '../lib/auth';
import { answer, renderRoutes, testQueryClient, testUser } from '../test/render';
import { HomePage } from './home';
import { LandingPage } from './landing';

const HEADING = 'The living registry for handmade instruments';

/** The HTML the server sends a guest on `/`, parsed as the browser parses it. */
function servedMain(): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = landingHeroHtml();
  return template.content.firstElementChild as HTMLElement;
}

describe('the hero in the HTML of a guest’s /', () => {
  it('is the markup React renders in its place: the layout’s main and the landing’s first section', async () => {
    renderRoutes([{ element: <AppLayout />, children: [{ path: '/', element: <LandingPage /> }] }]);
    const heading = await screen.findByRole('heading', { level: 1, name: HEADING }, { timeout: 10_000 });
    const main = screen.getByRole('main');
    const served = servedMain();

    expect(served.tagName).toBe('MAIN');
    expect(served.children).toHaveLength(1);
    // The main element itself (its attributes), then the whole hero as serialised markup.
    expect((served.cloneNode(false) as HTMLElement).outerHTML).toBe(
      (main.cloneNode(false) as HTMLElement).outerHTML,
    );
    const hero = heading.closest('section')!;
    expect(main.firstElementChild).toBe(hero);
    expect(served.firstElementChild!.outerHTML).toBe(hero.outerHTML);
  });

  it('holds every word and call to action of the hero, once', () => {
    const served = servedMain();
    expect(served.querySelectorAll('h1')).toHaveLength(1);
    expect(served.querySelector('h1')!.textContent).toBe(HEADING);
    expect(served.textContent).toContain('anyone can learn the craft in a free academy.');
    const links = [...served.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Explore Luthiers', '/explore'],
      ['Browse Instruments', '/registry'],
      ['Find luthiers by name, place or speciality', '/luthiers'],
    ]);
    expect(served.querySelector('button')!.textContent).toBe('Start Learning');
  });
});

describe('HomePage before /api/auth/me answers', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /**
   * The home page on a fresh query client whose /api/auth/me is held until `release` is called; `guestHtml` says
   * whether the server marked the page a guest's (server/plugins/spa.ts).
   */
  function renderHome(guestHtml: boolean) {
    let release: (user: ReturnType<typeof testUser> | null) => void = () => {};
    const asked: string[] = [];
    globalThis.fetch = async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      asked.push(path);
      if (path === '/api/auth/me')
        return new Promise<Response>((resolve) => {
          release = (user) => resolve(answer('GET', '/api/auth/me', { json: { user } }));
        });
      return new Promise<Response>(() => {});
    };
    const client = testQueryClient();
    const root = document.createElement('div');
    if (guestHtml) root.setAttribute('data-guest', '');
    assumeGuestIfServerSaw(client, root);
    const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { asked, release: (user: ReturnType<typeof testUser> | null) => release(user) };
  }

  it('shows a guest the landing at once when the server’s HTML was a guest’s, and still asks who is signed in', async () => {
    const { asked, release } = renderHome(true);
    expect(screen.getByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(asked).toContain('/api/auth/me');
    release(null);
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
  });

  it('corrects itself when /me says someone is signed in after all', async () => {
    const { release } = renderHome(true);
    expect(screen.getByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    release(testUser({ firstName: 'Sam' }));
    // The dashboard is its own chunk: on a busy machine its import takes more than the default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });

  it('without the mark (a session cookie was sent) waits for /me and never shows the landing to a member', async () => {
    const { release } = renderHome(false);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
    release(testUser({ firstName: 'Sam' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });
});
