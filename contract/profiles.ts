import { z } from 'zod';

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
  bio: z.string().nullable(),
  workshopBio: z.string().nullable(),
  specializations: z.array(z.string()),
  owner: z.object({
    displayName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    bio: z.string().nullable(),
  }),
});
export type ShopProfile = z.infer<typeof shopProfileSchema>;
