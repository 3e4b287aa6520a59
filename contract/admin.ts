import { z } from 'zod';

import { CONTROL_CHAR_MESSAGE, isCleanText } from './text';

export const verificationSchema = z
  .object({
    verified: z.boolean({ message: 'verified must be true or false.' }),
    /** What was checked; required when verifying, optional (why) when removing. */
    note: z
      .string()
      .trim()
      .max(1000, 'At most 1000 characters.')
      .refine(isCleanText, CONTROL_CHAR_MESSAGE)
      .optional(),
  })
  .refine((v) => !v.verified || (v.note?.length ?? 0) >= 5, {
    message: 'Say what you checked (at least 5 characters).',
    path: ['note'],
  });
export type VerificationInput = z.input<typeof verificationSchema>;
const statement = z.object({ adminName: z.string(), at: z.string(), note: z.string() }).nullable();

export const adminQueueQuerySchema = z.object({
  verified: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const adminShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  location: z.string().nullable(),
  ownerName: z.string(),
  published: z.boolean(),
  verified: z.boolean(),
  verification: statement,
  /** Why the badge went without an admin's decision (a rename), so the queue asks for a new check. */
  recheckReason: z.string().nullable(),
  createdAt: z.string(),
});
export const adminInstrumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  passportCode: z.string(),
  makerName: z.string().nullable(),
  yearMade: z.number(),
  verified: z.boolean(),
  verification: statement,
  /** Why the badge went without an admin's decision (a correction), so the queue asks for a new check. */
  recheckReason: z.string().nullable(),
  createdAt: z.string(),
});
export const adminQueueSchema = z.object({
  shops: z.array(adminShopSchema),
  instruments: z.array(adminInstrumentSchema),
});
