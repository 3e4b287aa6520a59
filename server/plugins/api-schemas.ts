import type { FastifyInstance, FastifySchema, preHandlerHookHandler } from 'fastify';
import { ZodType } from 'zod';
import type { ApiRoute } from '../../contract/api/api-route';
import { API_ROUTES } from '../../contract/api/routes';
import { queryTooLarge, REFUSED_QUERY } from './body-limits';
import { badRequest, zodFields } from './errors';

const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`;

/** JSON bodies are the ones serialised through their schema; images, text and HTML are sent as they are. */
const isJson = (contentType: string | undefined) => !contentType || contentType.includes('json');

function asZod(schema: unknown, where: string): ZodType {
  if (schema instanceof ZodType) return schema;
  throw new Error(`${where}: route schemas are zod schemas declared in contract/api`);
}

/** The Fastify schema of a declaration: params, query, body and the success response. */
export function fastifySchema(route: ApiRoute): FastifySchema {
  const schema: FastifySchema = {};
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  const { response } = route;
  if (response?.schema && response.status < 300 && isJson(response.contentType))
    schema.response = { [response.status]: response.schema };
  return schema;
}

/**
 * Invalid input is refused before the handler runs, but after the session is read and the declared auth is
 * enforced (serve()'s own preHandler, which runs first): a caller who may not use the route at all hears that
 * first (401, or 403 for admin routes).
 */
const refuseInvalidInput: preHandlerHookHandler = function refuseInvalidInput(request, _reply, done) {
  done(request.validationError);
};

/**
 * Attaches each route's declaration (contract/api) as its Fastify schema, so every request is checked against it
 * before the handler runs and every JSON success answer is reduced to its declared fields. Register before the
 * routes: the declarations are looked up as each route is added.
 */
export function registerApiSchemas(app: FastifyInstance, routes: readonly ApiRoute[] = API_ROUTES): void {
  const declared = new Map(routes.map((route) => [routeKey(route.method, route.path), route]));

  app.addHook('onRoute', (options) => {
    const [method] = [options.method].flat();
    const route = method ? declared.get(routeKey(method, options.url)) : undefined;
    if (!route || options.schema) return;
    options.schema = fastifySchema(route);
    if (route.bodyLimit && options.bodyLimit === undefined) options.bodyLimit = route.bodyLimit;
    if (route.params || route.query || route.body) {
      // The validation verdict waits on the request until the session plugin has run (a preHandler).
      options.attachValidation = true;
      const own = options.preHandler ? [options.preHandler].flat() : [];
      options.preHandler = [...own, refuseInvalidInput];
    }
  });

  // Each part is parsed once, here: the request then carries what the schema makes of the input (trimmed,
  // defaulted, normalised handles), which is what serve() (server/plugins/api-route.ts) types the handler's
  // request as. Nothing parses it again (a transform need not accept its own output).
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    const zod = asZod(schema, `${method} ${url} ${httpPart ?? ''}`);
    return (data: unknown) => {
      if (data === REFUSED_QUERY) return { error: queryTooLarge() };
      const result = zod.safeParse(data);
      return result.success
        ? { value: result.data }
        : { error: badRequest('Some fields are not valid.', zodFields(result.error)) };
    };
  });

  // Unknown fields are dropped; an answer that does not match its own schema throws (a ZodError: a logged 500).
  app.setSerializerCompiler(({ schema, method, url }) => {
    const zod = asZod(schema, `${method} ${url} response`);
    return (data: unknown) => JSON.stringify(zod.parse(data));
  });
}
