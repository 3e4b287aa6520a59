// What a person is told about an offer of ownership: the registry's transfers and the offers held for an address
// until an account proves it use the same words.
import { formatPrice } from '../../presentation/money';
import type { NotificationInput } from './notifications';

/** The private price of an offer, told to its two sides only. */
export interface OfferPrice {
  /** The exact decimal as stored ("4600.500"). */
  amount: string;
  currency: string;
}

/** An offer row's price, when it has one with its currency. */
export const priceOf = (t: { price: string | null; priceCurrency: string | null }): OfferPrice | null =>
  t.price != null && t.priceCurrency ? { amount: t.price, currency: t.priceCurrency } : null;

// Mails and the inbox are written in one language, so their amounts are too; in the one format of amounts.
const priceWords = (price: OfferPrice | null) =>
  price ? ` for ${formatPrice({ price: price.amount, currency: price.currency }, 'en-US')}` : '';

const offerTexts: Record<
  'offer_received' | 'offer_accepted' | 'offer_declined' | 'offer_expired' | 'offer_cancelled',
  (name: string, price: OfferPrice | null) => { title: string; body: string }
> = {
  offer_received: (name, price) => ({
    title: `An instrument is offered to you: ${name}`,
    body: `You are offered the ownership of "${name}"${priceWords(price)}. Accept or decline it before it expires, 14 days after it was made.`,
  }),
  offer_accepted: (name) => ({
    title: `Your offer of ${name} was accepted`,
    body: `The recipient accepted your offer: "${name}" now belongs to them.`,
  }),
  offer_declined: (name) => ({
    title: `Your offer of ${name} was declined`,
    body: `The recipient declined your offer of "${name}". You still own it.`,
  }),
  offer_expired: (name) => ({
    title: `Your offer of ${name} expired`,
    body: `Nobody answered your offer of "${name}" within 14 days. You still own it and may offer it again.`,
  }),
  offer_cancelled: (name) => ({
    title: `An offer of ${name} was cancelled`,
    body: `The offer of "${name}" made to you was withdrawn by its sender.`,
  }),
};

export function offerNotice(
  kind: keyof typeof offerTexts,
  userId: string,
  instrumentName: string,
  transferId: string,
  price: OfferPrice | null = null,
): NotificationInput {
  return { userId, kind, ...offerTexts[kind](instrumentName, price), link: `/transfers/${transferId}` };
}

const METHOD_WORDS: Record<string, string> = {
  purchase: 'a purchase',
  commission: 'a commission',
  gift: 'a gift',
  inheritance: 'an inheritance',
  trade: 'a trade',
};

/**
 * The mail to an address no account has proven yet (a new buyer, most often): who offers what, with the
 * instrument's photo, passport code and public passport so the buyer can check it before answering, and how to
 * answer (an account with this address, confirmed by the link we mail at sign-up).
 */
export function newBuyerOfferMail(offer: {
  senderName: string;
  instrumentName: string;
  passportCode: string;
  /** Absolute URL of the instrument's main photo, when it has one. */
  photoUrl: string | null;
  method: string;
  publicUrl: string;
  transferId: string;
}): { subject: string; text: string } {
  const passport = `${offer.publicUrl}/p/${offer.passportCode}`;
  const offerLink = `${offer.publicUrl}/transfers/${offer.transferId}`;
  return {
    subject: `${offer.senderName} offers you ${offer.instrumentName}`,
    text: [
      `${offer.senderName} offers you the ownership of "${offer.instrumentName}" in the Luthier Registry, as ${
        METHOD_WORDS[offer.method] ?? offer.method
      }.`,
      '',
      `Instrument: ${offer.instrumentName}`,
      `Passport code: ${offer.passportCode}`,
      `Public passport (maker, history, photos): ${passport}`,
      ...(offer.photoUrl ? [`Photo: ${offer.photoUrl}`] : []),
      '',
      `Accept or decline the offer here: ${offerLink}`,
      '',
      'To answer, create an account (or sign in) with this email address and confirm the address from the link',
      'we send you. The offer stays open until you answer, its sender cancels it, or 14 days have passed.',
    ].join('\n'),
  };
}
