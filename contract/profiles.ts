import { z } from 'zod';
import { profileCertificateSchema } from './certificates';
import { verificationStatementSchema } from './registry';
import { listingSchema } from './listings';
import { CONTROL_CHAR_MESSAGE, isCleanText } from './text';

/** The public page of a person (/u/{slug}); never their email or other private fields. */
export const userProfileSchema = z.object({
  displayName: z.string().nullable(),
  slug: z.string(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  joinedAt: z.string(),
  role: z.enum(['user', 'luthier', 'admin']),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  favoriteStyles: z.array(z.string()),
  experience: z.string().nullable(),
  /** Their published shop, when they have one. */
  shop: z.object({ name: z.string(), slug: z.string() }).nullable(),
  /** Academy certificates the person chose to list, newest first. */
  certificates: z.array(profileCertificateSchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** A published luthier shop (/l/{slug}). */
export const shopProfileSchema = z.object({
  name: z.string(),
  slug: z.string(),
  location: z.string().nullable(),
  createdAt: z.string(),
  establishedYear: z.number().int().nullable(),
  published: z.boolean(),
  verified: z.boolean(),
  /** What an admin checked, who and when; null while the shop is not verified. */
  verification: verificationStatementSchema.nullable(),
  bio: z.string().nullable(),
  workshopBio: z.string().nullable(),
  specializations: z.array(z.string()),
  /** The storefront's cover image (an upload: its 1280 px variant) with the words the maker gave for it. */
  cover: z.object({ url: z.string(), alt: z.string() }).nullable(),
  /** Shipping, returns and commissions, in the maker's words. */
  policies: z.string().nullable(),
  owner: z.object({
    displayName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    bio: z.string().nullable(),
  }),
});

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim().slice(0, max) || undefined);

/** The makers directory (/luthiers): search over shop, person, location and specialities, filters, paging. */
export const shopDirectoryQuerySchema = z.object({
  q: optionalText(100),
  country: optionalText(60),
  speciality: optionalText(60),
  verified: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(12),
});

/** A maker's card in the directory. */
export const shopCardSchema = z.object({
  name: z.string(),
  slug: z.string(),
  ownerName: z.string().nullable(),
  /** The owner's profile handle (/u/{handle}), when they have one. */
  ownerHandle: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  specializations: z.array(z.string()),
  verified: z.boolean(),
  instrumentCount: z.number().int(),
  courseCount: z.number().int(),
});
export type ShopCard = z.infer<typeof shopCardSchema>;
export const shopDirectorySchema = z.array(shopCardSchema);

/** What the directory's filters can offer: the countries and specialities of published shops. */
export const shopFacetsSchema = z.object({
  countries: z.array(z.string()),
  specialities: z.array(z.string()),
});
export type ShopFacets = z.infer<typeof shopFacetsSchema>;

/** A passport on a maker's shop page. */
export const shopInstrumentSchema = z.object({
  id: z.string(),
  passportCode: z.string(),
  name: z.string(),
  instrumentType: z.string(),
  yearMade: z.number().int(),
  verified: z.boolean(),
  imageUrl: z.string().nullable(),
});
export type ShopInstrument = z.infer<typeof shopInstrumentSchema>;

/** A course the maker teaches. */
export const shopCourseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  level: z.string(),
  coverImage: z.string().nullable(),
});
export type ShopCourse = z.infer<typeof shopCourseSchema>;

/** The storefront (/l/{slug}): the shop, the passports its maker built and the courses they teach. */
export const shopPageSchema = shopProfileSchema.extend({
  owner: shopProfileSchema.shape.owner.extend({ slug: z.string().nullable() }),
  instrumentCount: z.number().int(),
  instruments: z.array(shopInstrumentSchema),
  /** The instruments the maker marked as portfolio pieces, newest first. */
  portfolio: z.array(shopInstrumentSchema),
  courses: z.array(shopCourseSchema),
  /** What the shop's owner lists now: instruments for sale (with price) and open to commissions. */
  listings: z.array(shopInstrumentSchema.extend({ listing: listingSchema })),
});
export type ShopPage = z.infer<typeof shopPageSchema>;

export const SHOP_MESSAGE_MIN = 10;
export const SHOP_MESSAGE_MAX = 2000;
/** "Contact the maker": reaches the maker's inbox; neither side's email is shown to the other. */
export const shopMessageSchema = z.object({
  message: z
    .string({ message: 'Write a message.' })
    .trim()
    .min(SHOP_MESSAGE_MIN, `Write at least ${SHOP_MESSAGE_MIN} characters.`)
    .max(SHOP_MESSAGE_MAX, `At most ${SHOP_MESSAGE_MAX} characters.`)
    .refine(isCleanText, CONTROL_CHAR_MESSAGE),
});
export type ShopMessageInput = z.input<typeof shopMessageSchema>;
