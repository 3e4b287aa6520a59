// A log leaf: the RFC 8785 canonical JSON of one passport event.
import { z } from 'zod';
import { canonicalJson } from './canonical-json';

export const passportLeafSchema = z.strictObject({
  passport: z.string().min(1),
  seq: z.number().int().nonnegative(),
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  at: z.string().min(1),
  /** Hex leaf hash of the same passport's previous leaf; null for its first. */
  prev: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});

export type PassportLeaf = z.output<typeof passportLeafSchema>;

export function encodeLeaf(leaf: PassportLeaf): string {
  return canonicalJson(leaf);
}

/** Parses leaf text, refusing anything that is not exactly the canonical encoding of a valid leaf. */
export function decodeLeaf(text: string): PassportLeaf {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('leaf is not JSON');
  }
  const parsed = passportLeafSchema.safeParse(raw);
  if (!parsed.success) throw new Error('leaf does not have the passport event shape');
  if (canonicalJson(raw) !== text) throw new Error('leaf is not canonical JSON');
  return parsed.data;
}
