// Which drawing in client/public/instruments/ shows an instrument: one per type and, for guitars, per body style
// (scripts/draw-instruments.mjs drew the classical, electric and archtop ones), and the hammered dulcimer apart
// from the mountain one (scripts/draw-families.ts), in one of four woods.

/** The drawing style: the type itself, for a guitar its body style, for a hammered dulcimer its own. */
export function drawingStyle(type: string, category: string | null | undefined): string {
  if (type === 'dulcimer') return category === 'hammered' ? 'hammered-dulcimer' : 'dulcimer';
  if (type !== 'guitar') return type;
  if (category === 'classical' || category === 'flamenco') return 'classical';
  if (category === 'electric') return 'electric';
  if (category === 'archtop') return 'archtop';
  return 'guitar'; // the steel-string acoustic
}

/** The same rule in SQL, for rows grown inside the database (bench/grow.ts). */
export const DRAWING_STYLE_SQL = (type: string, category: string) =>
  `case when ${type} = 'dulcimer' and ${category} = 'hammered' then 'hammered-dulcimer' when ${type} <> 'guitar' then ${type} when ${category} in ('classical', 'flamenco') then 'classical' when ${category} in ('electric', 'archtop') then ${category} else 'guitar' end`;

export const drawingUrl = (type: string, category: string | null | undefined, wood: string) =>
  `/instruments/${drawingStyle(type, category)}-${wood}.svg`;
