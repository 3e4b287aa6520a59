import type { Transfer } from '../../../contract/registry';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import { createOffer } from './transfers.queries';

/** Records the offer and mails the recipient the link to accept or decline it. */
export async function offerTransfer(
  { db, mailer, env }: AppContext,
  instrumentId: string,
  from: SessionUser,
  to: {
    toUserId: string | null;
    toEmail: string;
    toLabel: string;
    method: Transfer['method'];
    price: number | null;
  },
) {
  const transfer = await createOffer(db, { instrumentId, fromUserId: from.id, ...to });
  const link = `${env.publicUrl}/transfers/${transfer.id}`;
  await mailer.send({
    to: to.toEmail,
    subject: `${from.displayName} is transferring an instrument to you`,
    text: [
      `${from.displayName} offers you the ownership of an instrument in the Luthier Registry (${to.method}).`,
      '',
      `Accept or decline it here: ${link}`,
      '',
      'The offer expires in 14 days. If you have no account yet, register with this email address first.',
    ].join('\n'),
  });
  return transfer;
}
