import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../contract/api/api-route';
import { contactMessages } from '../db/schema';
import { UPLOAD_LIMITS } from '../media/upload-limit';
import { createTestApp, freshIp, signedInUser, type TestApp } from '../test/test-app';
import { MAX_JSON_DEPTH, MAX_QUERY_KEYS, MAX_QUERY_LENGTH } from './body-limits';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signedInUser(t));
});
afterAll(async () => t.close());

/** Arrays `depth` levels deep around a number: `[[[1]]]` for 3. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

const contact = {
  name: 'Sam Buyer',
  email: 'sam@example.test',
  message: 'A question about a passport, please.',
};

/** A contact message as JSON text, with whatever the schema ignores (an unknown key) spliced in as raw JSON. */
const contactWith = (extra: string) => `${JSON.stringify(contact).slice(0, -1)},"extra":${extra}}`;

const send = (url: string, payload: string, type: string, method: 'POST' | 'PATCH' = 'POST', headers = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    remoteAddress: freshIp(),
    headers: { 'content-type': type, ...headers },
  });

const stored = async () => (await t.db.select().from(contactMessages)).length;

describe('JSON bodies', () => {
  it(`a guest's body nested deeper than ${MAX_JSON_DEPTH} levels is a 400 before the handler runs`, async () => {
    const before = await stored();
    const deep = await send('/api/public/contact', contactWith(nested(MAX_JSON_DEPTH)), 'application/json');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: expect.any(String), code: 'JSON_TOO_DEEP' });
    expect(await stored()).toBe(before);

    // One level less (the message's own object is one) is read, the unknown key dropped, the message stored.
    const fits = await send(
      '/api/public/contact',
      contactWith(nested(MAX_JSON_DEPTH - 1)),
      'application/json',
    );
    expect(fits.statusCode).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const text = `${'[{'.repeat(200)} "\\"[" ${'}]'.repeat(200)}`;
    const res = await send(
      '/api/public/contact',
      JSON.stringify({ ...contact, message: text }),
      'application/json',
    );
    expect(res.statusCode).toBe(200);
  });

  it('a body over the route limit is a 413; one of exactly the limit is read', async () => {
    const body = (bytes: number) => {
      const base = contactWith('""');
      return contactWith(JSON.stringify('x'.repeat(bytes - base.length)));
    };
    expect(Buffer.byteLength(body(DEFAULT_BODY_LIMIT))).toBe(DEFAULT_BODY_LIMIT);
    expect((await send('/api/public/contact', body(DEFAULT_BODY_LIMIT), 'application/json')).statusCode).toBe(
      200,
    );
    const over = await send('/api/public/contact', body(DEFAULT_BODY_LIMIT + 1), 'application/json');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    // A megabyte of nesting is refused by its size alone.
    const bomb = await send('/api/public/contact', nested(512 * 1024), 'application/json');
    expect(bomb.statusCode).toBe(413);
  });

  it('a route that declares a larger limit takes a body over the default', async () => {
    const ranges = Array.from({ length: 500 }, (_, i) => [i * 10.123456789, i * 10.123456789 + 5.987654321]);
    const payload = JSON.stringify({ videoProgressSeconds: 1, eventData: { ranges } });
    expect(payload.length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const res = await send(
      '/api/lms/lessons/no-such-lesson/video-progress',
      payload,
      'application/json',
      'POST',
      {
        cookie,
      },
    );
    // Read and validated: the lesson does not exist. Over its own limit, the same route answers 413.
    expect(res.statusCode).toBe(404);
    const over = await send(
      '/api/lms/lessons/x/video-progress',
      `[${' '.repeat(64 * 1024)}]`,
      'application/json',
    );
    expect(over.statusCode).toBe(413);
  });

  it('text/plain JSON (the unload beacon) is bounded the same way', async () => {
    const deep = await send(
      '/api/public/contact',
      contactWith(nested(MAX_JSON_DEPTH)),
      'text/plain;charset=UTF-8',
    );
    expect(deep.json()).toMatchObject({ code: 'JSON_TOO_DEEP' });
    const big = await send(
      '/api/public/contact',
      contactWith(`"${'x'.repeat(DEFAULT_BODY_LIMIT)}"`),
      'text/plain',
    );
    expect(big.statusCode).toBe(413);
  });

  it('a merge patch is bounded the same way, and still reads when well formed', async () => {
    const patch = (payload: string) =>
      send('/api/account/profile', payload, 'application/merge-patch+json', 'PATCH', { cookie });
    const deep = await patch(`{"bio":${nested(MAX_JSON_DEPTH)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: 'JSON_TOO_DEEP' });
    expect((await patch(`{"bio":"${'x'.repeat(DEFAULT_BODY_LIMIT)}"}`)).statusCode).toBe(413);
    const ok = await patch('{"bio":"Builds archtop guitars."}');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ bio: 'Builds archtop guitars.' });
  });
});

describe('query strings', () => {
  const list = (query: string) => t.app.inject(`/api/registry/instruments?${query}`);

  it(`more than ${MAX_QUERY_KEYS} parameters is a 400; ${MAX_QUERY_KEYS} are read`, async () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');
    expect((await list(keys(MAX_QUERY_KEYS))).statusCode).toBe(200);
    const bomb = await list(`${keys(MAX_QUERY_KEYS)}&sort=newest`);
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toEqual({ error: expect.any(String), code: 'QUERY_TOO_LARGE' });
    expect((await list('a&'.repeat(100_000))).json()).toMatchObject({ code: 'QUERY_TOO_LARGE' });
  });

  it(`a query string over ${MAX_QUERY_LENGTH} characters is a 400`, async () => {
    const search = (n: number) => `search=${'x'.repeat(n - 'search='.length)}`;
    expect((await list(search(MAX_QUERY_LENGTH))).statusCode).toBe(200);
    expect((await list(search(MAX_QUERY_LENGTH + 1))).json()).toMatchObject({ code: 'QUERY_TOO_LARGE' });
  });

  it('brackets do not nest: a[b][c] is one flat key', async () => {
    const res = await list(`${'a[b]'.repeat(1000)}=1&sort=year-asc`);
    expect(res.statusCode).toBe(200);
  });
});

describe('multipart uploads', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  function form(fields: Record<string, string>) {
    const boundary = 'lr-boundary';
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    return {
      payload: Buffer.concat([
        Buffer.from(parts.join('') + file),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    };
  }
  const upload = (body: ReturnType<typeof form>) =>
    t.app.inject({ method: 'POST', url: '/api/account/avatar', ...body });

  it('an upload with a few fields is read', async () => {
    expect((await upload(form({ caption: 'Me' }))).statusCode).toBe(200);
  });

  it(`more than ${UPLOAD_LIMITS.fields} fields is a 413`, async () => {
    const many = Object.fromEntries(
      Array.from({ length: UPLOAD_LIMITS.fields + 1 }, (_, i) => [`f${i}`, 'x']),
    );
    const res = await upload(form(many));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
