import type { z, ZodType } from 'zod';
import type { ApiRouteKey, RouteOf } from './api/routes';

// Types only from contract/api: the declarations' zod schemas stay out of whatever imports this file (the client
// bundle above all). client/lib/api-client.ts sends requests with it; contract/page-heads.ts names its preloads.

type Declared<K extends ApiRouteKey, P extends string> =
  RouteOf<K> extends { readonly [Q in P]: infer S extends ZodType } ? S : never;

/**
 * What a caller puts in a path or query for a schema: its input, except where the schema coerces
 * (`z.coerce.number()` takes `unknown`), which takes the value it coerces to (`page: 2`, sent as "2").
 */
type Wire<S extends ZodType> =
  z.input<S> extends infer I
    ? I extends Record<string, unknown>
      ? {
          [F in keyof I]: unknown extends I[F] ? (F extends keyof z.output<S> ? z.output<S>[F] : I[F]) : I[F];
        }
      : I
    : never;

/** How a declared part is sent: params and query as Wire (text on the wire), a JSON body as its schema's input. */
type Sent<K extends ApiRouteKey, P extends string> = P extends 'body'
  ? z.input<Declared<K, P>>
  : Wire<Declared<K, P>>;

/** One declared part (params, query, body): required when the schema requires something, absent when undeclared. */
type PartOf<K extends ApiRouteKey, P extends string> = [Declared<K, P>] extends [never]
  ? { [Q in P]?: never }
  : Record<string, never> extends Sent<K, P>
    ? { [Q in P]?: Sent<K, P> }
    : undefined extends Sent<K, P>
      ? { [Q in P]?: Sent<K, P> }
      : { [Q in P]: Sent<K, P> };

/** The path parameters and query of an operation, as its declaration types them. */
export type ApiLocation<K extends ApiRouteKey> = PartOf<K, 'params'> & PartOf<K, 'query'>;
/** The JSON body of an operation, as its declaration types it. */
export type ApiBody<K extends ApiRouteKey> = [Declared<K, 'body'>] extends [never] ? never : Sent<K, 'body'>;
/** The path parameters of an operation. */
/** The query of an operation (what follows `?`). */
export type ApiQueryParams<K extends ApiRouteKey> = NonNullable<ApiLocation<K>['query']>;
/** Everything an operation takes: `{ params, query, body }`, each typed (and required or not) by its declaration. */
export type ApiInput<K extends ApiRouteKey> = ApiLocation<K> & PartOf<K, 'body'>;

/** The argument list for an input: optional when the operation needs nothing. */
export type ArgsFor<T> = Record<string, never> extends T ? [input?: T] : [input: T];

type Scalar = string | number | boolean | null;

/**
 * The URL of a declared operation: its path with each `:param` encoded, then the query in the order given
 * (undefined and null values left out, arrays repeated). `apiUrl('GET /api/profile/u/:slug', { params: { slug } })`.
 */
export function apiUrl<K extends ApiRouteKey>(key: K, ...[input]: ArgsFor<ApiLocation<K>>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, Scalar | undefined>;
    query?: Record<string, Scalar | readonly Scalar[] | undefined>;
  };
  const path = key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined && one !== null) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The HTTP method of a route key. */
export const methodOf = (key: ApiRouteKey) => key.slice(0, key.indexOf(' '));
