import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../contract/api/routes';
import { REGISTRY_COUNT_CAP } from '../../../contract/registry';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { OpenApiDocument } from './openapi';

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json<OpenApiDocument>();
});
afterAll(async () => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

describe('the OpenAPI document', () => {
  it('passes an OpenAPI 3.1 validator', async () => {
    const result = await new Validator().validate({ ...document });
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: t.env.publicUrl }]);
  });

  it('declares every route of the app, and every declaration is a real route', () => {
    const served = t.app.routeList.filter(
      (r) =>
        r.url.startsWith('/api/') ||
        r.url.startsWith('/media/') ||
        // The transparency log as C2SP tlog-tiles: checkpoint, hash tiles, entry bundles.
        r.url.startsWith('/log/') ||
        // The verifiable index's output log, in the same formats.
        r.url.startsWith('/index/') ||
        ['/healthz', '/readyz', '/.well-known/jwks.json', '/.well-known/jwks/:kid'].includes(r.url) ||
        // Files made per record (labels, dossiers, share images) are part of the public API too.
        /^\/(p|listing)\/:[a-z]+\/[a-z.-]+\.(png|svg|pdf)$/.test(r.url),
    );
    const servedKeys = new Set(served.map((r) => key(r.method, r.url)));
    const declaredKeys = new Set(API_ROUTES.map((r) => key(r.method, r.path)));
    expect(served.length).toBeGreaterThan(40);
    expect(
      [...servedKeys].filter((k) => !declaredKeys.has(k)),
      'routes with no declaration in contract/api',
    ).toEqual([]);
    expect(
      [...declaredKeys].filter((k) => !servedKeys.has(k)),
      'declarations with no route',
    ).toEqual([]);
    expect(declaredKeys.size, 'a route declared twice').toBe(API_ROUTES.length);
  });

  it('says a PATCH body is a merge patch: both content types, no required field, null where it clears', () => {
    const shop = document.paths['/api/account/shop']?.patch?.requestBody?.content;
    expect(Object.keys(shop ?? {}).sort()).toEqual(['application/json', 'application/merge-patch+json']);
    const schema = shop?.['application/merge-patch+json']?.schema as {
      required?: string[];
      description?: string;
      properties: Record<string, { anyOf?: { type: string }[] }>;
    };
    expect(schema.required).toBeUndefined();
    expect(schema.description).toMatch(/merge patch \(RFC 7396\)/);
    expect(schema.properties.bio?.anyOf?.map((s) => s.type)).toContain('null');
    const post = document.paths['/api/auth/register']?.post?.requestBody?.content;
    expect(Object.keys(post ?? {})).toEqual(['application/json']);
  });

  it('lists each declared operation with its schemas, errors and access', () => {
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops));
    expect(operations).toHaveLength(API_ROUTES.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);

    const register = document.paths['/api/auth/register']?.post;
    const registerBody = register?.requestBody?.content['application/json']?.schema;
    expect(registerBody?.required).toEqual(expect.arrayContaining(['email', 'password', 'displayName']));
    expect(Object.keys(register?.responses ?? {})).toEqual(['201', '400', '403', '409', '413', '415', '429']);
    expect(register?.responses['429']?.headers).toHaveProperty('Retry-After');
    expect(register?.security).toEqual([]);

    const detail = document.paths['/api/registry/instruments/{id}']?.get;
    expect(detail?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(detail?.security).toEqual([{}, { sessionCookie: [] }]);
    expect(detail?.responses['404']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });

    const queue = document.paths['/api/admin/queue']?.get;
    expect(queue?.security).toEqual([{ sessionCookie: [] }]);
    expect(queue?.['x-required-role']).toBe('admin');
    expect(queue?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([['verified', 'query', false]]);

    expect(document.paths['/api/account']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/log/key']?.get?.responses['200']?.content).toHaveProperty('text/plain');
    const tile = document.paths['/log/tile/{level}/{path}']?.get;
    expect(tile?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['level', 'path', true],
      ['path', 'path', true],
    ]);
    expect(tile?.responses['200']?.content).toHaveProperty('application/octet-stream');
    expect(document.paths['/log/tile/entries/{path}']?.get?.operationId).toBe('getLogTileEntries');
    expect(document.paths['/log/checkpoint']?.get?.responses['200']?.content).toHaveProperty('text/plain');
    expect(document.paths['/log/policy']?.get?.responses['200']?.content).toHaveProperty('text/plain');
    expect(document.paths['/api/log/witnesses']?.get?.responses['200']?.content).toHaveProperty(
      'application/json',
    );
  });

  it('gives every operation its 4XX answers, as the server gives them', async () => {
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        expect(
          Object.keys(operation.responses).filter((code) => code.startsWith('4')),
          `${method} ${path}`,
        ).toContain('400');
    // Even an operation with no input of its own refuses a malformed URL, with the shared error body.
    const badPath = await t.app.inject({ url: '/api/docs.css%' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    // A state-changing request from another site: 403, as declared.
    const logout = document.paths['/api/auth/logout']?.post;
    expect(Object.keys(logout?.responses ?? {})).toEqual(['200', '400', '403']);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('declares X-Total-Count on the lists that send it', async () => {
    for (const url of ['/api/registry/instruments', '/api/profile/shops']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-total-count'], url).toMatch(/^\d+$/);
      const declared = document.paths[url]?.get?.responses['200']?.headers;
      expect(declared, url).toMatchObject({ 'X-Total-Count': { schema: { type: 'integer', minimum: 0 } } });
    }
    const list = await t.app.inject({ url: '/api/registry/instruments' });
    expect(list.headers['x-total-count-capped']).toBe('false');
    expect(document.paths['/api/registry/instruments']?.get?.responses['200']?.headers).toHaveProperty(
      'X-Total-Count-Capped',
    );
    // The registry's number is a capped count, and its description says so.
    const headers = document.paths['/api/registry/instruments']?.get?.responses['200']?.headers as
      Record<string, { description?: string }> | undefined;
    expect(headers?.['X-Total-Count']?.description).toMatch(
      new RegExp(`counted exactly up to ${REGISTRY_COUNT_CAP}; past that it says ${REGISTRY_COUNT_CAP}`),
    );
  });

  it('never lets /api/lms/courses/listing/{slug} and /api/lms/courses/{courseId}/… name one URL', () => {
    const courseId = document.paths['/api/lms/courses/{courseId}/outline']?.get?.parameters?.[0];
    const pattern = new RegExp(String(courseId?.schema.pattern));
    expect(pattern.test('listing')).toBe(false);
    expect(pattern.test('c-alpha')).toBe(true);
  });
});

describe('the reference page', () => {
  it('shows every operation under its tag, with a contents list of anchors and its own style sheet', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs.css">');
    expect(html).toMatch(/<main>/);
    for (const tag of document.tags) expect(html).toContain(`>${tag.name}</h2>`);
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations)) {
        expect(html).toContain(`id="op-${operation.operationId}"`);
        expect(html).toContain(`href="#op-${operation.operationId}"`);
      }
    expect(html).toContain('An admin session');
    const css = await t.app.inject({ url: '/api/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
