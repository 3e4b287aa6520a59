import { formatDate } from '../../lib/format-date';

/** The day a certificate was issued, as its credential states it (in UTC), in the app's date style. */
export const certificateDate = (iso: string) =>
  formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
