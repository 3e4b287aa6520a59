import { z } from 'zod';

export const roleSchema = z.enum(['user', 'luthier', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in person as the client sees it (seed §3, `auth/me`). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  onboardingComplete: z.boolean(),
  handle: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

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
  .max(80, 'Display name must be at most 80 characters.');

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
