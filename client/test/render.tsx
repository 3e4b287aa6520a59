import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { TooltipProvider } from '../components/ui/tooltip';
import { Toaster } from '../components/ui/toaster';
import type { User } from '../../contract/auth';
import { ME_KEY } from '../lib/auth';

/** A query client that never retries, so failures show at once in tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with the app's providers; `me` seeds the signed-in person (null = guest). */
export interface RenderOptions {
  path?: string;
  /** The signed-in person as /api/auth/me would answer; null (default) for a guest. */
  me?: unknown;
  client?: QueryClient;
}

export function renderRoutes(
  routes: RouteObject[],
  { path = '/', me = null, client = testQueryClient() }: RenderOptions = {},
) {
  client.setQueryData(ME_KEY, () => ({ user: me as User | null }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** Replaces fetch with a handler keyed by "METHOD path"; unknown calls fail the test loudly. */
export function mockFetch(
  handlers: Record<string, (body: unknown) => { status?: number; json?: unknown; text?: string }>,
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.split('?')[0]}`];
    if (!handler) throw new Error(`unexpected fetch ${method} ${path}`);
    const { status = 200, json = {}, text } = handler(body);
    if (text !== undefined) return new Response(text, { status, headers: { 'content-type': 'text/plain' } });
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  };
  globalThis.fetch = fetchMock;
  return calls;
}
