// The one rule deciding which parts of a passport event's data a public log leaf may show. Everything else is
// replaced by a salted SHA-256 commitment (contract/log/commitment.ts); the salts stay in log_salts.
import { randomBytes } from 'node:crypto';
import { commit } from '../../contract/log/commitment';
import { FREE_TEXT_KEYS, SECRET_KEYS } from './public-projection';

/**
 * Keys whose values never appear in clear in a leaf (public-projection.ts lists them): money, contact details
 * and owners' names, and every free text a person types. A leaf is forever and an owner's choice of privacy is
 * not: any such text may name an owner who is, or later becomes, private. The public views, which are rebuilt at
 * every read, show free text with those names taken out instead; a leaf cannot be.
 */
export const PRIVATE_KEYS: ReadonlySet<string> = new Set([...SECRET_KEYS, ...FREE_TEXT_KEYS]);

export interface PrivateValue {
  /** Dot path inside `data`, e.g. `changes.0.to`. */
  path: string;
  salt: string;
  value: unknown;
}

/**
 * Returns the data with private values committed, and the salts. A member is private when its key is in
 * PRIVATE_KEYS, or when it is the `from`/`to` of a change record `{field, from, to}` whose field is.
 */
export async function publicEventData(
  data: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; secrets: PrivateValue[] }> {
  const secrets: PrivateValue[] = [];
  const walk = async (value: unknown, path: string, forced: boolean): Promise<unknown> => {
    if (forced) {
      const salt = randomBytes(32).toString('hex');
      secrets.push({ path, salt, value: value ?? null });
      return commit(value ?? null, salt);
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const [i, v] of value.entries()) out.push(await walk(v, `${path}.${i}`, false));
      return out;
    }
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      const record = value as Record<string, unknown>;
      const changeOfPrivate = typeof record.field === 'string' && PRIVATE_KEYS.has(record.field);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(record)) {
        if (v === undefined) continue;
        const privateHere = PRIVATE_KEYS.has(k) || (changeOfPrivate && (k === 'from' || k === 'to'));
        out[k] = await walk(v, path ? `${path}.${k}` : k, privateHere);
      }
      return out;
    }
    return value instanceof Date ? value.toISOString() : value;
  };
  const out = (await walk(data, '', false)) as Record<string, unknown>;
  return { data: out, secrets };
}
