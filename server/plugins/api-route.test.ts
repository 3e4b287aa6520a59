import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/auth';
import { REGISTRY_ROUTES } from '../../contract/api/registry';
import { serve } from './api-route';
import { registerApiSchemas } from './api-schemas';
import { registerErrorHandler } from './errors';
import type { SessionUser } from './sessions';

let app: FastifyInstance;
afterEach(async () => app.close());

/** A bare app serving the registry list through serve(), with the real declaration and the handler's answer. */
async function build(answer: () => unknown) {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerApiSchemas(app);
  const seen: unknown[] = [];
  serve(app, 'GET /api/registry/instruments', async (request) => {
    seen.push(request.query);
    // The query's own types: a transformed boolean and coerced numbers.
    const typed: { verified: boolean; page: number; pageSize: number } = request.query;
    void typed;
    return answer() as [];
  });
  await app.ready();
  return seen;
}

describe('serve(): a route served from its declaration', () => {
  it('takes method and path from contract/api and hands the handler the schema’s output', async () => {
    const seen = await build(() => []);
    const res = await app.inject('/api/registry/instruments?verified=true&page=2&search=%20spruce%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(seen).toEqual([
      {
        verified: true,
        forSale: false,
        page: 2,
        pageSize: expect.any(Number),
        // No sort asked: a search ranks by relevance, so the schema leaves it unset.
        search: 'spruce',
      },
    ]);
    expect((await app.inject({ method: 'POST', url: '/api/registry/instruments' })).statusCode).toBe(404);
  });

  it('never runs the handler for invalid input, and an answer off its schema is a 500 without details', async () => {
    const seen = await build(() => [{ not: 'a card' }]);
    const bad = await app.inject('/api/registry/instruments?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { page: expect.any(String) } });
    expect(seen).toEqual([]);
    const wrong = await app.inject('/api/registry/instruments');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.body).not.toContain('not');
  });

  it('refuses a key that is not declared', () => {
    app = Fastify({ logger: false });
    // @ts-expect-error: not a declared operation
    expect(() => serve(app, 'GET /api/nowhere', async () => ({}))).toThrow(/not declared in contract\/api/);
  });
});

describe('serve(): parsing once', () => {
  it('parses the query once per request (the validator), never again before the handler', async () => {
    const declaration = REGISTRY_ROUTES.find(
      (r) => r.method === 'GET' && r.path === '/api/registry/instruments',
    );
    if (!declaration?.query) throw new Error('the registry list declares its query');
    const safeParse = vi.spyOn(declaration.query, 'safeParse');
    const parse = vi.spyOn(declaration.query, 'parse');
    try {
      const seen = await build(() => []);
      const res = await app.inject('/api/registry/instruments?page=3');
      expect(res.statusCode).toBe(200);
      expect(seen).toEqual([expect.objectContaining({ page: 3 })]);
      expect(safeParse.mock.calls.length + parse.mock.calls.length).toBe(1);
    } finally {
      safeParse.mockRestore();
      parse.mockRestore();
    }
  });
});

/** A bare app whose caller is whoever the `x-role` header names (none without it). */
async function withCallers(register: (app: FastifyInstance) => void) {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerApiSchemas(app);
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    const role = request.headers['x-role'];
    if (typeof role === 'string')
      request.user = { id: `${role}-id`, role: role as Role, handle: role } as SessionUser;
  });
  register(app);
  await app.ready();
}

describe('serve(): the declared auth, before the handler', () => {
  it('refuses a guest on a session route with 401, before saying what is wrong with the input', async () => {
    const ran: string[] = [];
    await withCallers((app) =>
      serve(app, 'PATCH /api/account/profile', async (request) => {
        // Typed non-null from the declaration: no check in the handler.
        ran.push(request.user.id);
        return {} as never;
      }),
    );
    const guest = await app.inject({ method: 'PATCH', url: '/api/account/profile', payload: { bio: 7 } });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });
    const member = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { bio: 7 },
      headers: { 'x-role': 'user' },
    });
    expect(member.statusCode).toBe(400);
    expect(ran).toEqual([]);
  });

  it('refuses a guest (401) and a non-admin (403) on an admin route; an admin reaches the handler', async () => {
    const ran: string[] = [];
    await withCallers((app) =>
      serve(app, 'GET /api/admin/queue', async (request) => {
        ran.push(request.user.role);
        return { shops: [], instruments: [] };
      }),
    );
    const as = (role?: string) =>
      app.inject({ url: '/api/admin/queue', headers: role ? { 'x-role': role } : {} });
    const guest = await as();
    expect([guest.statusCode, guest.json<{ code: string }>().code]).toEqual([401, 'UNAUTHENTICATED']);
    const luthier = await as('luthier');
    expect(luthier.statusCode).toBe(403);
    expect(luthier.json()).toEqual({ error: 'You are not allowed to do that.', code: 'FORBIDDEN' });
    expect(ran).toEqual([]);
    await as('admin');
    expect(ran).toEqual(['admin']);
  });

  it('lets everyone through an optional route, the guest with no user', async () => {
    const seen: (string | null)[] = [];
    await withCallers((app) =>
      serve(app, 'GET /api/auth/me', async (request) => {
        seen.push(request.user?.role ?? null);
        return { user: null };
      }),
    );
    await app.inject({ url: '/api/auth/me' });
    await app.inject({ url: '/api/auth/me', headers: { 'x-role': 'user' } });
    expect(seen).toEqual([null, 'user']);
  });
});
