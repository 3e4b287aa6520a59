import { z } from 'zod';
import {
  bioSchema,
  displayNameSchema,
  emailSchema,
  experienceSchema,
  locationSchema,
  newPasswordSchema,
  tagListSchema,
} from './auth';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';

/**
 * Settings of the signed-in person (/settings). Endpoints:
 * GET /api/account → accountSchema; PATCH /api/account/profile; POST /api/account/avatar (multipart, one image);
 * DELETE /api/account/avatar; PATCH /api/account/shop (luthiers with a shop); POST /api/account/password;
 * POST /api/account/email; GET /api/account/sessions; DELETE /api/account/sessions/:id;
 * POST /api/account/delete.
 */
export const accountSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  role: z.enum(['user', 'luthier', 'admin']),
  handle: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  experience: z.string().nullable(),
  interests: z.array(z.string()),
  favoriteStyles: z.array(z.string()),
  specialties: z.array(z.string()),
  avatarUrl: z.string().nullable(),
  shop: z
    .object({
      name: z.string(),
      slug: z.string(),
      bio: z.string().nullable(),
      workshopBio: z.string().nullable(),
      location: z.string().nullable(),
      establishedYear: z.number().int().nullable(),
      specializations: z.array(z.string()),
      /** The storefront's cover image (its 1280 px variant; the others are in its srcset) and its alt text. */
      coverUrl: z.string().nullable(),
      coverAlt: z.string().nullable(),
      policies: z.string().nullable(),
      published: z.boolean(),
    })
    .nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * PATCH bodies are JSON merge patches (RFC 7396): a field left out stays as it is, null clears a field that may be
 * empty, and what GET /api/account returns (fields it does not know are ignored) can be sent back as it is.
 */
export const profileUpdateSchema = z
  .object({
    displayName: displayNameSchema,
    bio: bioSchema.nullable(),
    location: locationSchema.nullable(),
    experience: z.union([experienceSchema, z.literal('')]).nullable(),
    interests: tagListSchema,
    favoriteStyles: tagListSchema,
    specialties: tagListSchema,
  })
  .partial();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

const shopNameSchema = z
  .string()
  .trim()
  .min(1, 'Shop name is required.')
  .max(120, 'Shop name must be at most 120 characters.')
  .refine(isCleanLine, CONTROL_CHAR_MESSAGE);

/** Shipping, returns and commissions in the maker's words: a plain text shown on the storefront. */
export const SHOP_POLICIES_MAX = 4000;
export const SHOP_COVER_ALT_MAX = 200;

/** A merge patch of the shop, like the profile's: GET /api/account's `shop` can be sent back as it is. */
export const shopUpdateSchema = z
  .object({
    name: shopNameSchema,
    bio: bioSchema.nullable(),
    workshopBio: z
      .string()
      .trim()
      .max(2000, 'Workshop bio must be at most 2000 characters.')
      .refine(isCleanText, CONTROL_CHAR_MESSAGE)
      .nullable(),
    location: locationSchema.nullable(),
    establishedYear: z
      .number({ message: 'Enter a year.' })
      .int('Enter a year.')
      .min(1500, 'Enter a year after 1500.')
      // Read at each check, not once when the module loads: a server running over New Year accepts the new year.
      .refine((year) => year <= new Date().getFullYear(), 'The year cannot be in the future.')
      .nullable(),
    specializations: tagListSchema,
    /** What the cover image shows, for people who cannot see it; kept when the image is replaced. */
    coverAlt: z
      .string()
      .trim()
      .max(SHOP_COVER_ALT_MAX, `Describe the cover in at most ${SHOP_COVER_ALT_MAX} characters.`)
      .refine(isCleanLine, CONTROL_CHAR_MESSAGE)
      .nullable(),
    policies: z
      .string()
      .trim()
      .max(SHOP_POLICIES_MAX, `Shop policies must be at most ${SHOP_POLICIES_MAX} characters.`)
      .refine(isCleanText, CONTROL_CHAR_MESSAGE)
      .nullable(),
    published: z.boolean(),
  })
  .partial();
export type ShopUpdate = z.input<typeof shopUpdateSchema>;

/** POST /api/account/shop: an enthusiast opens a shop (unpublished until they publish it). */
export const openShopSchema = z.object({ name: shopNameSchema });
export type OpenShopInput = z.input<typeof openShopSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(256),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(256),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const deleteAccountSchema = z.object({
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(256),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const sessionInfoSchema = z.object({
  /** An opaque id derived from the stored hash; never the cookie token. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export const sessionListSchema = z.array(sessionInfoSchema);
