import { z } from 'zod';

export const verificationSchema = z.object({
  verified: z.boolean({ message: 'verified must be true or false.' }),
});

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
  createdAt: z.string(),
});
export const adminInstrumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  passportCode: z.string(),
  makerName: z.string().nullable(),
  yearMade: z.number(),
  verified: z.boolean(),
  createdAt: z.string(),
});
export const adminQueueSchema = z.object({
  shops: z.array(adminShopSchema),
  instruments: z.array(adminInstrumentSchema),
});
export type AdminQueue = z.infer<typeof adminQueueSchema>;
