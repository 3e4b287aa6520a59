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

/**
 * The skeleton two handles are compared by (docs/decisions/004; after Unicode TR39's confusables, for the letters and
 * digits a handle can hold): hyphens ignored, `0`→`o`, `1` and `i`→`l`, then `rn`→`m`, `vv`→`w`, `cl`→`d`. Two
 * handles with one skeleton read alike, so a new one is "taken or on hold" when its skeleton is a reserved word's,
 * a product name's or another account's. The database computes the same expression (HANDLE_SKELETON_SQL) in
 * generated, indexed columns; a test keeps the two equal.
 */
export function handleSkeleton(handle: string): string {
  return handle
    .toLowerCase()
    .replace(/-/g, '')
    .replace(/[01i]/g, (c) => ({ '0': 'o', '1': 'l', i: 'l' })[c as '0' | '1' | 'i'])
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/cl/g, 'd');
}

/** handleSkeleton in SQL, over a column (the same steps in the same order). */
export const HANDLE_SKELETON_SQL = (column: string) =>
  `replace(replace(replace(translate(replace(lower(${column}), '-', ''), '01i', 'oll'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')`;

/** The product's own names: no handle may read like them. */
export const PRODUCT_NAMES = ['luthier-registry', 'luthierregistry', 'the-luthier-registry', 'registry-team'];

/** Skeletons no handle may have: every reserved word's and every product name's. */
export const RESERVED_SKELETONS: ReadonlySet<string> = new Set(
  [...RESERVED_HANDLES, ...PRODUCT_NAMES].map(handleSkeleton),
);

/** A renamed handle stays held for its previous owner, and its /u/ and /l/ addresses redirect, this long. */
export const RENAME_HOLD_DAYS = 180;

export const handleRenameSchema = z.object({ handle: handleInput });
export type HandleRenameInput = z.input<typeof handleRenameSchema>;
export const handleRenameResponseSchema = z.object({
  handle: z.string(),
  previousHandle: z.string(),
  /** Until when the previous handle stays held for you and redirects to the new one. */
  heldUntil: z.string(),
});
export type HandleRenameResponse = z.infer<typeof handleRenameResponseSchema>;
