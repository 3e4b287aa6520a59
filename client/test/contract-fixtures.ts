import type { ZodType } from 'zod';
import type { ApiRoute } from '../../contract/api/api-route';
import { API_ROUTES } from '../../contract/api/routes';
import { errorBodySchema } from '../../contract/errors';

/*
 * A client test's mocked answer is only worth something while it is an answer the server could give. Every
 * answer a test's fetch mock hands out is checked here against the declaration of the operation it answers
 * (contract/api, found from the method and URL as the server's router would): a success against the declared
 * answer schema and status, a failure against the shared error body. A mismatch rejects the fetch and is also
 * kept, so the test fails after it ends even when the page shows the failure as if the server had refused.
 */

interface Compiled {
  route: ApiRoute;
  segments: readonly string[];
}

const compiled: Compiled[] = API_ROUTES.map((route) => ({ route, segments: route.path.split('/') }));

const segmentMatches = (declared: string, actual: string) =>
  declared.startsWith(':') ? actual !== '' : declared === '*' || declared === actual;

function matches({ segments }: Compiled, actual: readonly string[]): boolean {
  const wildcard = segments.at(-1) === '*';
  if (wildcard ? actual.length < segments.length : actual.length !== segments.length) return false;
  return segments.every((segment, i) => segmentMatches(segment, actual[i] ?? ''));
}

/** Fastify's order: at the first segment where two paths differ, a fixed word wins over a parameter. */
function moreSpecific(a: Compiled, b: Compiled): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const rank = (s: string | undefined) => (s === '*' ? 2 : s?.startsWith(':') ? 1 : 0);
    const diff = rank(a.segments[i]) - rank(b.segments[i]);
    if (diff) return diff;
  }
  return 0;
}

/** The declared operation that answers `METHOD /path?query`, as the server routes it; undefined when none does. */
export function declaredOperation(method: string, url: string): ApiRoute | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
  const actual = path.split('/');
  return compiled
    .filter((c) => c.route.method === method && matches(c, actual))
    .sort(moreSpecific)
    .at(0)?.route;
}

const keyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

function issuesOf(schema: ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return unknownFields(value, result.data);
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`);
}

/** Fields the fixture has that the declared answer would drop: a field the contract no longer has. */
function unknownFields(sent: unknown, parsed: unknown, at: string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, i) => unknownFields(item, parsed[i], [...at, String(i)]));
  if (!isObject(sent) || !isObject(parsed)) return [];
  return Object.entries(sent).flatMap(([name, value]) =>
    name in parsed
      ? unknownFields(value, parsed[name], [...at, name])
      : value === undefined
        ? []
        : [`${[...at, name].join('.')}: not a field of the declared answer`],
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Statuses any operation may answer besides its declared ones (contract/api, server/features/api-docs). */
function mayFailWith(route: ApiRoute, status: number): boolean {
  const shared = [400, 429, 500, 503, ...(route.method !== 'GET' ? [403, 413, 415] : [])];
  if (route.auth === 'session' || route.auth === 'admin') shared.push(401);
  if (route.auth === 'admin') shared.push(403);
  return route.errors.includes(status) || shared.includes(status);
}

/** What is wrong with an answer to `METHOD url`, per the declaration; [] when it is one the server could give. */
export function answerProblems(
  method: string,
  url: string,
  status: number,
  answer: { json?: unknown; text?: string },
): string[] {
  const route = declaredOperation(method, url);
  if (!route) {
    // Files the server serves as they are (captions, media, the client's own assets) are not operations.
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    return path.startsWith('/api/')
      ? [`no operation declared in contract/api answers ${method} ${path}`]
      : [];
  }
  const declared = route.response ?? { status: 200 };
  if (status >= 400) {
    if (!mayFailWith(route, status))
      return [`${status} is not a failure ${keyOf(route)} declares (errors: ${route.errors.join(', ')})`];
    // A 5xx may come from a proxy in front of the server, with any body; the server's own failures are 4xx here.
    if (status >= 500 || answer.json === undefined) return [];
    return issuesOf(errorBodySchema, answer.json);
  }
  if (status !== declared.status) return [`answers ${declared.status}, not ${status}`];
  const json = !declared.contentType || declared.contentType.includes('json');
  if (declared.status === 204 || !declared.schema || !json) return [];
  if (answer.json === undefined) return ['a JSON answer is declared, the fixture has none'];
  return issuesOf(declared.schema, answer.json);
}

/** What is wrong with a request body the client sent, per the declared body schema. */
export function requestProblems(method: string, url: string, body: unknown): string[] {
  const route = declaredOperation(method, url);
  if (!route?.body || body === undefined) return [];
  const result = route.body.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => `body ${issue.path.join('.') || '(the body)'}: ${issue.message}`);
}

const drift: string[] = [];

/** Throws (and remembers, for the end of the test) when an answer is not one the declaration allows. */
export function checkAnswer(
  method: string,
  url: string,
  status: number,
  answer: { json?: unknown; text?: string },
): void {
  const problems = answerProblems(method, url, status, answer);
  if (!problems.length) return;
  const route = declaredOperation(method, url);
  const message = `The fixture answering ${method} ${url} with ${status} does not match the declaration of ${
    route ? keyOf(route) : 'any operation'
  } in contract/api:\n  ${problems.join('\n  ')}`;
  drift.push(message);
  throw new Error(message);
}

/** Throws (and remembers) when the client sent a body its operation's declaration refuses. */
export function checkRequest(method: string, url: string, body: unknown): void {
  const problems = requestProblems(method, url, body);
  if (!problems.length) return;
  const route = declaredOperation(method, url);
  const message = `The client sent ${method} ${url} a body the declaration of ${
    route ? keyOf(route) : '?'
  } refuses:\n  ${problems.join('\n  ')}`;
  drift.push(message);
  throw new Error(message);
}

/**
 * Throws (and remembers) when the page fetched an address no handler of the test answers: a page that catches the
 * rejection would otherwise pass a test that never saw what it asked for.
 */
export function unexpectedFetch(method: string, path: string): never {
  const message = `unexpected fetch ${method} ${path}: the test's mockFetch has no handler for it`;
  drift.push(message);
  throw new Error(message);
}

/** The mismatches found during the test, emptied (client/test/setup.ts fails the test when there are any). */
export function takeContractDrift(): string[] {
  return drift.splice(0);
}
