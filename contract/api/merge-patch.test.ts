import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { API_ROUTES } from './routes';

// Every PATCH is a JSON merge patch (RFC 7396): a field left out stays as it is, so an empty patch is a valid one;
// each operation's own tests show what it leaves unchanged and that a GET answer sent back changes nothing. The
// one exception is the tus protocol's PATCH, which appends bytes to a resumable upload.
const patches = API_ROUTES.filter(
  (route) => route.method === 'PATCH' && !route.path.endsWith('/uploads/:uploadId'),
);

describe('PATCH operations', () => {
  it.each(
    patches.map(
      (route) => [route.path, ('body' in route ? route.body : undefined) as ZodType | undefined] as const,
    ),
  )('%s takes an empty patch', (_path, body) => {
    expect(body?.safeParse({}).success).toBe(true);
  });
});
