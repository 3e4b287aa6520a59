// One passport event in plain words, for the public history (/p/{code}) and for the Verify panel, which describes
// the log leaves it checked. The data is the event's public view: secret values are left out, and in a leaf every
// private value (prices, notes, free text) is a commitment `{"$commit": …}`, which is never read out.
import { isCommitment } from '../contract/log/commitment';

/** How an identity fact is named in "Serial corrected from A to B by the maker: reason". */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  instrumentType: 'Type',
  category: 'Category',
  model: 'Model',
  serialNumber: 'Serial',
  bodyWood: 'Body wood',
  neckWood: 'Neck wood',
  fretboardWood: 'Fretboard wood',
  finishType: 'Finish',
  numberOfStrings: 'Number of strings',
  scaleLength: 'Scale length',
  description: 'Description',
  yearMade: 'Year made',
  condition: 'Condition',
};

const plain = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

const changesOf = (data: Record<string, unknown>) =>
  (Array.isArray(data.changes) ? data.changes : []).filter(
    (c): c is { field: string; from?: unknown; to?: unknown } =>
      Boolean(c) && typeof c === 'object' && typeof (c as { field?: unknown }).field === 'string',
  );

/** "Serial from A to B"; a value not readable in public (committed, or empty) is left out of the sentence. */
function change(c: { field: string; from?: unknown; to?: unknown }, verb: string): string | null {
  const label = FIELD_LABELS[c.field];
  if (!label) return null;
  const from = plain(c.from);
  const to = plain(c.to);
  if (isCommitment(c.from) || isCommitment(c.to) || (!from && !to)) return `${label} ${verb}`;
  if (!from) return `${label} ${verb} to ${to}`;
  if (!to) return `${label} ${verb} (was ${from}), now empty`;
  return `${label} ${verb} from ${from} to ${to}`;
}

const OWNER_FIELDS: ReadonlySet<string> = new Set(['condition', 'estimatedValue', 'estimatedValueCurrency']);

const METHOD_WORDS: Record<string, string> = {
  purchase: 'by purchase',
  commission: 'on commission',
  gift: 'as a gift',
  inheritance: 'by inheritance',
  trade: 'in a trade',
};

/** One sentence for an event; null for an event type a guest never sees (offers). */
export function describePassportEvent(type: string, data: Record<string, unknown>): string | null {
  const changes = changesOf(data);
  const reason = plain(data.reason);
  const service = plain(data.serviceType) ?? 'service';
  const shop = plain(data.servicerName);
  switch (type) {
    case 'created':
      return 'Passport registered by the maker';
    case 'edited': {
      const parts = changes.map((c) => change(c, 'changed')).filter(Boolean);
      // Condition and value are the owner's; every other fact is the maker's.
      const by = changes.every((c) => OWNER_FIELDS.has(c.field)) ? 'the owner' : 'the maker';
      return parts.length ? `${parts.join('; ')} by ${by}` : `Details updated by ${by}`;
    }
    case 'corrected': {
      const parts = changes.map((c) => change(c, 'corrected')).filter(Boolean);
      const what = parts.length ? parts.join('; ') : 'Identity facts corrected';
      return `${what} by the maker${reason ? `: ${reason}` : ' (reason recorded in the log)'}`;
    }
    case 'photo_added':
      return 'Photo added';
    case 'photo_removed':
      return 'Photo removed';
    case 'photo_caption_changed':
      return 'Photo caption changed';
    case 'photo_primary_changed':
      return 'Main photo changed';
    case 'photos_reordered':
      return 'Photos reordered';
    case 'service_recorded':
      return `${cap(service)} recorded${shop ? ` (${shop})` : ''}`;
    case 'service_approved':
      return `${cap(service)} record approved by the owner`;
    case 'service_rejected':
      return 'A service record was rejected by the owner';
    case 'service_confirmed':
      return `${cap(service)} confirmed by ${shop ?? 'the named shop'}`;
    case 'service_declined':
      return `${cap(service)} not confirmed by ${shop ?? 'the named shop'}`;
    case 'transfer_accepted': {
      const how = METHOD_WORDS[plain(data.method) ?? ''];
      return `Changed hands${how ? ` ${how}` : ''}: a new owner accepted it`;
    }
    case 'verified':
      return 'Verified by a registry administrator';
    case 'unverified':
      return reason ?? 'Verification removed';
    case 'reported_stolen': {
      const place = plain(data.place);
      return `Reported stolen by the owner${place ? `, taken in ${place}` : ''}`;
    }
    case 'recovered':
      return 'Marked recovered by the owner';
    default:
      return null;
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The day an event happened: its own date where it carries one (a theft, a sale recorded later), else logged. */
export function eventDay(type: string, data: Record<string, unknown>, at: string): string {
  const own = typeof data.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.date) ? data.date : null;
  return type !== 'reported_stolen' && own ? own : at.slice(0, 10);
}
