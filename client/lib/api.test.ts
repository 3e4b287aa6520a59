import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorFields, errorText } from './api';
import { api, apiKey, apiQuery, apiQueryOrNull, apiUrl, apiWithHeaders } from './api-client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function respond(status: number, body: string | null, statusText = '', headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body, { status, statusText, headers }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const json = { 'content-type': 'application/json' };

describe('apiUrl', () => {
  it('fills each :param encoded and appends the query in the order given, leaving out undefined', () => {
    expect(
      apiUrl('DELETE /api/lms/courses/:courseId/reviews/:reviewId', {
        params: { courseId: 'a b/c', reviewId: 'r?1' },
      }),
    ).toBe('/api/lms/courses/a%20b%2Fc/reviews/r%3F1');
    expect(
      apiUrl('GET /api/registry/instruments', { query: { search: 'oak & ash', page: 1, pageSize: 24 } }),
    ).toBe('/api/registry/instruments?search=oak+%26+ash&page=1&pageSize=24');
    expect(apiUrl('GET /api/lms/courses/explore', { query: { q: undefined } })).toBe(
      '/api/lms/courses/explore',
    );
    expect(apiUrl('GET /.well-known/jwks.json')).toBe('/.well-known/jwks.json');
  });

  it('refuses a path without its parameter rather than asking for a wrong address', () => {
    expect(() => apiUrl('GET /api/profile/u/:slug', { params: {} as { slug: string } })).toThrow(
      'GET /api/profile/u/:slug: no value for :slug',
    );
  });
});

describe('api', () => {
  it('sends JSON with a content type only when there is a body, always with cookies', async () => {
    const fetchMock = respond(200, '{"user":{"id":"u"}}', '', json);
    const answer = await api('POST /api/auth/login', { body: { email: 'a@b.c', password: 'pw' } });
    expect(answer).toEqual({ user: { id: 'u' } });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.c","password":"pw"}',
      credentials: 'include',
    });
    respond(200, '{"ok":true}', '', json);
    await api('POST /api/notifications/:id/read', { params: { id: 'n 1' } });
    expect(globalThis.fetch).toHaveBeenLastCalledWith('/api/notifications/n%201/read', {
      method: 'POST',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('passes a form as it is (the browser sets the multipart type), and the per-call fetch settings', async () => {
    const fetchMock = respond(200, '{"avatarUrl":"/media/a.webp"}', '', json);
    const form = new FormData();
    await api('POST /api/account/avatar', { form });
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({
      method: 'POST',
      headers: {},
      body: form,
      credentials: 'include',
    });
    respond(200, 'key+abc\n', '', { 'content-type': 'text/plain; charset=utf-8' });
    const signal = new AbortController().signal;
    expect(await api('GET /api/log/key', { credentials: 'omit', cache: 'no-store', signal })).toBe(
      'key+abc\n',
    );
    expect(vi.mocked(globalThis.fetch).mock.calls[0]?.[1]).toEqual({
      method: 'GET',
      headers: {},
      body: undefined,
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
  });

  it('answers nothing for a 204, and the headers when asked', async () => {
    respond(204, null);
    expect(
      await api('DELETE /api/lms/courses/:courseId/reviews/:reviewId', {
        params: { courseId: 'c', reviewId: 'r' },
      }),
    ).toBeUndefined();
    respond(200, '[]', '', { ...json, 'x-total-count': '61' });
    const { data, headers } = await apiWithHeaders('GET /api/profile/shops', { query: { page: 2 } });
    expect(data).toEqual([]);
    expect(headers.get('x-total-count')).toBe('61');
  });

  it('throws "{status}: {body}" for a failure, and the status text when the body is empty', async () => {
    respond(409, '{"error":"Taken","code":"EMAIL_TAKEN","fields":{"email":"in use"}}');
    const error = await api('POST /api/account/email', { body: { email: 'x@y.z', password: 'p' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      '409: {"error":"Taken","code":"EMAIL_TAKEN","fields":{"email":"in use"}}',
    );
    expect(errorText(error)).toBe('Taken');
    expect(errorFields(error)).toEqual({ email: 'in use' });
    respond(502, '', 'Bad Gateway');
    await expect(api('GET /api/lms/stats')).rejects.toThrow('502: Bad Gateway');
  });

  it('falls back to "Something went wrong" when the body has no error field', async () => {
    respond(500, 'not json');
    const error = await api('GET /api/lms/stats').catch((e: unknown) => e);
    expect(errorText(error)).toBe('Something went wrong');
  });
});

describe('apiQuery', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('keys a read by its route and location, and fetches that location', async () => {
    const fetchMock = respond(200, '{"id":"abc"}', '', json);
    const options = apiQuery('GET /api/registry/instruments/:id', { params: { id: 'abc' } });
    expect(options.queryKey).toEqual(['GET /api/registry/instruments/:id', { params: { id: 'abc' } }]);
    expect(apiKey('GET /api/registry/me')).toEqual(['GET /api/registry/me']);
    expect(await options.queryFn?.(context(options.queryKey))).toEqual({ id: 'abc' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/registry/instruments/abc');
  });

  it('answers null on 401 for the OrNull variant, and throws otherwise', async () => {
    respond(401, '{"error":"no"}');
    const orNull = apiQueryOrNull('GET /api/auth/me');
    expect(await orNull.queryFn?.(context(orNull.queryKey))).toBeNull();
    respond(401, '{"error":"no"}');
    const plain = apiQuery('GET /api/auth/me');
    await expect(plain.queryFn?.(context(plain.queryKey))).rejects.toThrow('401: {"error":"no"}');
  });
});
