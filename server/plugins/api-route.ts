import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z, ZodType } from 'zod';
import type { ApiRoute } from '../../contract/api/api-route';
import { API_ROUTES, type ApiRouteKey, type RouteOf } from '../../contract/api/routes';
import { forbidden, unauthorized } from './errors';
import type { SessionUser } from './sessions';

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

/** A route declared for signed-in callers only runs with one: its handler sees `request.user` as never null. */
type Caller<R> = R extends { readonly auth: 'session' | 'admin' } ? { user: SessionUser } : unknown;

/** A request that passed a `session` or `admin` check: for helpers shared by several such handlers. */
export type SignedIn<Request extends FastifyRequest = FastifyRequest> = Request & { user: SessionUser };

export type DeclaredRequest<R> = FastifyRequest<{
  Params: Part<R, 'params'>;
  Querystring: Part<R, 'query'>;
  Body: Part<R, 'body'>;
}> &
  Caller<R>;

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

/**
 * Sends an answer the database already built as JSON text, as it is: no row mapping, no parse through the
 * response schema, no JSON.stringify (a string with a JSON content type skips Fastify's serialiser). The contract
 * still holds: each query that builds such a text has a test checking it against the route's response schema.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const declared = new Map<string, (typeof API_ROUTES)[number]>(
  API_ROUTES.map((r) => [`${r.method} ${r.path}`, r]),
);

/**
 * The declaration's `auth`, enforced before the handler (and before invalid input is reported, api-schemas.ts):
 * `session` refuses a guest (401), `admin` a guest (401) and anyone else (403). `none` and `optional` let
 * everyone through; what an operation allows a signed-in person beyond that is the handler's to decide.
 */
export function authorize(auth: ApiRoute['auth']): preHandlerHookHandler | null {
  // Callback style: a synchronous check needs no promise and no extra turn of the event loop per request.
  if (auth === 'session')
    return function requireSession(request, _reply, done) {
      if (!request.user) return done(unauthorized());
      done();
    };
  if (auth === 'admin')
    return function requireAdmin(request, _reply, done) {
      if (!request.user) return done(unauthorized());
      if (request.user.role !== 'admin') return done(forbidden());
      done();
    };
  return null;
}

/**
 * Serves the operation declared in contract/api under `key` (`'GET /api/lms/certificates'`): method, path and
 * who may call it come from the declaration, and so do the schemas (attached by registerApiSchemas as the route
 * is added, whose validator hands the handler what they make of the input: trimmed, defaulted, transformed).
 */
export function serve<K extends ApiRouteKey>(
  app: FastifyInstance,
  key: K,
  ...args: [DeclaredHandler<RouteOf<K>>] | [RouteShorthandOptions, DeclaredHandler<RouteOf<K>>]
): void {
  const route = declared.get(key);
  if (!route) throw new Error(`${key} is not declared in contract/api`);
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  const check = authorize(route.auth);
  const own = options.preHandler ? [options.preHandler].flat() : [];
  app.route({
    ...options,
    method: route.method,
    url: route.path,
    ...(check || own.length ? { preHandler: check ? [check, ...own] : own } : {}),
    // The auth check above ran, so a `session` or `admin` request has its user, as the handler's type says.
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
