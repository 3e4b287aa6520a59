import { z } from 'zod';
import { PAGE_SEGMENTS } from './routes';
import { CONTROL_CHAR_MESSAGE, isCleanLine } from './text';

/** Handles: one namespace for people (/u/{h}) and shops (/l/{h}). */
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 48;
export const MAX_SUGGESTIONS = 6;
export const HANDLE_CHECK_DELAY_MS = 300;
export const HANDLE_CACHE_MS = 5000;
export const HOLD_MINUTES = 15;

/**
 * Always "taken": the first segment of every page in the page manifest, and words that would let someone pose
 * as the site or that a future page may need.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  ...PAGE_SEGMENTS,
  'explore',
  'registry',
  'blog',
  'for-luthiers',
  'listing',
  'u',
  'l',
  'learn',
  'lessons',
  'courses',
  'course-progress',
  'instruments',
  'dashboard',
  'onboarding',
  'settings',
  'admin',
  'reset-password',
  'verify-email',
  'notifications',
  'api',
  'media',
  'assets',
  'support',
  'help',
  'luthier',
  'luthiers',
  'official',
  'about',
  'contact',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'account',
  'auth',
  'home',
  'index',
  'root',
  'system',
  'staff',
  'moderator',
  'security',
  'privacy',
  'terms',
  'static',
  'public',
  'healthz',
  'readyz',
  'favicon',
  'robots',
  'sitemap',
  'null',
  'undefined',
  'www',
  'mail',
  'transfers',
  'videos',
  'passport',
  'passports',
  'shop',
  'shops',
  'profile',
  'profiles',
  'luthier-registry',
]);

/** NFKD, accents removed, lower case, runs of other characters → one hyphen, hyphens trimmed, at most 48. */
export function normalizeHandle(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX)
    .replace(/-+$/, '');
}

export const HANDLE_PATTERN = /^[a-z0-9-]{3,48}$/;
export const isValidHandle = (handle: string) => HANDLE_PATTERN.test(handle);

export const handleKindSchema = z.enum(['user', 'luthier'], { message: 'Kind must be user or luthier.' });
export type HandleKind = z.infer<typeof handleKindSchema>;

export const slugCheckQuerySchema = z.object({
  kind: handleKindSchema.default('user'),
  slug: z.string({ message: 'A handle is required.' }).max(200, 'That handle is too long.'),
});

export const slugCheckResponseSchema = z.object({
  ok: z.boolean(),
  /** The normalised handle that was checked. */
  slug: z.string(),
  reason: z.enum(['invalid', 'taken']).optional(),
  suggestions: z.array(z.string()).max(MAX_SUGGESTIONS),
});
export type SlugCheckResponse = z.infer<typeof slugCheckResponseSchema>;

const handleInput = z
  .string({ message: 'A handle is required.' })
  .max(200, 'That handle is too long.')
  .transform(normalizeHandle)
  .refine(isValidHandle, 'Invalid format. Use letters, numbers, and hyphens only.');

export const reserveSchema = z.object({ kind: handleKindSchema.default('user'), slug: handleInput });
export const reserveResponseSchema = z.object({ slug: z.string(), expiresAt: z.string() });

export const claimSchema = z.object({
  kind: handleKindSchema.default('user'),
  slug: handleInput,
  displayName: z
    .string()
    .trim()
    .max(80, 'Display name must be at most 80 characters.')
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE)
    .optional(),
  shopName: z
    .string()
    .trim()
    .max(120, 'Shop name must be at most 120 characters.')
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE)
    .optional(),
});
export type ClaimInput = z.input<typeof claimSchema>;
export const claimResponseSchema = z.object({ slug: z.string(), kind: handleKindSchema });
