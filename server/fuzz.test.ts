import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from './test/test-app';

// Property tests over every registered route: whatever the method, path parameters, query, body or content
// type, the API never answers 5xx, always uses the error shape, and never shows a stack or a file path.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signedInUser(t, { role: 'luthier' }));
});
afterAll(async () => t.close());

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '_',
    "'",
    '"',
    '\\',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\ud800',
    'null',
    '-1',
    '1e309',
    'NaN',
    '<script>',
    '__proto__',
    'constructor',
  ),
  fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(3000)),
);

const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'email',
      'password',
      'slug',
      'id',
      'kind',
      'role',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant(
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown,
  ),
);

const bodyAndType = fc.oneof(
  hostileJson.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  hostileString.map((s) => ({ payload: s, type: 'application/json' })),
  hostileJson.map((v) => ({ payload: JSON.stringify(v), type: 'text/plain;charset=UTF-8' })),
  hostileString.map((s) => ({ payload: s, type: 'text/plain' })),
  hostileString.map((s) => ({
    payload: `a=${encodeSegment(s)}`,
    type: 'application/x-www-form-urlencoded',
  })),
  hostileString.map((s) => ({
    payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n${s}\r\n--x--`,
    type: 'multipart/form-data; boundary=x',
  })),
  fc.constant({ payload: '', type: 'application/json' }),
  fc.constant({ payload: undefined, type: undefined }),
);

/** Percent-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) goes out as raw bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z0-9_]+|\*/g, () =>
    encodeSegment(values[i++ % Math.max(values.length, 1)] ?? 'x'),
  );
}

function assertSafe(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
    const body = res.json<{ error?: unknown; code?: unknown }>();
    expect(typeof body.error, label).toBe('string');
    expect(typeof body.code, label).toBe('string');
  }
  expect(res.body, label).not.toMatch(/node_modules|\/work\/|at [A-Za-z.]+ \(|SELECT |INSERT |Error: /);
}

describe('fuzzing every route', () => {
  it('finds routes to fuzz', () => {
    expect(t.app.routeList.length).toBeGreaterThan(3);
  });

  it('never answers 5xx or leaks internals, as a guest or signed in', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/media/'));
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: 1, maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom(
              'q',
              'search',
              'type',
              'category',
              'level',
              'sort',
              'page',
              'pageSize',
              'kind',
              'slug',
              'courseId',
              'a[b]',
            ),
            hostileString,
            { maxKeys: 3 },
          ),
          bodyAndType,
          fc.boolean(),
          async (params, query, body, signedIn) => {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: fillPath(route.url, params),
              query,
              headers: {
                ...(body.type ? { 'content-type': body.type } : {}),
                ...(signedIn ? { cookie } : {}),
              },
              ...(route.method === 'GET' || body.payload === undefined ? {} : { payload: body.payload }),
            });
            assertSafe(res, `${route.method} ${route.url}`);
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
