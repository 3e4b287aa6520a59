import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from './api-route';
import { registerApiSchemas } from './api-schemas';
import { registerErrorHandler } from './errors';

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
      { verified: true, page: 2, pageSize: expect.any(Number), search: 'spruce', sort: 'newest' },
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
