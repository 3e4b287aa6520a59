import type { AppContext } from '../../context';
import { mailSafeText } from '../../notify/mail-text';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { NotificationInput, NotificationKind } from '../../notify/notifications';

/** The account that has proven `email`, if any: only such an account may see what is addressed to it. */
export async function verifiedAccountFor(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNotNull(users.emailVerifiedAt)));
  return row?.id ?? null;
}

export function stolenOfferNotice(userId: string, instrumentName: string): NotificationInput {
  return {
    userId,
    kind: 'stolen_offer_cancelled',
    title: `An offer of ${instrumentName} was cancelled`,
    body: `"${instrumentName}" was reported stolen by its owner, so the offer made to you is cancelled. It cannot change hands until it is recovered.`,
    link: null,
  };
}

const serviceTexts = {
  service_pending: (name: string, by: string) => ({
    title: `A service record for ${name} awaits your approval`,
    body: `${by} recorded a service on "${name}". It stays private until you approve it.`,
  }),
  service_approved: (name: string) => ({
    title: `Your service record for ${name} was approved`,
    body: `The owner approved your service record: it is now part of the public history of "${name}".`,
  }),
  service_rejected: (name: string) => ({
    title: `Your service record for ${name} was rejected`,
    body: `The owner rejected your service record on "${name}". It will not appear in its public history.`,
  }),
} satisfies Partial<Record<NotificationKind, (name: string, by: string) => { title: string; body: string }>>;

export function serviceNotice(
  kind: keyof typeof serviceTexts,
  userId: string,
  instrument: { id: string; name: string },
  by = '',
): NotificationInput {
  return {
    userId,
    kind,
    ...serviceTexts[kind](instrument.name, by),
    link: `/instruments/${instrument.id}`,
  };
}

/**
 * An offer mailed to an address no account had proven is withdrawn (cancelled by the sender, or the instrument
 * reported stolen): the address that was told of the offer is told it is gone, as an account is in its inbox.
 */
export async function mailOfferWithdrawn(
  ctx: AppContext,
  offer: { id: string; toEmail: string },
  instrumentName: string,
  reason: 'cancelled' | 'stolen',
) {
  await ctx.mailer
    .send({
      to: offer.toEmail,
      subject: 'An instrument transfer offered to you was withdrawn',
      text: [
        reason === 'stolen'
          ? `The offer of "${mailSafeText(instrumentName)}" to you is withdrawn: the instrument was reported stolen.`
          : `The offer of "${mailSafeText(instrumentName)}" to you was cancelled by the person who made it.`,
        '',
        'Nothing is needed from you.',
      ].join('\n'),
    })
    .catch(() => undefined);
}
