import type { LightMyRequestResponse } from 'fastify';
import type { z, ZodType } from 'zod';
import type { ApiRouteKey, RouteOf } from '../../contract/api/routes';
import { apiUrl, methodOf, type ApiInput, type ApiLocation, type ArgsFor } from '../../contract/api-url';
import type { ErrorBody } from '../../contract/errors';
import type { TestApp } from './test-app';

/** The success answer of an operation as its declaration types it (unknown where it declares no JSON schema). */
export type ApiAnswer<K extends ApiRouteKey> =
  RouteOf<K> extends { response: { schema: infer S extends ZodType } } ? z.output<S> : unknown;

/** What a test sends: the operation's own params, query and body, and who sends it from where. */
export type CallInput<K extends ApiRouteKey> = ApiInput<K> & {
  /** A Cookie header (sessionCookie(), signedInUser().cookie); none or null for a guest. */
  cookie?: string | null;
  /** The client address (freshIp()); the inject default otherwise. */
  ip?: string;
  headers?: Record<string, string>;
};

export interface CallResult<K extends ApiRouteKey> {
  status: number;
  /** The JSON answer typed as the operation's success answer; read `error` when the status is a failure. */
  body: ApiAnswer<K>;
  /** The same JSON, typed as the one error shape. */
  error: ErrorBody;
  res: LightMyRequestResponse;
}

/**
 * Calls a declared operation by its name, e.g. `call(t, 'GET /api/lms/courses/listing/:slug', { params: { slug } })`:
 * the URL is built from the contract (so a renamed or retyped operation fails to compile here), the request is
 * injected into the test app, and the answer comes back typed by the operation's response schema.
 */
export async function call<K extends ApiRouteKey>(
  t: TestApp,
  key: K,
  ...[input]: ArgsFor<CallInput<K>>
): Promise<CallResult<K>> {
  const { cookie, ip, headers, body, ...location } = (input ?? {}) as CallInput<K> & { body?: unknown };
  const res = await t.app.inject({
    method: methodOf(key) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: apiUrl(key, ...([location] as ArgsFor<ApiLocation<K>>)),
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  const json: unknown = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  return { status: res.statusCode, body: json as ApiAnswer<K>, error: json as ErrorBody, res };
}
