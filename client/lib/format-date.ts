// The product's one date style: the reader's own locale, the month in words ("26 November 2026" in en-GB,
// "November 26, 2026" in en-US, "26. November 2026" in de). Dates without a time (YYYY-MM-DD) are days, read in
// UTC so that no time zone moves them to the day before.

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

const asDate = (iso: string | Date) =>
  iso instanceof Date ? iso : new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);

/** A day: "26 November 2026" (in the reader's locale). */
export const formatDay = (iso: string | Date) =>
  new Intl.DateTimeFormat(undefined, {
    ...DAY,
    timeZone: typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : undefined,
  }).format(asDate(iso));

/** A month: "November 2026" (in the reader's locale). */
export const formatDate = (
  iso: string,
  options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' },
) => new Intl.DateTimeFormat(undefined, options).format(asDate(iso));
