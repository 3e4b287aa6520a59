import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z, ZodType } from 'zod';
import { apiUrl, methodOf, type ApiInput, type ApiLocation, type ArgsFor } from '../../contract/api-url';
import type { ApiRouteKey, RouteOf } from '../../contract/api/routes';
import { ApiError, throwIfResNotOk } from './api';

export { apiUrl, type ApiBody, type ApiInput, type ApiQueryParams } from '../../contract/api-url';
export type { ApiRouteKey } from '../../contract/api/routes';

/**
 * The client's one way to call the API: `api('GET /api/lms/courses/:courseId/outline', { params: { courseId } })`.
 * The key names an operation declared in contract/api; its params, query and body are typed by the declaration's
 * schemas and so is the answer. Only types come from contract/api (the schemas stay out of the bundle), so the
 * answer is not parsed here: the server already serialises it through its schema, and the client tests' fetch
 * mock (client/test/render.tsx) checks every fixture against the same schema.
 */

type Response_<K extends ApiRouteKey> = RouteOf<K> extends { readonly response: infer R } ? R : never;

/** The answer of an operation: its JSON schema's output, text for text, nothing for a 204, else a Blob. */
export type ApiAnswer<K extends ApiRouteKey> =
  Response_<K> extends { readonly schema: infer S extends ZodType }
    ? z.output<S>
    : Response_<K> extends { readonly contentType: `text/${string}` }
      ? string
      : Response_<K> extends { readonly status: 204 }
        ? undefined
        : Blob;

/** Per-call fetch settings: abort, and the two the public log's reads change (no cookies, no HTTP cache). */
export interface ApiCallOptions {
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  /** A multipart body (file uploads, which the declarations leave undeclared); the browser sets its type. */
  form?: FormData;
}

export type ApiCall<K extends ApiRouteKey> = ApiInput<K> & ApiCallOptions;

/** Sends a declared operation: cookies included, a JSON body with its content type only when there is a body. */
export async function apiFetch<K extends ApiRouteKey>(
  key: K,
  ...[input]: ArgsFor<ApiCall<K>>
): Promise<Response> {
  const {
    body,
    form,
    signal,
    credentials = 'include',
    cache,
  } = (input ?? {}) as ApiCallOptions & { body?: unknown };
  const init: RequestInit = {
    method: methodOf(key),
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : form,
    credentials,
  };
  if (signal) init.signal = signal;
  if (cache) init.cache = cache;
  const res = await fetch(apiUrl(key, ...([input] as ArgsFor<ApiLocation<K>>)), init);
  await throwIfResNotOk(res);
  return res;
}

async function answerOf<K extends ApiRouteKey>(res: Response): Promise<ApiAnswer<K>> {
  if (res.status === 204) return undefined as ApiAnswer<K>;
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/')) return (await res.text()) as ApiAnswer<K>;
  if (type.includes('json') || !type) return (await res.json()) as ApiAnswer<K>;
  return (await res.blob()) as ApiAnswer<K>;
}

/** Calls a declared operation and resolves to its typed answer; a failure throws ApiError. */
export async function api<K extends ApiRouteKey>(
  key: K,
  ...args: ArgsFor<ApiCall<K>>
): Promise<ApiAnswer<K>> {
  return answerOf<K>(await apiFetch(key, ...args));
}

/** api(), with the answer's headers (the lists' X-Total-Count). */
export async function apiWithHeaders<K extends ApiRouteKey>(
  key: K,
  ...args: ArgsFor<ApiCall<K>>
): Promise<{ data: ApiAnswer<K>; headers: Headers }> {
  const res = await apiFetch(key, ...args);
  return { data: await answerOf<K>(res), headers: res.headers };
}

type GetKey = Extract<ApiRouteKey, `GET ${string}`>;

/**
 * The query key of a read: the route key, then its params and query. `apiKey('GET /api/lms/my-courses')` alone
 * matches every cached read of that operation (invalidation), with params the reads of one record.
 */
export function apiKey<K extends GetKey>(key: K, location?: ApiLocation<K>) {
  const { params, query } = (location ?? {}) as { params?: object; query?: object };
  const parts = { ...(params && { params }), ...(query && { query }) };
  return (Object.keys(parts).length ? [key, parts] : [key]) as readonly [K, ApiLocation<K>?];
}

/**
 * The query options of a read: `useQuery({ ...apiQuery('GET /api/lms/stats'), enabled })`. Every feature's reads
 * are built this way, so keys, fetchers and data types cannot disagree.
 */
export function apiQuery<K extends GetKey>(key: K, ...[location]: ArgsFor<ApiLocation<K>>) {
  return queryOptions({
    queryKey: apiKey(key, location),
    queryFn: ({ signal }) => api(key, ...([{ ...location, signal }] as ArgsFor<ApiCall<K>>)),
  });
}

/** Like apiQuery, but a 401 answers null (who is signed in, the bell): a guest is not an error. */
export function apiQueryOrNull<K extends GetKey>(key: K, ...[location]: ArgsFor<ApiLocation<K>>) {
  return queryOptions({
    queryKey: apiKey(key, location),
    queryFn: async ({ signal }): Promise<ApiAnswer<K> | null> => {
      try {
        return await api(key, ...([{ ...location, signal }] as ArgsFor<ApiCall<K>>));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/** Marks every cached read of these operations stale (all params and queries). */
export function invalidateReads(client: QueryClient, ...keys: GetKey[]): Promise<void> {
  return Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: [key] }))).then(() => undefined);
}
