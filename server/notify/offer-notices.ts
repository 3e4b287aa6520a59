// What a person is told about an offer of ownership: the registry's transfers and the offers held for an address
// until an account proves it use the same words.
import type { NotificationInput } from './notifications';

const offerTexts: Record<
  'offer_received' | 'offer_accepted' | 'offer_declined' | 'offer_expired' | 'offer_cancelled',
  (name: string) => { title: string; body: string }
> = {
  offer_received: (name) => ({
    title: `An instrument is offered to you: ${name}`,
    body: `You are offered the ownership of "${name}". Accept or decline it before it expires, 14 days after it was made.`,
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
): NotificationInput {
  return { userId, kind, ...offerTexts[kind](instrumentName), link: `/transfers/${transferId}` };
}
