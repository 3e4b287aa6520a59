import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiRoute } from '../../contract/api/api-route';
import { ErrorCodes } from '../../contract/errors';
import { registerApiSchemas } from './api-schemas';
import { registerErrorHandler } from './errors';

const itemSchema = z.object({ name: z.string().trim().min(2), price: z.number().int() });
/** How many times the body's transform ran: once per request, by the validator. */
let transforms = 0;
const countedItem = itemSchema.transform((item) => ({ ...item, counted: (transforms += 1) }));
const ROUTES: ApiRoute[] = [
  {
    method: 'POST',
    path: '/items/:id',
    summary: 'test',
    tag: 'test',
    auth: 'none',
    params: z.object({ id: z.string().regex(/^\d+$/) }),
    query: z.object({ dry: z.enum(['yes', 'no']).optional() }),
    body: countedItem,
    response: { status: 201, schema: itemSchema },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/text',
    summary: 'test',
    tag: 'test',
    auth: 'none',
    response: { status: 200, contentType: 'text/plain' },
    errors: [],
  },
];

let app: FastifyInstance;
afterEach(async () => app.close());

/** A bare app with only the declarations, the error handler and routes whose answers the test chooses. */
async function build(answer: () => unknown) {
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  app = Fastify({ logger: { level: 'error', stream } });
  registerErrorHandler(app);
  registerApiSchemas(app, ROUTES);
  const seen: unknown[] = [];
  app.post('/items/:id', async (request, reply) => {
    seen.push(request.body);
    return reply.status(201).send(answer());
  });
  app.get('/text', async (_request, reply) => reply.type('text/plain').send('plain text, untouched'));
  app.get('/undeclared', async () => ({ anything: 'goes', extra: 1 }));
  await app.ready();
  return { seen, logged };
}

const post = (payload: unknown, url = '/items/7') =>
  app.inject({ method: 'POST', url, payload: payload as object });

describe('declared route schemas', () => {
  it('refuses an invalid body with 400 and its fields before the handler runs', async () => {
    const { seen } = await build(() => ({ name: 'x', price: 1 }));
    const res = await post({ name: 'a', price: 'free' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; error: string; fields: Record<string, string> }>();
    expect(body.code).toBe(ErrorCodes.VALIDATION);
    expect(body.error).toBe('Some fields are not valid.');
    expect(Object.keys(body.fields).sort()).toEqual(['name', 'price']);
    expect(seen).toEqual([]);
  });

  it('checks path parameters and the query string too', async () => {
    const { seen } = await build(() => ({ name: 'ok', price: 1 }));
    const badParam = await post({ name: 'Viola', price: 3 }, '/items/abc');
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json<{ fields: object }>().fields).toHaveProperty('id');
    const badQuery = await post({ name: 'Viola', price: 3 }, '/items/7?dry=maybe');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json<{ fields: object }>().fields).toHaveProperty('dry');
    expect(seen).toEqual([]);
  });

  it('parses each part once and hands the handler what the schema made of it', async () => {
    const { seen } = await build(() => ({ name: 'Viola', price: 3 }));
    transforms = 0;
    const res = await post({ name: '  Viola  ', price: 3 });
    expect(res.statusCode).toBe(201);
    expect(seen).toEqual([{ name: 'Viola', price: 3, counted: 1 }]);
    expect(transforms).toBe(1);
  });

  it('strips fields the response schema does not declare', async () => {
    await build(() => ({ name: 'Viola', price: 3, passwordHash: 'secret', internal: { id: 1 } }));
    const res = await post({ name: 'Viola', price: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'Viola', price: 3 });
    expect(res.body).not.toContain('secret');
  });

  it('turns an answer that fails its own schema into a logged 500 that names no field', async () => {
    const { logged } = await build(() => ({ name: 'Viola', price: 'three' }));
    const res = await post({ name: 'Viola', price: 3 });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side.', code: ErrorCodes.INTERNAL });
    expect(logged.join('')).toContain('a response did not match its schema');
  });

  it('answers 500, not 400, for a bare ZodError thrown by a handler', async () => {
    await build(() => z.object({ secretColumn: z.string() }).parse({}));
    const res = await post({ name: 'Viola', price: 3 });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secretColumn');
  });

  it('leaves undeclared routes and non-JSON answers as they are', async () => {
    await build(() => null);
    const text = await app.inject({ url: '/text' });
    expect(text.body).toBe('plain text, untouched');
    const undeclared = await app.inject({ url: '/undeclared' });
    expect(undeclared.json()).toEqual({ anything: 'goes', extra: 1 });
  });
});
