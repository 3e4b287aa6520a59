// The one place that decides what of a passport is public: who an owner is shown as, which events a guest sees,
// which facts are the owner's alone, and which names free text must not carry. The log's leaves
// (public-data.ts), the public passport, the registry's cards and the detail view of anyone but the owner and
// admins are all built from these rules.

/**
 * An owner is named only after choosing to be: `false` is that choice; `true` chose "Private owner"; null (never
 * chose) counts as private.
 */
export const ownerIsPublic = (choice: boolean | null | undefined): boolean => choice === false;

/**
 * Offers and what becomes of them (declined, cancelled, expired) are the owner's business: a pending or failed
 * sale is never public, so these events are neither log leaves nor shown to anyone but the owner and admins. A
 * completed transfer is public (as `transfer_accepted`, with the new owner shown by the rules below).
 */
export const OWNER_ONLY_EVENTS: ReadonlySet<string> = new Set([
  'transfer_offered',
  'transfer_declined',
  'transfer_cancelled',
  'transfer_expired',
]);
export const isPublicEvent = (type: string) => !OWNER_ONLY_EVENTS.has(type);

/**
 * Keys whose values only the people they concern see, wherever they appear in event data (or as the `field` of a
 * change `{field, from, to}`): money, including the estimated value, which is the current owner's; contact
 * details; owners' names; private notes.
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'price',
  'purchasePrice',
  'purchaseCurrency',
  'priceCurrency',
  'cost',
  'costCurrency',
  'estimatedValue',
  'estimatedValueCurrency',
  'value',
  'notes',
  'email',
  'toEmail',
  'toLabel',
  'fromEmail',
  'ownerName',
  'buyerName',
  'sellerName',
  'address',
  'phone',
]);

/**
 * Free text that people type and others may read: shown in the public views without the names of private owners,
 * and committed in a leaf (public-data.ts), which cannot take a name out later. The instrument's name, model,
 * serial number and woods are identity facts, not free text: a buyer matches them to the object.
 */
export const FREE_TEXT_KEYS: ReadonlySet<string> = new Set([
  'description',
  'workPerformed',
  'servicerName',
  'caption',
  'previousCaption',
  'place',
  'reason',
  'note',
]);

const fieldOf = (v: unknown) =>
  v && typeof v === 'object' && typeof (v as { field?: unknown }).field === 'string'
    ? (v as { field: string }).field
    : null;

/**
 * An event's data as someone other than the owner and admins sees it: secret members (and changes of secret
 * fields) left out, free text without the names in `hide`.
 */
export function publicViewData(data: Record<string, unknown>, hide: string[]): Record<string, unknown> {
  const walk = (value: unknown, textHere: boolean): unknown => {
    if (typeof value === 'string') return textHere ? withoutNames(value, hide) : value;
    if (Array.isArray(value))
      return value
        .filter((v) => {
          const field = fieldOf(v);
          return !field || !SECRET_KEYS.has(field);
        })
        .map((v) => walk(v, false));
    if (value && typeof value === 'object') {
      const field = fieldOf(value);
      const textChange = field !== null && FREE_TEXT_KEYS.has(field);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (SECRET_KEYS.has(k)) continue;
        out[k] = walk(v, FREE_TEXT_KEYS.has(k) || (textChange && (k === 'from' || k === 'to')));
      }
      return out;
    }
    return value;
  };
  return walk(data, false) as Record<string, unknown>;
}

export interface OwnerFacts {
  userId: string | null;
  hadAccount: boolean;
  ownerName: string;
  location: string | null;
  userName: string | null;
  userLocation: string | null;
  /** The account's choice (users.owner_privacy). */
  userPrivacy: boolean | null;
  /** The account's profile handle, if it has one. */
  userHandle?: string | null;
}

/** Whether this ownership record's owner may be named in public. */
export const recordIsPublic = (rec: Pick<OwnerFacts, 'userId' | 'userPrivacy'>) =>
  Boolean(rec.userId) && ownerIsPublic(rec.userPrivacy);

/**
 * How an owner appears to someone who is neither that owner nor an admin: named (with city and profile handle)
 * only when their account chose to be public. A deleted account is "Former owner"; an owner recorded without an
 * account (older records) could never choose, so stays private.
 */
export function publicOwnerOf(rec: OwnerFacts): {
  name: string;
  location: string | null;
  handle: string | null;
} {
  if (rec.userId && ownerIsPublic(rec.userPrivacy))
    return {
      name: rec.userName ?? rec.ownerName,
      location: rec.location ?? rec.userLocation,
      handle: rec.userHandle ?? null,
    };
  if (!rec.userId && rec.hadAccount) return { name: 'Former owner', location: null, handle: null };
  return { name: 'Private owner', location: null, handle: null };
}

/** The names of a passport's owners who are not public: what free text shown in public must not carry. */
export function privateNamesOf(records: OwnerFacts[]): string[] {
  const names = new Set<string>();
  for (const rec of records) {
    if (recordIsPublic(rec)) continue;
    for (const n of [rec.ownerName, rec.userName]) if (n?.trim()) names.add(n.trim());
  }
  return [...names];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes the given people's names from text: the whole name, and each part of it of three letters or more
 * ("Anna Weber" also takes "Weber"), matched as whole words in any case. A part that happens to be an ordinary
 * word is removed too: hiding a word too many is the safe side.
 */
export function withoutNames(text: string, names: string[]): string;
export function withoutNames(text: string | null, names: string[]): string | null;
export function withoutNames(text: string | null, names: string[]): string | null {
  if (!text || !names.length) return text;
  const parts = new Set<string>();
  for (const name of names) {
    parts.add(name);
    for (const p of name.split(/[\s,.'’-]+/u)) if ([...p].length >= 3) parts.add(p);
  }
  // Longest first, so a whole name is replaced before its parts.
  const alternatives = [...parts].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text.replace(pattern, 'a private owner').replace(/(a private owner)(\s+a private owner)+/giu, '$1');
}
