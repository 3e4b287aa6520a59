import { eq, sql } from 'drizzle-orm';
import type { Transfer } from '../../../contract/registry';
import type { AppContext } from '../../context';
import { notify } from '../../notify/notifications';
import type { SessionUser } from '../../plugins/sessions';
import { newBuyerOfferMail, offerNotice, priceOf } from '../../notify/offer-notices';
import { publicName } from '../../market/shop-replies';
import type { Db } from '../../db/client';
import { instruments } from '../../db/schema';
import { photoColumns, primaryPhoto } from '../../media/primary-photo';
import { cardImageUrl } from './list.queries';
import { createOffer, recipientAccount } from './transfers.queries';

/**
 * Records the offer and tells the recipient: an account that can see it gets an inbox entry (and its mail); an
 * address no account has proven gets a plain mail with the link. The sender learns nothing about which it was.
 */
export async function offerTransfer(
  ctx: AppContext,
  instrument: { id: string; name: string },
  from: SessionUser,
  to: {
    toUserId: string | null;
    toEmail: string;
    toLabel: string;
    method: Transfer['method'];
    price: string | null;
    priceCurrency: string | null;
  },
) {
  let reachedAccount = false;
  const transfer = await createOffer(
    ctx.db,
    { instrumentId: instrument.id, fromUserId: from.id, ...to },
    async (tx, row) => {
      const account = await recipientAccount(tx, row);
      if (!account) return;
      reachedAccount = true;
      await notify(ctx, tx, [offerNotice('offer_received', account, instrument.name, row.id, priceOf(row))]);
    },
  );
  if (!reachedAccount) {
    const mail = newBuyerOfferMail({
      senderName: publicName(from),
      instrumentName: instrument.name,
      ...(await passportFacts(ctx.db, instrument.id, ctx.env.publicUrl)),
      method: to.method,
      publicUrl: ctx.env.publicUrl,
      transferId: transfer.id,
    });
    // Not awaited: an account's notice is mailed after the answer too, so how long the answer takes does not
    // tell the sender whether the address has an account.
    void ctx.mailer
      .send({ to: to.toEmail, ...mail })
      // Like the notification mails: a failed send must not fail the offer, which the recipient can still reach.
      .catch(() => undefined);
  }
  return transfer;
}

/** The passport code and the main photo (as an absolute URL) that the offer mail shows. */
async function passportFacts(db: Db, instrumentId: string, publicUrl: string) {
  const photo = primaryPhoto(db);
  const [row] = await db
    .select({ passportCode: instruments.passportCode, photo: photoColumns(photo) })
    .from(instruments)
    .leftJoinLateral(photo, sql`true`)
    .where(eq(instruments.id, instrumentId));
  const url = cardImageUrl(row?.photo ?? null);
  return { passportCode: row?.passportCode ?? '', photoUrl: url ? `${publicUrl}${url}` : null };
}
