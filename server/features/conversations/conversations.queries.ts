import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conversation, ConversationList, ConversationSummary } from '../../../contract/conversations';
import type { Db } from '../../db/client';
import { conversationMessages, conversations, instruments, shops, users } from '../../db/schema';

const starter = alias(users, 'starter');

/** Unread for `userId`: the other side's messages after the time they last read the conversation. */
const unreadFor = (userId: string) => sql<number>`(
  select count(*)::int from ${conversationMessages} m
  where m.conversation_id = ${conversations.id} and m.sender_id <> ${userId}
    and m.created_at > coalesce(
      case when ${conversations.starterId} = ${userId} then ${conversations.starterReadAt}
           else ${conversations.recipientReadAt} end,
      '-infinity'::timestamptz))`;

const header = {
  id: conversations.id,
  starterId: conversations.starterId,
  starterName: starter.displayName,
  starterHandle: starter.handle,
  shop: { name: shops.name, slug: shops.slug, published: shops.published },
  instrument: { id: instruments.id, name: instruments.name, passportCode: instruments.passportCode },
};
type HeaderRow = {
  starterId: string;
  starterName: string;
  starterHandle: string | null;
  shop: { name: string; slug: string; published: boolean } | null;
  instrument: { id: string; name: string; passportCode: string } | null;
};

/** Who the caller is talking to: the shop for the member who wrote, the member for the shop. */
function sides(
  r: HeaderRow,
  userId: string,
): Pick<ConversationSummary, 'with' | 'asShop' | 'shop' | 'instrument'> {
  const asShop = r.starterId !== userId;
  const memberName = r.starterName.trim() || 'A Luthier Registry member';
  return {
    asShop,
    with: asShop
      ? { name: memberName, path: r.starterHandle ? `/u/${r.starterHandle}` : null }
      : { name: r.shop?.name ?? 'A closed shop', path: r.shop?.published ? `/l/${r.shop.slug}` : null },
    shop: r.shop ? { name: r.shop.name, slug: r.shop.slug } : null,
    instrument: r.instrument,
  };
}

const mine = (userId: string) =>
  or(eq(conversations.starterId, userId), eq(conversations.recipientId, userId));

export async function listConversations(db: Db, userId: string): Promise<ConversationList> {
  const last = db
    .select({
      body: conversationMessages.body,
      senderId: conversationMessages.senderId,
      at: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversations.id))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(1)
    .as('last_message');
  const rows = await db
    .select({
      ...header,
      unread: unreadFor(userId),
      last: { body: last.body, senderId: last.senderId, at: last.at },
    })
    .from(conversations)
    .innerJoin(starter, eq(starter.id, conversations.starterId))
    .leftJoin(shops, eq(shops.id, conversations.shopId))
    .leftJoin(instruments, eq(instruments.id, conversations.instrumentId))
    .leftJoinLateral(last, sql`true`)
    .where(mine(userId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(100);
  const items = rows
    .filter((r) => r.last !== null)
    .map((r) => ({
      id: r.id,
      ...sides(r, userId),
      lastMessage: {
        body: r.last!.body.slice(0, 160),
        fromMe: r.last!.senderId === userId,
        at: r.last!.at.toISOString(),
      },
      unread: r.unread,
    }));
  return { items, unread: items.reduce((sum, i) => sum + i.unread, 0) };
}

/** One conversation in full for a participant; null for anyone else. */
export async function readConversation(db: Db, id: string, userId: string): Promise<Conversation | null> {
  const [row] = await db
    .select(header)
    .from(conversations)
    .innerJoin(starter, eq(starter.id, conversations.starterId))
    .leftJoin(shops, eq(shops.id, conversations.shopId))
    .leftJoin(instruments, eq(instruments.id, conversations.instrumentId))
    .where(and(eq(conversations.id, id), mine(userId)))
    .limit(1);
  if (!row) return null;
  const messages = await db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, id))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(500);
  // The newest 500, oldest first.
  messages.reverse();
  return {
    id: row.id,
    ...sides(row, userId),
    messages: messages.map((m) => ({
      id: m.id,
      body: m.body,
      fromMe: m.senderId === userId,
      at: m.createdAt.toISOString(),
    })),
  };
}
