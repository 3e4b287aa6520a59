import { and, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { conversationMessages, conversations, instruments, notifications, shops } from '../db/schema';
import type { SessionUser } from '../plugins/sessions';
import { notify } from '../notify/notifications';
import { publicName } from './shop-replies';

// Conversations between a member and a shop (features/conversations reads them; the shop's contact form in
// features/profiles and the inbox's Reply in features/notifications write to them). Every message is an inbox
// entry and a mail for the other side, linking to the conversation; no email address is read or written here.

type Conversation = typeof conversations.$inferSelect;
interface ShopRef {
  id: string;
  name: string;
  ownerId: string;
}

export const conversationPath = (id: string) => `/messages/${id}`;

/** The conversation if `userId` is one of its two participants; null otherwise (answered as 404). */
export async function participantConversation(db: Db, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, id),
        or(eq(conversations.starterId, userId), eq(conversations.recipientId, userId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A member's message to a shop: opens the conversation of this member, shop and instrument (or none), or
 * continues it. The unique key decides a race between two first messages: both land in one conversation.
 */
export async function writeToShop(
  ctx: AppContext,
  shop: ShopRef,
  sender: SessionUser,
  instrumentId: string | null,
  message: string,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({ starterId: sender.id, recipientId: shop.ownerId, shopId: shop.id, instrumentId })
      .onConflictDoUpdate({
        target: [conversations.starterId, conversations.shopId, conversations.instrumentId],
        set: { recipientId: shop.ownerId },
      })
      .returning();
    if (!row) throw new Error('conversation upsert returned nothing');
    await addMessage(ctx, tx, row, sender, message);
    return row.id;
  });
}

/** A message in an existing conversation by one of its participants (the caller checked that). */
export async function writeInConversation(
  ctx: AppContext,
  conversation: Conversation,
  sender: SessionUser,
  message: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => addMessage(ctx, tx, conversation, sender, message));
}

async function addMessage(ctx: AppContext, tx: Db, c: Conversation, sender: SessionUser, message: string) {
  const now = new Date();
  await tx.insert(conversationMessages).values({ conversationId: c.id, senderId: sender.id, body: message });
  const fromStarter = sender.id === c.starterId;
  // Writing is reading: what the sender answered is no longer unread for them.
  await tx
    .update(conversations)
    .set({ lastMessageAt: now, ...(fromStarter ? { starterReadAt: now } : { recipientReadAt: now }) })
    .where(eq(conversations.id, c.id));
  const [shop] = c.shopId
    ? await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, c.shopId)).limit(1)
    : [];
  const [instrument] = c.instrumentId
    ? await tx
        .select({ name: instruments.name })
        .from(instruments)
        .where(eq(instruments.id, c.instrumentId))
        .limit(1)
    : [];
  const about = instrument ? ` about ${instrument.name}` : '';
  const shopName = shop?.name ?? 'a shop';
  await notify(ctx, tx, [
    {
      userId: fromStarter ? c.recipientId : c.starterId,
      kind: fromStarter ? 'shop_message' : 'shop_reply',
      title: fromStarter
        ? `${publicName(sender)} wrote to ${shopName}${about}`
        : `Reply from ${shopName}${about}`,
      body: message,
      link: conversationPath(c.id),
      counterpartUserId: sender.id,
      shopId: c.shopId,
      conversationId: c.id,
    },
  ]);
}

/** Everything up to now is read by `userId`, and so are the inbox entries of this conversation. */
export async function markConversationRead(db: Db, c: Conversation, userId: string): Promise<void> {
  const now = new Date();
  await db
    .update(conversations)
    .set(c.starterId === userId ? { starterReadAt: now } : { recipientReadAt: now })
    .where(eq(conversations.id, c.id));
  await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.userId, userId), eq(notifications.conversationId, c.id)));
}
