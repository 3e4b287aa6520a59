import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import { notify } from '../../notify/notifications';
import { publicName } from '../../notify/shop-conversation';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A person may write to 10 shops an hour and a shop receives at most 30 messages an hour from everyone: enough
 * for real enquiries, too few to use a maker's inbox as a mailing list.
 */
export async function limitShopMessage(app: FastifyInstance, senderId: string, shopId: string) {
  await app.rateLimit(`shop-message:sender:${senderId}`, 10, HOUR_MS);
  await app.rateLimit(`shop-message:shop:${shopId}`, 30, HOUR_MS);
}

/**
 * The message goes to the maker's inbox (and their mail, as the inbox mails) with the sender's public name and
 * a link to their public page; neither side's email address is shown to the other. Who wrote it and to which
 * shop is kept on the entry, server-side, so the maker can answer in the app.
 */
export async function sendShopMessage(
  ctx: AppContext,
  shop: { id: string; name: string; ownerId: string },
  sender: SessionUser,
  message: string,
): Promise<void> {
  await notify(ctx, ctx.db, [
    {
      userId: shop.ownerId,
      kind: 'shop_message',
      title: `${publicName(sender)} wrote to ${shop.name}`,
      body: message,
      link: sender.handle ? `/u/${sender.handle}` : null,
      counterpartUserId: sender.id,
      shopId: shop.id,
    },
  ]);
}
