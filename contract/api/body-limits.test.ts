import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { DEFAULT_BODY_LIMIT, type ApiRoute } from './api-route';
import { API_ROUTES } from './routes';

// Each route's body limit must hold the largest body its schema accepts, counted generously: every string at its
// maximum length in 3-byte UTF-8 characters (CJK text), every array full, every optional field present, numbers
// at 24 characters. A string the schema leaves unbounded in JSON Schema is one of the short codes below (a
// refinement keeps it short); any other fails here, so a new field gets a maximum before it gets a route.
const SHORT_BY_REFINEMENT = new Set(['currency', 'estimatedValueCurrency', 'costCurrency', 'price']);
const SHORT_BYTES = 32;
/** uuid and date strings carry a format (and pattern) instead of a maximum length. */
const FORMAT_BYTES: Record<string, number> = { uuid: 38, date: 12, 'date-time': 40, email: 256 * 3 };

type Json = { [key: string]: unknown };
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null;

function maxBytes(schema: Json, defs: Json, path: string): number {
  if (typeof schema.$ref === 'string')
    return maxBytes(defs[schema.$ref.split('/').pop()!] as Json, defs, path);
  const options = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Json[] | undefined;
  if (options) return Math.max(...options.map((s) => maxBytes(s, defs, path)));
  if (schema.const !== undefined) return JSON.stringify(schema.const).length;
  if (Array.isArray(schema.enum)) return Math.max(...schema.enum.map((v) => JSON.stringify(v).length));
  const types = [schema.type].flat();
  if (types.length > 1) return Math.max(...types.map((type) => maxBytes({ ...schema, type }, defs, path)));
  switch (types[0]) {
    case 'string':
      if (typeof schema.maxLength === 'number') return schema.maxLength * 3 + 2;
      if (typeof schema.format === 'string' && FORMAT_BYTES[schema.format])
        return FORMAT_BYTES[schema.format]!;
      if (SHORT_BY_REFINEMENT.has(path.split('.').pop()!)) return SHORT_BYTES;
      throw new Error(`${path}: a string without a maximum length`);
    case 'number':
    case 'integer':
      return 24;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'array': {
      if (typeof schema.maxItems !== 'number') throw new Error(`${path}: an array without maxItems`);
      const prefix = (schema.prefixItems ?? []) as Json[];
      const item = (i: number) => prefix[i] ?? (schema.items as Json);
      let bytes = 2;
      for (let i = 0; i < schema.maxItems; i++) bytes += maxBytes(item(i), defs, `${path}[]`) + 1;
      return bytes;
    }
    case 'object': {
      let bytes = 2;
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Json))
        bytes += key.length + 4 + maxBytes(value as Json, defs, `${path}.${key}`);
      const extra = schema.additionalProperties;
      if (isJson(extra)) {
        const names = (schema.propertyNames as Json | undefined)?.enum;
        if (!Array.isArray(names)) throw new Error(`${path}: a record with any keys`);
        for (const name of names) bytes += String(name).length + 4 + maxBytes(extra, defs, `${path}.${name}`);
      }
      return bytes;
    }
    default:
      throw new Error(`${path}: no type to bound`);
  }
}

export function largestBody(body: ZodType): number {
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Json;
  return maxBytes(schema, (schema.$defs ?? {}) as Json, 'body');
}

const withBodies: readonly ApiRoute[] = API_ROUTES.filter((route: ApiRoute) => route.body);

describe('body limits', () => {
  it.each(withBodies.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s takes its largest valid body',
    (_key, route) => {
      expect(largestBody(route.body!)).toBeLessThanOrEqual(route.bodyLimit ?? DEFAULT_BODY_LIMIT);
    },
  );

  it('routes declare a larger limit only when they need one', () => {
    for (const route of withBodies)
      if (route.bodyLimit)
        expect(largestBody(route.body!), `${route.method} ${route.path}`).toBeGreaterThan(DEFAULT_BODY_LIMIT);
  });
});
