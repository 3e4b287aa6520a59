import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EMAIL_UNVERIFIED } from '../../contract/conversations';
import { MESSAGE_KINDS } from '../../contract/notifications';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { notifications, shops } from '../db/schema';
import { AppError } from '../plugins/errors';
import type { SessionUser } from '../plugins/sessions';
import { notify } from '../notify/notifications';

// A conversation between a member and a shop, in the inbox: the member's message (features/profiles) and the
// replies either side sends from their notifications. Each entry keeps, server-side, who wrote it and the shop
// it is about; the client only ever names the entry it answers.

const HOUR_MS = 60 * 60 * 1000;

/** The name a member is shown by to the other side: their display name, never their email. */
export const publicName = (user: SessionUser) => user.displayName.trim() || 'A Luthier Registry member';

/** Messages one person may write in an hour, whatever they are: a first message, a reply, one in a conversation. */
export const MESSAGES_PER_SENDER_PER_HOUR = 30;
/** Messages one shop may receive in an hour from everyone, first messages and replies alike. */
export const MESSAGES_PER_SHOP_PER_HOUR = 30;

/**
 * Every message passes here before anything else is looked at, and counts once: against its writer (30 an hour,
 * so a maker can answer all their shop may receive) and, when it is written to a shop, against that shop (30 an
 * hour from everyone). Writing to a shop needs a confirmed email address, so throwaway accounts cannot fill a
 * maker's inbox and mailbox. `toShop` is the shop written to, or null when the shop's owner writes back.
 */
export async function admitMessage(app: FastifyInstance, sender: SessionUser, toShop: string | null) {
  await admitWriter(app, sender, toShop !== null);
  if (toShop !== null) await countForShop(app, toShop);
}

/** The writer's half of admitMessage: a confirmed address to write to a shop, and the writer's hourly cap. */
export async function admitWriter(app: FastifyInstance, sender: SessionUser, writesToShop: boolean) {
  if (writesToShop && !sender.emailVerified)
    throw new AppError(
      403,
      EMAIL_UNVERIFIED,
      'Please confirm your email address before writing to a shop: use the link we sent you, or ask for a new one.',
    );
  await app.rateLimit(`message:sender:${sender.id}`, MESSAGES_PER_SENDER_PER_HOUR, HOUR_MS);
}

/** The shop's half: a message that will reach the shop's inbox counts against the shop's hourly cap. */
export async function countForShop(app: FastifyInstance, shopId: string) {
  await app.rateLimit(`message:shop:${shopId}`, MESSAGES_PER_SHOP_PER_HOUR, HOUR_MS);
}

/** The shop a message in a conversation is written to: its shop when the member writes, null when the shop answers. */
export const conversationShopFor = (
  c: { starterId: string; shopId: string | null; recipientId: string },
  writerId: string,
): string | null => (writerId === c.starterId ? (c.shopId ?? c.recipientId) : null);

/** The shop a reply to an older inbox entry (before conversations) is written to, or null when its owner answers. */
export async function shopWrittenTo(db: Db, shopId: string | null, writerId: string): Promise<string | null> {
  if (!shopId) return null;
  const [shop] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return shop && shop.ownerId !== writerId ? shopId : null;
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
