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
  // Role names a site is expected to answer to (RFC 2142's mailbox names, and the usual ones after them): a handle
  // named like one reads as the site's own desk, and its mail address may be one day.
  ...[
    'abuse',
    'noc',
    'postmaster',
    'hostmaster',
    'usenet',
    'news',
    'webmaster',
    'uucp',
    'ftp',
    'info',
    'marketing',
    'sales',
    'administrator',
    'sysadmin',
    'team',
    'billing',
    'legal',
    'trust-and-safety',
    'trust-safety',
    'trust',
    'safety',
    'verification',
    'verified',
    'verify',
    'noreply',
    'no-reply',
    'donotreply',
    'do-not-reply',
    'mailer-daemon',
    'daemon',
    'moderators',
    'mod',
    'mods',
    'status',
    'owner',
    'operator',
    'compliance',
    'copyright',
    'dmca',
    'press',
    'jobs',
    'careers',
    'feedback',
    'report',
    'reports',
    'alerts',
    'newsletter',
    'payments',
    'accounts',
    'contact-us',
  ],
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

export const handleCheckQuerySchema = z.object({
  kind: handleKindSchema.default('user'),
  slug: z.string({ message: 'A handle is required.' }).max(200, 'That handle is too long.'),
});

export const handleCheckResponseSchema = z.object({
  ok: z.boolean(),
  /** The normalised handle that was checked. */
  slug: z.string(),
  reason: z.enum(['invalid', 'taken']).optional(),
  suggestions: z.array(z.string()).max(MAX_SUGGESTIONS),
});

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

/** The product's name: no handle may contain it, in any look-alike spelling. */
const PRODUCT_SKELETON = handleSkeleton('luthierregistry');
/** Names one slip of the keyboard from the product's: no handle may be one ("luthier-registery", "registy"). */
const MISSPELLABLE = ['luthierregistry', 'registry'];
const MISSPELLABLE_SKELETONS = MISSPELLABLE.map(handleSkeleton);

/**
 * True when `a` becomes `b` with at most one edit: a letter inserted, deleted or replaced, or two neighbours swapped
 * (Damerau–Levenshtein distance 1 or 0).
 */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const rest = (x: number, y: number) => a.slice(i + x) === b.slice(i + y);
  if (a.length === b.length) return rest(1, 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(2, 2));
  return a.length > b.length ? rest(1, 0) : rest(0, 1);
}

/** True when some stretch of `text` is within one edit of `word` (the product's name inside a longer handle). */
function containsWithinOneEdit(text: string, word: string): boolean {
  for (let length = word.length - 1; length <= word.length + 1; length++)
    for (let start = 0; start + length <= text.length; start++)
      if (withinOneEdit(text.slice(start, start + length), word)) return true;
  return false;
}

/**
 * Words that make a handle read as the site's staff ("admin-tomas", "officialshop", "helpdesk"). See
 * docs/decisions/004 ("Staff words") for where in a handle each one counts.
 */
export const STAFF_WORDS = ['admin', 'support', 'official', 'staff', 'team', 'help', 'moderator', 'registry'];
const STAFF_SKELETONS = STAFF_WORDS.map(handleSkeleton);
// Long enough that no ordinary word hides them in its middle, unlike "badminton" or "steamworks".
const STAFF_ANYWHERE = STAFF_SKELETONS.filter((w) => w.length >= 7);

/**
 * True when a handle is never given to anyone: a reserved word or product name (or a look-alike), a handle
 * containing the product's name, or one pairing a staff word with anything: as a part between hyphens or
 * digits, at the start of its first part or the end of its last, or (the long staff words) inside any part.
 */
export function isReservedHandle(handle: string): boolean {
  const skeleton = handleSkeleton(handle);
  if (RESERVED_HANDLES.has(handle) || RESERVED_SKELETONS.has(skeleton)) return true;
  if (skeleton.includes(PRODUCT_SKELETON)) return true;
  // One edit from the product's name, compared both as typed (separators dropped) and by skeleton, since an
  // edit can make or break a look-alike pair ("rn", "cl"); the whole name inside a longer handle counts too.
  const folded = handle.replace(/-/g, '');
  if (MISSPELLABLE.some((w) => withinOneEdit(folded, w))) return true;
  if (MISSPELLABLE_SKELETONS.some((w) => withinOneEdit(skeleton, w))) return true;
  if (containsWithinOneEdit(folded, MISSPELLABLE[0]!) || containsWithinOneEdit(skeleton, PRODUCT_SKELETON))
    return true;
  // Skeletons per hyphen-separated part: a word split by a hyphen ("tea-maker") is two words, not "team".
  const parts = handle.split('-').filter(Boolean).map(handleSkeleton);
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (STAFF_SKELETONS.some((w) => first.startsWith(w) || last.endsWith(w))) return true;
  if (STAFF_ANYWHERE.some((w) => parts.some((part) => part.includes(w)))) return true;
  // Parts between digits too; 0 and 1 also read as letters, so the handle is cut both ways.
  const pieces = [...handle.split(/[-0-9]+/), ...handle.split(/[-2-9]+/)];
  return pieces.some((piece) => piece && STAFF_SKELETONS.includes(handleSkeleton(piece)));
}

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
