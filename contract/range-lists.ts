// Schemas for lists of [start, end] pairs that a save may carry by the hundred: zod's own parse of such a list
// builds a tuple and runs every check for each pair, which made 500 fragments cost more than the rest of the save.
// These accept exactly what the zod schemas beside them accept, checked by one loop; anything else goes through
// the zod schema, so a refusal names the same fields with the same messages.
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A schema with `strict`'s verdicts and types: a value `accepts` passes is taken as it is (`accepts` must pass
 * only what `strict` accepts unchanged); any other is parsed by `strict`, whose issues are reported. The API docs
 * show `jsonSchema` (z.toJSONSchema cannot see through a check; a test compares it with strict's own).
 */
function checkedByLoop<S extends z.ZodType>(
  strict: S,
  accepts: (value: unknown) => boolean,
  jsonSchema: JsonSchema,
) {
  return z
    .custom<z.output<S>>()
    .check((ctx) => {
      if (accepts(ctx.value)) return;
      const result = strict.safeParse(ctx.value);
      if (!result.success)
        for (const issue of result.error.issues) ctx.issues.push({ ...issue, input: ctx.value } as never);
    })
    .meta(jsonSchema);
}

const pairsOf = (value: unknown, max: number, pair: (a: number, b: number) => boolean) => {
  if (!Array.isArray(value) || value.length > max) return false;
  for (const item of value as unknown[]) {
    if (!Array.isArray(item) || item.length !== 2) return false;
    const [a, b] = item as unknown[];
    if (typeof a !== 'number' || typeof b !== 'number' || !pair(a, b)) return false;
  }
  return true;
};

const numberPairJson = (bounds: JsonSchema) => ({
  type: 'array',
  prefixItems: [
    { type: 'number', ...bounds },
    { type: 'number', ...bounds },
  ],
  items: false,
  minItems: 2,
  maxItems: 2,
});

/** The strict form of a save's watched ranges (at most `max` pairs, each in [0, 24 h], ending after it starts). */
export const strictSavedRanges = (max: number) =>
  z
    .array(
      z
        .tuple([
          z
            .number()
            .min(0)
            .max(24 * 3600),
          z
            .number()
            .min(0)
            .max(24 * 3600),
        ])
        .refine(([a, b]) => b >= a, 'A range ends after it starts.'),
    )
    .max(max);

/** A save's watched ranges: strictSavedRanges' verdicts, checked by one loop. */
export const savedRanges = (max: number) =>
  checkedByLoop(
    strictSavedRanges(max),
    // The bounds are false for NaN and ±Infinity, which z.number() refuses too.
    (value) => pairsOf(value, max, (a, b) => a >= 0 && a <= 24 * 3600 && b >= 0 && b <= 24 * 3600 && b >= a),
    { maxItems: max, type: 'array', items: numberPairJson({ minimum: 0, maximum: 24 * 3600 }) },
  );

/** The strict form of a record's watched ranges in an answer: pairs of numbers. */
export const strictStoredRanges = () => z.array(z.tuple([z.number(), z.number()]));

/** A record's watched ranges in an answer (up to 200 of them): strictStoredRanges' verdicts, checked by one loop. */
export const storedRanges = () =>
  checkedByLoop(
    strictStoredRanges(),
    (value) => pairsOf(value, Number.POSITIVE_INFINITY, (a, b) => Number.isFinite(a) && Number.isFinite(b)),
    { type: 'array', items: numberPairJson({}) },
  );
