import type { Transfer } from '../../../contract/registry';
import type { AppContext } from '../../context';
import { notify } from '../../notify/notifications';
import type { SessionUser } from '../../plugins/sessions';
import { offerNotice } from '../../notify/offer-notices';
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
    price: number | null;
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
      await notify(ctx, tx, [offerNotice('offer_received', account, instrument.name, row.id)]);
    },
  );
  if (!reachedAccount) {
    const link = `${ctx.env.publicUrl}/transfers/${transfer.id}`;
    // Not awaited: an account's notice is mailed after the answer too, so how long the answer takes does not
    // tell the sender whether the address has an account.
    void ctx.mailer
      .send({
        to: to.toEmail,
        subject: 'An instrument is being transferred to you',
        text: [
          `Someone offers you the ownership of an instrument in the Luthier Registry (${to.method}).`,
          '',
          `Accept or decline it here: ${link}`,
          '',
          'The offer expires in 14 days. To answer it, sign in with an account whose email address is this one and',
          'confirm the address from the link we send you when you register.',
        ].join('\n'),
      })
      // Like the notification mails: a failed send must not fail the offer, which the recipient can still reach.
      .catch(() => undefined);
  }
  return transfer;
}
