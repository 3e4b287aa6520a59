// The registry's fixed values, without Zod. The client imports them from here, so a page that needs the list of
// instrument types does not download and build every schema with them; registry.ts re-exports them.

export const INSTRUMENT_TYPES = ['guitar', 'violin', 'mandolin', 'banjo'] as const;
export const INSTRUMENT_CATEGORIES = ['acoustic', 'electric', 'classical', 'flamenco', 'archtop'] as const;
/** The registry's category filter offers the seed's four; archtop is the fifth sample category. */
export const FILTER_CATEGORIES = ['acoustic', 'electric', 'classical', 'flamenco'] as const;
export const CONDITIONS = ['mint', 'excellent', 'good', 'fair', 'poor'] as const;
export const ACQUISITION_METHODS = ['purchase', 'commission', 'gift', 'inheritance', 'trade'] as const;
export const SERVICE_TYPES = ['setup', 'maintenance', 'repair', 'restoration'] as const;
/** How the registry list can be ordered; newest first unless asked. */
// No order by estimated value: it is the owner's, and a public ranking would tell it.
export const REGISTRY_SORTS = ['newest', 'year-desc', 'year-asc'] as const;
export type RegistrySort = (typeof REGISTRY_SORTS)[number];
export const INSTRUMENT_STATUSES_PUBLIC = ['active', 'stolen', 'destroyed'] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;
/** Longer search input is cut, not refused: nobody types 200 characters to find a guitar. */
export const MAX_SEARCH_LENGTH = 200;
/**
 * The registry list counts matches exactly up to this many; beyond it X-Total-Count says this number and
 * X-Total-Count-Capped says "true" ("1,000+ found"), so a broad search costs the same at 1,000 or 100,000
 * passports (docs/decisions/006).
 */
export const REGISTRY_COUNT_CAP = 1000;
export const TRANSFER_DAYS = 14;

/** Facts that identify the instrument; after its first transfer the maker changes them only as a correction. */
export const IDENTITY_FIELDS = [
  'name',
  'model',
  'serialNumber',
  'yearMade',
  'bodyWood',
  'neckWood',
  'fretboardWood',
  'scaleLength',
  'numberOfStrings',
] as const;
/**
 * The facts a verification of an instrument covers (what the admin checks against the label, the workshop book
 * or photos): changing any of them, before or after a transfer, removes the Verified badge. The maker is covered
 * too and cannot be changed at all. Finish, description, condition and value are not covered: they change with
 * the instrument's life (a refinish is a service) and say nothing about which instrument it is.
 */
export const VERIFIED_FIELDS = [...IDENTITY_FIELDS, 'instrumentType', 'category'] as const;
/** How a covered fact is named in "Verification removed: serial number changed". */
export const VERIFIED_FIELD_NAMES: Record<(typeof VERIFIED_FIELDS)[number], string> = {
  name: 'name',
  model: 'model',
  serialNumber: 'serial number',
  yearMade: 'year made',
  bodyWood: 'body wood',
  neckWood: 'neck wood',
  fretboardWood: 'fretboard wood',
  scaleLength: 'scale length',
  numberOfStrings: 'number of strings',
  instrumentType: 'type',
  category: 'category',
};
/** "Verification removed: serial number and year made changed". */
export function verificationRemovedReason(names: readonly string[]): string {
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `Verification removed: ${list} changed`;
}
/** Facts that belong to whoever owns the instrument now. */
export const OWNER_FIELDS = ['condition', 'estimatedValue'] as const;
