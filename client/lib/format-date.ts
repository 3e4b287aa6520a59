// The product's one date style: the reader's own locale, the month in words ("26 November 2026" in en-GB,
// "November 26, 2026" in en-US, "26. November 2026" in de). Dates without a time (YYYY-MM-DD) are days, read in
// UTC so that no time zone moves them to the day before.

import { dateTimeFormat } from '../../presentation/intl-formats';

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

const asDate = (iso: string | Date) =>
  iso instanceof Date ? iso : new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);

/** A day: "26 November 2026" (in the reader's locale). */
export const formatDay = (iso: string | Date) =>
  (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? DAY_UTC : DAY_HERE)().format(asDate(iso));
const DAY_UTC = () => dateTimeFormat(undefined, { ...DAY, timeZone: 'UTC' });
const DAY_HERE = () => dateTimeFormat(undefined, DAY);

/**
 * A moment: "26 November, 14:05" (in the reader's locale and time zone), with the year when it is not this
 * year's ("3 March 2025, 09:30"). For messages, notifications and sessions: things that happened at a time.
 */
export const formatDateTime = (iso: string | Date) => {
  const date = asDate(iso);
  return dateTimeFormat(undefined, {
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
};

/** Today as YYYY-MM-DD in UTC, as the server dates things: a date input's value or limit, never shown as text. */
export const todayInput = () => new Date().toISOString().slice(0, 10);

/** A month: "November 2026" (in the reader's locale). */
export const formatDate = (
  iso: string,
  options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' },
) => dateTimeFormat(undefined, options).format(asDate(iso));
