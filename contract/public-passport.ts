// The public view of a passport (/p/{code}, /api/public/passports/{code}) and the /check answer: what anyone,
// signed in or not, may read. No prices, costs, notes, emails, or names of owners who chose to stay private.
import { z } from 'zod';
import { builtInSchema } from './certificates';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';
import { categorySchema, instrumentTypeSchema, serviceTypeSchema } from './registry';

/** Passport codes look like LR-7KQ2-M9XD; input is upper-cased before it is compared. */
export const passportCodeSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9-]+$/)
  .transform((v) => v.toUpperCase());

export const publicPhotoSchema = z.object({
  url: z.string(),
  imageUrl: z.string(),
  caption: z.string().nullable(),
  isPrimary: z.boolean(),
});

export const publicOwnerSchema = z.object({
  /** "Owner 2 · Germany · 2019–2023" */
  label: z.string(),
  /** Only for owners who chose to be public (and past owners without an account). */
  name: z.string().nullable(),
  /** The owner's profile handle (/u/{handle}): only with a name, for an owner with an account and a handle. */
  handle: z.string().nullable(),
  country: z.string().nullable(),
  startYear: z.number().int(),
  endYear: z.number().int().nullable(),
});

export const publicServiceSchema = z.object({
  serviceType: serviceTypeSchema,
  serviceDate: z.string(),
  /**
   * Who serviced it, as shown: a shop recording its own work by name; a servicer named by the owner or maker as
   * "{name} (reported by the owner)" until the named registry shop answers ("by {shop}, confirmed" or
   * "not confirmed by {shop}"); or "Owner".
   */
  servicer: z.string(),
  description: z.string(),
  /** Whether the named registry shop confirmed it; `none` when no other shop is named. */
  claim: z.enum(['none', 'pending', 'confirmed', 'declined']),
});

export const publicPassportSchema = z.object({
  passportCode: z.string(),
  name: z.string(),
  instrumentType: instrumentTypeSchema,
  category: categorySchema,
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  yearMade: z.number().int(),
  build: z.object({
    bodyWood: z.string().nullable(),
    neckWood: z.string().nullable(),
    fretboardWood: z.string().nullable(),
    finishType: z.string().nullable(),
    numberOfStrings: z.number().int().nullable(),
    /** Millimetres. */
    scaleLength: z.number().int().nullable(),
  }),
  description: z.string().nullable(),
  /** Primary photo first. */
  photos: z.array(publicPhotoSchema),
  maker: z
    .object({
      shopName: z.string(),
      /** The shop page (/l/{slug}); null once the maker's account is closed. */
      slug: z.string().nullable(),
      verified: z.boolean(),
      location: z.string().nullable(),
      /** The maker closed their account: the name stays as history, "Made by {name} (account closed)". */
      accountClosed: z.boolean(),
    })
    .nullable(),
  status: z.enum(['active', 'stolen', 'destroyed']),
  /** When reported stolen: the day it was reported, and the date and place of the theft when given. */
  stolen: z
    .object({ reportedOn: z.string(), date: z.string().nullable(), place: z.string().nullable() })
    .nullable(),
  verified: z.boolean(),
  /** What the Verified badge rests on: null when the passport is not verified. */
  verification: z
    .object({ statement: z.string(), verifiedOn: z.string(), adminName: z.string().nullable() })
    .nullable(),
  /** Built by its maker in an academy course, with the certificate they earned there. */
  builtIn: builtInSchema,
  provenance: z.array(publicOwnerSchema),
  services: z.array(publicServiceSchema),
  eventsCount: z.number().int(),
  registeredOn: z.string(),
  /** Every public event of the log, oldest first, in plain words ("Serial corrected from … by the maker: …"). */
  history: z.array(z.object({ date: z.string(), type: z.string(), text: z.string() })),
});
export type PublicPassport = z.output<typeof publicPassportSchema>;

export const instrumentCodeSchema = z.object({ passportCode: z.string() });

export const checkQuerySchema = z.object({
  q: z
    .string({ message: 'Enter a passport code or a serial number.' })
    .trim()
    .min(1, 'Enter a passport code or a serial number.')
    .max(64, 'At most 64 characters.'),
});

export const checkResultSchema = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('found'),
    passport: z.object({
      passportCode: z.string(),
      name: z.string(),
      instrumentType: instrumentTypeSchema,
      yearMade: z.number().int(),
      makerShopName: z.string().nullable(),
      /** The maker's shop page (/l/{slug}). */
      makerShopHandle: z.string().nullable(),
      verified: z.boolean(),
      status: z.enum(['active', 'destroyed']),
    }),
    /** Found by a serial number the passport no longer carries: it was corrected (or changed) to `to`. */
    serialChanged: z
      .object({ from: z.string(), to: z.string().nullable(), corrected: z.boolean() })
      .nullable(),
  }),
  z.object({
    result: z.literal('stolen'),
    reportedOn: z.string(),
    /** What a buyer needs to recognise it; never anything about its owner. */
    instrument: z.object({
      passportCode: z.string(),
      name: z.string(),
      instrumentType: instrumentTypeSchema,
      yearMade: z.number().int(),
      photoUrl: z.string().nullable(),
    }),
    serialChanged: z
      .object({ from: z.string(), to: z.string().nullable(), corrected: z.boolean() })
      .nullable(),
  }),
  z.object({ result: z.literal('not_found') }),
]);
export type CheckResult = z.output<typeof checkResultSchema>;

/** "I have information" about a stolen instrument: relayed to its owner, who is never named to the sender. */
export const sightingSchema = z.object({
  code: z
    .string({ message: 'The passport code is missing.' })
    .trim()
    .min(1, 'The passport code is missing.')
    .max(64, 'At most 64 characters.'),
  message: z
    .string({ message: 'Say what you saw, and where.' })
    .trim()
    .min(10, 'Say what you saw, and where (at least 10 characters).')
    .max(2000, 'At most 2,000 characters.')
    .refine(isCleanText, CONTROL_CHAR_MESSAGE),
  /** How the owner may reach the sender back: passed on as typed, only to the owner. */
  contact: z
    .string()
    .trim()
    .max(200, 'At most 200 characters.')
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE)
    .optional(),
});
export type SightingInput = z.input<typeof sightingSchema>;
export const sightingResultSchema = z.object({ ok: z.literal(true) });
