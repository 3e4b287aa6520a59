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
  400: 'The request is not valid (fields names each invalid field), or its URL is malformed',
  401: 'Not signed in, or a password did not match',
  403: 'Not allowed for this caller, or a state-changing request from another site',
  404: 'Not found, or not visible to this caller',
  409: 'Conflicts with the current state',
  413: 'The request is too large',
  415: 'This content type is not supported here',
  429: 'Too many requests; try again after Retry-After seconds',
  503: 'Briefly unavailable; try again after Retry-After seconds',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-up, sign-in and out, email confirmation, password resets and onboarding',
  handles: 'Handles (the names in /u/… and /l/… addresses): availability and renames',
  profiles: "People's and shops' public pages, the makers directory and messages to shops",
  account: "The signed-in person's profile, shop, password, email, sessions and account deletion",
  notifications: 'The inbox, replies from it and which notifications are also mailed',
  academy: 'Courses, lessons, learning progress, reviews and certificates of completion',
  registry: 'Instrument passports: search, registration and build details',
  'passport photos': "Photos on an instrument's passport",
  'service records': 'Repairs and setups recorded on a passport, and their approval',
  transfers: 'Handing an instrument to its next owner',
  'public passports': 'What anyone sees of a passport: the page, the stolen check, labels and dossiers',
  admin: "Admins' verification queue for shops and instruments",
  contact: 'Who runs the registry, and messages to its admins from the contact page',
  'transparency log': "The signed, append-only log of every passport's history, and its proofs",
  system: 'Health, readiness and this documentation',
};

/**
 * A record keyed by an enum comes out of zod as `propertyNames` + `required` (valid JSON Schema, but the required
 * names are not declared properties, which OpenAPI tools flag): each key becomes a property.
 */
function declareRecordKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(declareRecordKeys);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([k, v]) => [k, declareRecordKeys(v)]),
  );
  const names = (out.propertyNames as { enum?: string[] } | undefined)?.enum;
  if (names && !out.properties && out.additionalProperties && typeof out.additionalProperties === 'object') {
    const { propertyNames: _names, additionalProperties: value, ...rest } = out;
    return {
      ...rest,
      properties: Object.fromEntries(names.map((name) => [name, value])),
      additionalProperties: false,
    };
  }
  return out;
}

function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return declareRecordKeys(rest) as JsonSchema;
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

/**
 * The failures an operation answers besides its own: any request with a malformed URL (400); a state-changing
 * one from another site (403); a body too large or of a type not accepted (413, 415).
 */
function sharedFailures(route: ApiRoute): number[] {
  const changes = route.method !== 'GET';
  return [400, ...(changes ? [403] : []), ...(route.body ? [413, 415] : [])];
}

function responses(route: ApiRoute): Record<string, OpenApiResponse> {
  const { status = 200, schema, contentType, headers } = route.response ?? {};
  const success: OpenApiResponse = { description: STATUS_TEXT[status] ?? 'Success' };
  if (headers) success.headers = { ...headers };
  if (status !== 204 && (schema || contentType)) {
    const media = contentType ?? 'application/json';
    success.content = { [media]: { schema: schema ? jsonSchema(schema, 'output') : {} } };
  }
  const failures = [...new Set([...route.errors, ...sharedFailures(route)])].sort((a, b) => a - b);
  return {
    [status]: success,
    ...Object.fromEntries(failures.map((code) => [String(code), errorResponse(code)])),
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
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name] ?? name,
    })),
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
