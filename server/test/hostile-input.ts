import fc from 'fast-check';

// Hostile input for the route fuzzers (server/fuzz.test.ts in-process, scripts/fuzz-live.ts over HTTP).

export const hostileString = fc.oneof(
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

export const hostileJson = fc.oneof(
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

export const bodyAndType = fc.oneof(
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
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A route template such as /api/x/:id with each parameter replaced by one of the values. */
export function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z0-9_]+|\*/g, () =>
    encodeSegment(values[i++ % Math.max(values.length, 1)] ?? 'x'),
  );
}

export const hostilePathValues = fc.array(hostileString, { minLength: 1, maxLength: 3 });

export const hostileQuery = fc.dictionary(
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
);
