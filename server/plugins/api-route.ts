import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z, ZodType } from 'zod';
import { API_ROUTES, type ApiRouteKey, type RouteOf } from '../../contract/api/routes';

/** What a declared part of the request is once validated: its schema's output (trimmed, defaulted…). */
type Part<R, K extends string> = R extends { readonly [P in K]: infer S extends ZodType }
  ? z.output<S>
  : unknown;

/** A JSON success answer is the declared schema's input (the serialiser parses it); anything else is free. */
type Answer<R> = R extends { readonly response: { readonly schema: infer S extends ZodType } }
  ? R extends { readonly response: { readonly contentType: infer C } }
    ? C extends `${string}json${string}`
      ? z.input<S>
      : unknown
    : z.input<S>
  : unknown;

export type DeclaredRequest<R> = FastifyRequest<{
  Params: Part<R, 'params'>;
  Querystring: Part<R, 'query'>;
  Body: Part<R, 'body'>;
}>;

/**
 * A handler of a declared route: its request's params, query and body are typed (and already validated and
 * transformed) from the declaration, and what it returns must be the declared answer. A handler that sets a
 * status sets it on `reply` and still returns the body (`reply.status(201); return created;`), so the body is
 * checked too; `reply.send(...)` remains for answers with headers or no JSON body.
 */
export type DeclaredHandler<R> = (
  request: DeclaredRequest<R>,
  reply: FastifyReply,
) => Promise<Answer<R> | FastifyReply>;

const declared = new Map<string, (typeof API_ROUTES)[number]>(
  API_ROUTES.map((r) => [`${r.method} ${r.path}`, r]),
);

/**
 * Serves the operation declared in contract/api under `key` (`'GET /api/lms/certificates'`): method and path come
 * from the declaration, and so do the schemas (attached by registerApiSchemas as the route is added).
 */
export function serve<K extends ApiRouteKey>(
  app: FastifyInstance,
  key: K,
  ...args: [DeclaredHandler<RouteOf<K>>] | [RouteShorthandOptions, DeclaredHandler<RouteOf<K>>]
): void {
  const route = declared.get(key);
  if (!route) throw new Error(`${key} is not declared in contract/api`);
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  const typed = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const parts = route as { params?: ZodType; query?: ZodType; body?: ZodType };
  app.route({
    ...options,
    method: route.method,
    url: route.path,
    // The input was validated against the declaration before the handler runs (registerApiSchemas); here the
    // handler is given what the schemas make of it (trimmed, defaulted, transformed), as its types say.
    handler: (request, reply) => {
      if (parts.params) request.params = parts.params.parse(request.params);
      if (parts.query) request.query = parts.query.parse(request.query);
      if (parts.body) request.body = parts.body.parse(request.body);
      return typed(request, reply);
    },
  });
}
