import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { savedRanges, storedRanges, strictSavedRanges, strictStoredRanges } from './range-lists';

const MAX = 5;
/** Anything a JSON body may hold where ranges go, weighted towards near misses of a valid list. */
const number = fc.oneof(
  fc.double({ min: -10, max: 24 * 3600 + 10 }),
  fc.constantFrom(0, 24 * 3600, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300),
);
const item = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(number, number) },
  { weight: 1, arbitrary: fc.array(number, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.tuple(fc.string(), number)),
  },
);
const value = fc.oneof(
  { weight: 8, arbitrary: fc.array(item, { maxLength: MAX + 2 }) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.dictionary(fc.string(), number)),
  },
);

/** Each schema inside a body, as the route parses it: the issues' paths then start at the field. */
const inBody = (schema: z.ZodType) =>
  z.object({ eventData: z.object({ ranges: schema.optional() }).optional() });
const verdict = (schema: z.ZodType, ranges: unknown) => {
  const result = inBody(schema).safeParse({ eventData: { ranges } });
  return result.success
    ? { ok: true, data: JSON.stringify(result.data) }
    : {
        ok: false,
        issues: result.error.issues.map((i) => ({ path: i.path, message: i.message, code: i.code })),
      };
};

describe('lists of ranges checked by one loop', () => {
  it.each([
    ['a save', savedRanges(MAX), strictSavedRanges(MAX)],
    ['an answer', storedRanges(), strictStoredRanges()],
  ] as const)('%s: accepts and refuses what the zod schema does, with the same issues', (_, fast, strict) => {
    fc.assert(
      fc.property(value, (ranges) => {
        expect(verdict(fast, ranges)).toEqual(verdict(strict, ranges));
      }),
      { numRuns: 500 },
    );
    // The edges: the limits themselves pass, a step past them does not.
    for (const ranges of [
      [[0, 24 * 3600]],
      [[5, 5]],
      [[5, 4.9]],
      [[-0.001, 1]],
      [[0, 24 * 3600 + 0.001]],
      Array.from({ length: MAX }, () => [0, 1]),
      Array.from({ length: MAX + 1 }, () => [0, 1]),
      [[0, 1, 2]],
      [[0]],
      [],
    ])
      expect(verdict(fast, ranges)).toEqual(verdict(strict, ranges));
  });

  it('refuses in the words of the zod schema', () => {
    expect(verdict(savedRanges(MAX), [[0, 1], [3, 2], 'x'])).toEqual({
      ok: false,
      issues: [
        { path: ['eventData', 'ranges', 1], message: 'A range ends after it starts.', code: 'custom' },
        {
          path: ['eventData', 'ranges', 2],
          message: 'Invalid input: expected tuple, received string',
          code: 'invalid_type',
        },
      ],
    });
  });

  it('documents the same JSON schema as the zod schema, for requests and answers', () => {
    for (const io of ['input', 'output'] as const)
      for (const [fast, strict] of [
        [savedRanges(500), strictSavedRanges(500)],
        [storedRanges(), strictStoredRanges()],
      ] as const) {
        const { $schema: _strict, ...expected } = z.toJSONSchema(strict, { io });
        const { $schema: _fast, ...actual } = z.toJSONSchema(fast, { io, unrepresentable: 'any' });
        expect(actual).toEqual(expected);
      }
  });
});
