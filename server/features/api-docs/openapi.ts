import { z, type ZodType } from 'zod';
import type { ApiRoute } from '../../../contract/api/api-route';
import { errorBodySchema } from '../../../contract/errors';

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
type Content = Record<string, { schema: JsonSchema }>;
export interface OpenApiResponse {
  description: string;
  headers?: Json;
  content?: Content;
}
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  security: Json[];
  'x-required-role'?: 'admin';
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: Content };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Json;
}

const DESCRIPTION = [
  'The public API of Luthier Registry. Marketplaces and insurers use it to look up instrument passports',
  '(build details, ownership history, service records and stolen status) and to check the transparency log',
  "that makes a passport's history tamper-evident; the site's own pages use the same operations.",
  '',
  'Every failure answers with the same JSON body, `{ error, code, fields? }`: `error` is a sentence to show,',
  '`code` a stable identifier, `fields` the message for each invalid field. Besides the statuses listed per',
  'operation, any request may be refused with 403 (a state-changing request from another site), 413 (a body',
  'over 1 MB), 415 (an unsupported content type), 429 (too many requests, with `Retry-After`) or 503',
  '(briefly unavailable, with `Retry-After`). Operations that need a session read the `sid` cookie set by',
  '`POST /api/auth/login`.',
].join('\n');

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'The request is not valid (fields names each invalid field)',
  401: 'Not signed in, or a password did not match',
  403: 'Not allowed for this caller',
  404: 'Not found, or not visible to this caller',
  409: 'Conflicts with the current state',
  413: 'The request is too large',
  415: 'This content type is not supported here',
  429: 'Too many requests; try again after Retry-After seconds',
  503: 'Briefly unavailable; try again after Retry-After seconds',
};

function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

/** Fastify names a trailing wildcard `*`; OpenAPI needs a parameter name. */
const WILDCARD = 'path';

/** /api/x/:id → /api/x/{id}; /log/tile/entries/* → /log/tile/entries/{path} */
export const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, `/{${WILDCARD}}`);

/** A stable, unique name: the method and the path's words, parameters as "By<Name>". */
export function operationId(route: ApiRoute): string {
  if (route.operationId) return route.operationId;
  const words = route.path
    .split('/')
    .filter((part) => part && part !== 'api')
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

function parameters(schema: ZodType | undefined, where: 'path' | 'query'): OpenApiParameter[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name: name === '*' && where === 'path' ? WILDCARD : name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const errorResponse = (status: number): OpenApiResponse => ({
  description: STATUS_TEXT[status] ?? 'Failure',
  ...(status === 429 || status === 503
    ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
    : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function responses(route: ApiRoute): Record<string, OpenApiResponse> {
  const { status = 200, schema, contentType } = route.response ?? {};
  const success: OpenApiResponse = { description: STATUS_TEXT[status] ?? 'Success' };
  if (status !== 204 && (schema || contentType)) {
    const media = contentType ?? 'application/json';
    success.content = { [media]: { schema: schema ? jsonSchema(schema, 'output') : {} } };
  }
  return {
    [status]: success,
    ...Object.fromEntries(route.errors.map((code) => [String(code), errorResponse(code)])),
  };
}

const SESSION = { sessionCookie: [] };
const SECURITY: Record<ApiRoute['auth'], Json[]> = {
  none: [],
  optional: [{}, SESSION],
  session: [SESSION],
  admin: [SESSION],
};

/**
 * A PATCH body is a JSON merge patch (RFC 7396): every field may be left out (it stays as it is), null clears a
 * field that may be empty, and it is accepted as application/merge-patch+json as well as application/json.
 */
function requestBody(method: ApiRoute['method'], body: ZodType): { required: true; content: Content } {
  const schema = jsonSchema(body, 'input');
  if (method !== 'PATCH') return { required: true, content: { 'application/json': { schema } } };
  const patch = {
    ...schema,
    description:
      'A JSON merge patch (RFC 7396): a field left out is unchanged; null clears a field that allows it.',
  };
  return {
    required: true,
    content: { 'application/merge-patch+json': { schema: patch }, 'application/json': { schema: patch } },
  };
}

function operation(route: ApiRoute): OpenApiOperation {
  const params = [...parameters(route.params, 'path'), ...parameters(route.query, 'query')];
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    security: SECURITY[route.auth],
    ...(route.auth === 'admin' ? { 'x-required-role': 'admin' as const } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(route.body ? { requestBody: requestBody(route.method, route.body) } : {}),
    responses: responses(route),
  };
}

/** The OpenAPI 3.1 document of the declared routes. */
export function openApiDocument(
  routes: readonly ApiRoute[],
  { version, publicUrl }: { version: string; publicUrl: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Luthier Registry API', version, description: DESCRIPTION },
    servers: [{ url: publicUrl }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'The session cookie set by POST /api/auth/login',
        },
      },
    },
  };
}
