import { formatDay } from '../../lib/format-date';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const formatMoney = (value: number | null | undefined) => (value == null ? '—' : money.format(value));

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

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  instrumentType: 'Type',
  category: 'Category',
  model: 'Model',
  serialNumber: 'Serial number',
  bodyWood: 'Body wood',
  neckWood: 'Neck wood',
  fretboardWood: 'Fretboard wood',
  finishType: 'Finish',
  numberOfStrings: 'Strings',
  scaleLength: 'Scale length (mm)',
  description: 'Description',
  yearMade: 'Year made',
  estimatedValue: 'Estimated value',
  condition: 'Condition',
};
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;
