import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import type { User } from '../../contract/auth';
import { ME_KEY } from '../lib/auth';
import { checkAnswer, checkRequest, unexpectedFetch } from './contract-fixtures';

/** A query client that never retries, so failures show at once in tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** A signed-in person as GET /api/auth/me answers one: every declared field, with `over` on top. */
export function testUser(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'sam@example.test',
    displayName: 'Sam Carter',
    firstName: 'Sam',
    lastName: 'Carter',
    role: 'user',
    onboardingComplete: true,
    handle: null,
    emailVerified: true,
    returning: true,
    ...over,
  };
}

/** Renders routes in a memory router with the app's providers; `me` seeds the signed-in person (null = guest). */
export interface RenderOptions {
  path?: string;
  /** The signed-in person as /api/auth/me would answer (testUser()); null (default) for a guest. */
  me?: User | null;
  client?: QueryClient;
}

export function renderRoutes(
  routes: RouteObject[],
  { path = '/', me = null, client = testQueryClient() }: RenderOptions = {},
) {
  checkAnswer('GET', '/api/auth/me', 200, { json: { user: me } });
  client.setQueryData(ME_KEY, () => ({ user: me }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={client}>
      {/* No tooltip provider: each view brings its own, and a view that forgot it fails here as in the app. */}
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** What a mocked operation answers: JSON (the default, `{}`), or text; with a status (200) and headers. */
export interface MockAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/**
 * Replaces fetch with a handler keyed by "METHOD path" (or "METHOD path?query"); a call no handler answers is
 * rejected (as a network failure would be). Every answer is checked against the declaration of the operation it answers, and every JSON body the
 * client sends against the operation's body schema (client/test/contract-fixtures.ts): a fixture that drifts
 * from contract/api fails the test, naming the operation and what does not match.
 */
export function mockFetch(handlers: Record<string, (body: unknown, url: URL) => MockAnswer>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.split('?')[0]}`];
    if (!handler) unexpectedFetch(method, path);
    checkRequest(method, path, body);
    return answer(method, path, handler(body, new URL(path, 'http://localhost')));
  };
  globalThis.fetch = fetchMock;
  return calls;
}

/** The Response for a mocked answer, once checked against the declaration of `METHOD path`. */
export function answer(method: string, path: string, { status = 200, json = {}, text, headers }: MockAnswer) {
  if (text !== undefined) {
    checkAnswer(method, path, status, { text });
    return new Response(text, { status, headers: { 'content-type': 'text/plain', ...headers } });
  }
  const sent = status === 204 ? undefined : json;
  checkAnswer(method, path, status, { json: sent });
  return new Response(sent === undefined ? null : JSON.stringify(sent), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
