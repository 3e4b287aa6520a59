// The registry's fixed values, without Zod. The client imports them from here, so a page that needs the list of
// instrument types does not download and build every schema with them; registry.ts re-exports them.

/**
 * What luthiers make, by family: the seed's four first (guitar, violin, mandolin, banjo), then the rest of the
 * violin family, the plucked instruments and a few others. The value is what the API and the database carry; its
 * words for people are INSTRUMENT_TYPE_LABELS.
 */
export const INSTRUMENT_TYPES = [
  'guitar',
  'violin',
  'mandolin',
  'banjo',
  'viola',
  'cello',
  'double-bass',
  'bass-guitar',
  'ukulele',
  'lute',
  'oud',
  'bouzouki',
  'harp',
  'hurdy-gurdy',
  'viola-da-gamba',
  'dulcimer',
] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];
/** The seed's five categories first; the others are the styles, sizes and set-ups of the newer types. */
export const INSTRUMENT_CATEGORIES = [
  'acoustic',
  'electric',
  'classical',
  'flamenco',
  'archtop',
  'baroque',
  'bowl-back',
  'open-back',
  'resonator',
  'soprano',
  'concert',
  'tenor',
  'baritone',
  'renaissance',
  'arabic',
  'turkish',
  'greek',
  'irish',
  'lever',
  'pedal',
  'wire-strung',
  'lute-back',
  'flat-back',
  'treble',
  'bass',
  'appalachian',
  'hammered',
] as const;
export type InstrumentCategory = (typeof INSTRUMENT_CATEGORIES)[number];
/**
 * The categories that make sense for each type, the usual one first (what a pair that no longer made sense was
 * migrated to: the migration instrument_families; a new passport preselects none, the maker picks it). A
 * category is the instrument's style, size or set-up within its type: a violin is classical, baroque or
 * electric, never flamenco; a ukulele is a soprano, concert, tenor or baritone.
 */
export const CATEGORIES_BY_TYPE: Record<
  InstrumentType,
  readonly [InstrumentCategory, ...InstrumentCategory[]]
> = {
  guitar: ['acoustic', 'classical', 'flamenco', 'electric', 'archtop'],
  violin: ['classical', 'baroque', 'electric'],
  mandolin: ['acoustic', 'archtop', 'bowl-back', 'electric'],
  banjo: ['acoustic', 'open-back', 'resonator', 'electric'],
  viola: ['classical', 'baroque', 'electric'],
  cello: ['classical', 'baroque', 'electric'],
  'double-bass': ['classical', 'baroque', 'electric'],
  'bass-guitar': ['electric', 'acoustic'],
  ukulele: ['soprano', 'concert', 'tenor', 'baritone'],
  lute: ['renaissance', 'baroque'],
  oud: ['arabic', 'turkish'],
  bouzouki: ['greek', 'irish'],
  harp: ['lever', 'pedal', 'wire-strung'],
  'hurdy-gurdy': ['lute-back', 'flat-back'],
  'viola-da-gamba': ['treble', 'tenor', 'bass'],
  dulcimer: ['appalachian', 'hammered'],
};
/** The families the type picker groups its choices in. */
export const INSTRUMENT_FAMILIES: readonly { label: string; types: readonly InstrumentType[] }[] = [
  { label: 'Violin family', types: ['violin', 'viola', 'cello', 'double-bass'] },
  {
    label: 'Plucked',
    types: ['guitar', 'bass-guitar', 'mandolin', 'ukulele', 'banjo', 'lute', 'oud', 'bouzouki', 'harp'],
  },
  { label: 'Other strings', types: ['viola-da-gamba', 'hurdy-gurdy', 'dulcimer'] },
];
export const INSTRUMENT_TYPE_LABELS: Record<InstrumentType, string> = {
  guitar: 'guitar',
  violin: 'violin',
  mandolin: 'mandolin',
  banjo: 'banjo',
  viola: 'viola',
  cello: 'cello',
  'double-bass': 'double bass',
  'bass-guitar': 'bass guitar',
  ukulele: 'ukulele',
  lute: 'lute',
  oud: 'oud',
  bouzouki: 'bouzouki',
  harp: 'harp',
  'hurdy-gurdy': 'hurdy-gurdy',
  'viola-da-gamba': 'viola da gamba',
  dulcimer: 'dulcimer',
};
const isType = (t: string): t is InstrumentType => (INSTRUMENT_TYPES as readonly string[]).includes(t);
/** "double bass" for double-bass; an unknown value as it is. */
export const typeLabel = (type: string) => (isType(type) ? INSTRUMENT_TYPE_LABELS[type] : type);
/** Whether a category makes sense for a type. */
export const categoryFits = (type: string, category: string) =>
  isType(type) && (CATEGORIES_BY_TYPE[type] as readonly string[]).includes(category);
/** "Classical cello", "Lever harp", "Tenor viola da gamba": how a passport names what the instrument is. */
export function describeKind(type: string, category: string) {
  const words = `${category} ${typeLabel(type)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
/** "Choose a category of cello: classical, baroque or electric." */
export function wrongCategoryMessage(type: string) {
  if (!isType(type)) return 'Choose a category.';
  const list = CATEGORIES_BY_TYPE[type];
  const words = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : list[0];
  return `Choose a category of ${typeLabel(type)}: ${words}.`;
}
/** The registry's category filter offers the seed's four while no type is chosen, then the type's own. */
export const FILTER_CATEGORIES = ['acoustic', 'electric', 'classical', 'flamenco'] as const;
export const CONDITIONS = ['mint', 'excellent', 'good', 'fair', 'poor'] as const;
export const ACQUISITION_METHODS = ['purchase', 'commission', 'gift', 'inheritance', 'trade'] as const;
export const SERVICE_TYPES = ['setup', 'maintenance', 'repair', 'restoration'] as const;
/** How the registry list can be ordered; newest first unless asked. */
// No order by estimated value: it is the owner's, and a public ranking would tell it.
export const REGISTRY_SORTS = ['relevance', 'newest', 'year-desc', 'year-asc'] as const;
export type RegistrySort = (typeof REGISTRY_SORTS)[number];
/**
 * The order a list is given: as asked, else best matches first for a search and newest first without one
 * (relevance without a search is newest first).
 */
export function effectiveSort(sort: RegistrySort | undefined, search: string | undefined): RegistrySort {
  const chosen = sort ?? (search ? 'relevance' : 'newest');
  return chosen === 'relevance' && !search ? 'newest' : chosen;
}
export const INSTRUMENT_STATUSES_PUBLIC = ['active', 'stolen', 'destroyed'] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;
/** Longer search input is cut, not refused: nobody types 200 characters to find a guitar. */
export const MAX_SEARCH_LENGTH = 200;
/**
 * The registry list counts matches exactly up to this many; beyond it X-Total-Count says this number and
 * X-Total-Count-Capped says "true" ("100+ found"). Counting reads rows until cap + 1 match, about cap ÷ (the
 * share of passports that match) rows whatever the registry's size, so a broad search costs the same at 1,000
 * or 1,000,000 passports (docs/decisions/023).
 */
export const REGISTRY_COUNT_CAP = 100;
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
export const OWNER_FIELDS = ['condition', 'estimatedValue', 'estimatedValueCurrency'] as const;
