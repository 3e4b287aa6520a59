// The words generated passports are made of, for `npm run sample:scale` (scripts/generate-instruments.ts) and the
// bench's growth (bench/grow.ts), both through the one statement of scripts/scale-grow.ts.
import { CATEGORIES_BY_TYPE, INSTRUMENT_TYPES } from '../contract/registry-values';

/** Every family; a passport's category is one of its type's (CATEGORIES_BY_TYPE), picked by the same seed. */
export const SCALE_TYPES = INSTRUMENT_TYPES;
export const SCALE_CATEGORIES = CATEGORIES_BY_TYPE;
export const SCALE_CONDITIONS = ['mint', 'excellent', 'good', 'fair', 'poor'] as const;
export const SCALE_WOODS = [
  'spruce',
  'cedar',
  'maple',
  'mahogany',
  'rosewood',
  'walnut',
  'koa',
  'cypress',
  'ebony',
  'blackwood',
] as const;
/** The sample drawings in client/public/instruments are named `<type>-<wood>.svg` for these woods. */
export const SCALE_DRAWINGS = ['spruce', 'cedar', 'maple', 'mahogany'] as const;
export const SCALE_ADJECTIVES = [
  'Concert',
  'Studio',
  'Parlour',
  'Grand',
  'Vintage',
  'Session',
  'Travel',
  'Heritage',
  'Salon',
  'Folk',
] as const;
