import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorFields, errorText, getQueryFn } from './api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function respond(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body, { status, statusText }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with a content type only when there is a body, always with cookies', async () => {
    const fetchMock = respond(200, '{}');
    await apiRequest('POST', '/api/x', { a: 1 });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/x', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
      credentials: 'include',
    });
    await apiRequest('POST', '/api/y');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/y', {
      method: 'POST',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('throws "{status}: {body}" for a failure, and the status text when the body is empty', async () => {
    respond(409, '{"error":"Taken","code":"EMAIL_TAKEN","fields":{"email":"in use"}}');
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      '409: {"error":"Taken","code":"EMAIL_TAKEN","fields":{"email":"in use"}}',
    );
    expect(errorText(error)).toBe('Taken');
    expect(errorFields(error)).toEqual({ email: 'in use' });
    respond(502, '', 'Bad Gateway');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad Gateway');
  });

  it('falls back to "Something went wrong" when the body has no error field', async () => {
    respond(500, 'not json');
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(errorText(error)).toBe('Something went wrong');
  });
});

describe('getQueryFn', () => {
  it('GETs the key parts joined with "/" and parses JSON', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    const fn = getQueryFn<{ ok: boolean }>({ on401: 'throw' });
    const result = await fn({
      queryKey: ['/api/registry/instruments', 'abc'],
      signal: new AbortController().signal,
    } as never);
    expect(result).toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/registry/instruments/abc');
  });

  it('returns null on 401 when asked to, and throws otherwise', async () => {
    respond(401, '{"error":"no"}');
    const ctx = { queryKey: ['/api/auth/me'], signal: new AbortController().signal } as never;
    expect(await getQueryFn({ on401: 'returnNull' })(ctx)).toBeNull();
    respond(401, '{"error":"no"}');
    await expect(getQueryFn({ on401: 'throw' })(ctx)).rejects.toThrow('401: {"error":"no"}');
  });
});
