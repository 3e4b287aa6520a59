import { z } from 'zod';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';

export const roleSchema = z.enum(['user', 'luthier', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in person as the client sees it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  onboardingComplete: z.boolean(),
  handle: z.string().nullable(),
  /** The current email address was proven by following a link sent to it. */
  emailVerified: z.boolean(),
  /** Has been here before (signed in with the password, or has had the account over a day): "Welcome back". */
  returning: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema.nullable() });

export const emailSchema = z
  .string({ message: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(3, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .email('Enter a valid email address.');

export const newPasswordSchema = z
  .string({ message: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(256, 'Password must be at most 256 characters.');

export const displayNameSchema = z
  .string({ message: 'Display name is required.' })
  .trim()
  .min(1, 'Display name is required.')
  .max(80, 'Display name must be at most 80 characters.')
  .refine(isCleanLine, CONTROL_CHAR_MESSAGE);

export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: displayNameSchema,
  role: z.enum(['user', 'luthier'], { message: 'Choose Music Enthusiast or Luthier.' }).default('user'),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(256),
});
export type LoginInput = z.input<typeof loginSchema>;

export const requestResetSchema = z.object({ email: emailSchema });
export type RequestResetInput = z.input<typeof requestResetSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ message: 'The reset link is not valid.' }).min(1).max(200),
  password: newPasswordSchema,
});

export const verifyEmailSchema = z.object({
  token: z.string({ message: 'The link is not valid.' }).min(1, 'The link is not valid.').max(200),
});
export const verifyEmailResponseSchema = z.object({
  ok: z.literal(true),
  email: z.string(),
  changed: z.boolean(),
});

/** The link mailed to the previous address after an email change: it undoes the change within 7 days. */
export const undoEmailChangeSchema = z.object({
  token: z.string({ message: 'The link is not valid.' }).min(1, 'The link is not valid.').max(200),
});
export const undoEmailChangeResponseSchema = z.object({
  ok: z.literal(true),
  /** The address the account has again, where the link to choose a new password was sent. */
  email: z.string(),
});

/** The three experience levels. */
export const EXPERIENCE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const experienceSchema = z.enum(EXPERIENCE_LEVELS, {
  message: 'Choose Beginner, Intermediate or Advanced.',
});
export type Experience = z.infer<typeof experienceSchema>;

/** A short list of tags (specialties, interests, styles): at most 20 of at most 40 characters, no duplicates. */
export const tagListSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Tags cannot be empty.')
      .max(40, 'Each tag is at most 40 characters.')
      .refine(isCleanLine, CONTROL_CHAR_MESSAGE),
    {
      message: 'Must be a list.',
    },
  )
  .max(20, 'At most 20 tags.')
  .transform((tags) => [...new Set(tags)]);

export const bioSchema = z
  .string()
  .trim()
  .max(1000, 'Bio must be at most 1000 characters.')
  .refine(isCleanText, CONTROL_CHAR_MESSAGE);
export const locationSchema = z
  .string()
  .trim()
  .max(120, 'Location must be at most 120 characters.')
  .refine(isCleanLine, CONTROL_CHAR_MESSAGE);

/**
 * The onboarding payload, a partial update: every field optional. A field left out keeps the saved answer; one sent
 * blank ('' or an empty list) clears it.
 */
export const onboardingSchema = z.object({
  bio: bioSchema.optional(),
  specialties: tagListSchema.optional(),
  interests: tagListSchema.optional(),
  experience: z.union([experienceSchema, z.literal('')]).optional(),
  location: locationSchema.optional(),
  favoriteStyles: tagListSchema.optional(),
  slug: z.string().max(200, 'That handle is too long.').optional(),
  onboardingComplete: z.boolean({ message: 'Must be true or false.' }).optional(),
});
export type OnboardingInput = z.input<typeof onboardingSchema>;
