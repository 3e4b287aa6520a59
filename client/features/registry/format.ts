import { formatPrice } from '../../../presentation/money';
import { formatDay } from '../../lib/format-date';

/**
 * A stored amount in its ISO 4217 currency, as every price reads (formatPrice: "€4,500.00", "¥350,000");
 * one stored without a currency is USD, what amounts meant before currencies. '—' when there is none.
 */
export const formatMoney = (
  value: number | string | null | undefined,
  currency: string | null | undefined,
) => (value == null ? '—' : formatPrice({ price: String(value), currency: currency ?? 'USD' }));

export const capitalize = (s: string) => (s ? `${s[0]!.toUpperCase()}${s.slice(1)}` : s);

/** A date in the product's one style (formatDay); '—' when there is none, the raw text when it is no date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  return Number.isNaN(new Date(value.length === 10 ? `${value}T00:00:00Z` : value).getTime())
    ? value
    : formatDay(value);
}

const EVENT_LABELS: Record<string, string> = {
  created: 'Passport created',
  edited: 'Build details edited',
  corrected: 'Identity corrected by the maker',
  photo_added: 'Photo added',
  photo_removed: 'Photo removed',
  photo_caption_changed: 'Photo caption changed',
  photo_primary_changed: 'Main photo changed',
  photos_reordered: 'Photos reordered',
  service_recorded: 'Service recorded',
  service_approved: 'Service record approved',
  service_rejected: 'Service record rejected',
  service_confirmed: 'Servicer confirmed the service',
  service_declined: 'Servicer did not confirm the service',
  transfer_offered: 'Transfer offered',
  transfer_accepted: 'Ownership transferred',
  transfer_declined: 'Transfer declined',
  transfer_cancelled: 'Transfer cancelled',
  transfer_expired: 'Transfer offer expired',
  verified: 'Verified by the registry',
  unverified: 'Verification removed',
  reported_stolen: 'Reported stolen',
  recovered: 'Recovered',
};
export const eventLabel = (type: string) => EVENT_LABELS[type] ?? capitalize(type.replace(/_/g, ' '));

/** A changed field in the history, in words (contract/history-fields.ts): never its key. */
export { historyFieldLabel as fieldLabel } from '../../../contract/history-fields';
