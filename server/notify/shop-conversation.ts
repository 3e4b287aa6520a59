import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGE_KINDS } from '../../contract/notifications';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { notifications, shops } from '../db/schema';
import type { SessionUser } from '../plugins/sessions';
import { notify } from './notifications';

// A conversation between a member and a shop, in the inbox: the member's message (features/profiles) and the
// replies either side sends from their notifications. Each entry keeps, server-side, who wrote it and the shop
// it is about; the client only ever names the entry it answers.

const HOUR_MS = 60 * 60 * 1000;

/** The name a member is shown by to the other side: their display name, never their email. */
export const publicName = (user: SessionUser) => user.displayName.trim() || 'A Luthier Registry member';

/**
 * A person may send 30 replies an hour: a maker can answer every message their shop may receive in an hour
 * (30), and nobody can use replies to flood someone who once wrote to them.
 */
export async function limitShopReply(app: FastifyInstance, replierId: string) {
  await app.rateLimit(`shop-reply:sender:${replierId}`, 30, HOUR_MS);
}

/**
 * A message to `userId` that they may answer: a shop message or reply addressed to them whose writer still has
 * an account. Anything else (someone else's entry, another kind, a deleted writer) is null, so it answers 404.
 */
export async function findAnswerableMessage(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({
      counterpartUserId: notifications.counterpartUserId,
      shopId: notifications.shopId,
      conversationId: notifications.conversationId,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        inArray(notifications.kind, [...MESSAGE_KINDS]),
        isNotNull(notifications.counterpartUserId),
      ),
    )
    .limit(1);
  return row?.counterpartUserId
    ? { counterpartUserId: row.counterpartUserId, shopId: row.shopId, conversationId: row.conversationId }
    : null;
}

/**
 * Answers a message in the app: a `shop_reply` entry (and mail, by the writer's preferences) for the person who
 * wrote it. The maker answers as their shop ("Reply from Taller", linking to the storefront); the member answers
 * with their public name and page. The new entry remembers the replier, so it can be answered in turn. No email
 * address is read or written here.
 */
export async function sendShopReply(
  ctx: AppContext,
  original: { counterpartUserId: string; shopId: string | null },
  replier: SessionUser,
  message: string,
): Promise<void> {
  const [shop] = original.shopId
    ? await ctx.db
        .select({ name: shops.name, slug: shops.slug, ownerId: shops.ownerId, published: shops.published })
        .from(shops)
        .where(eq(shops.id, original.shopId))
        .limit(1)
    : [];
  const asShop = shop !== undefined && shop.ownerId === replier.id;
  const title = asShop
    ? `Reply from ${shop.name}`
    : `Reply from ${publicName(replier)}${shop ? ` to ${shop.name}` : ''}`;
  const link = asShop
    ? shop.published
      ? `/l/${shop.slug}`
      : null
    : replier.handle
      ? `/u/${replier.handle}`
      : null;
  await notify(ctx, ctx.db, [
    {
      userId: original.counterpartUserId,
      kind: 'shop_reply',
      title,
      body: message,
      link,
      counterpartUserId: replier.id,
      shopId: original.shopId,
    },
  ]);
}
