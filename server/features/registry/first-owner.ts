import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { findRecipient } from './write.queries';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Who a first owner named at registration is offered the instrument to; null when the maker named themselves.
 * An address is never looked up: the offer goes to the address whether or not an account uses it, and the answer
 * to the maker is the same either way. A handle is public, so an unknown one is said plainly.
 */
export async function firstOwnerOffer(db: Db, maker: SessionUser, named: string) {
  const fail = (message: string) => badRequest(message, { firstOwner: message });
  const value = named.trim();
  if (value.includes('@') && !value.startsWith('@')) {
    const email = value.toLowerCase();
    if (!EMAIL.test(email)) throw fail('Enter a valid email address or handle.');
    if (email === maker.email) return null;
    return { toUserId: null, toEmail: email, toLabel: value };
  }
  const { user: person, email } = await findRecipient(db, value);
  if (!person || !email) throw fail('Nobody has that handle. Enter their email address instead.');
  if (person.id === maker.id) return null;
  return { toUserId: person.id, toEmail: email, toLabel: value };
}
