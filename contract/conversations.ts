import { z } from 'zod';
import { shopMessageSchema } from './profiles';

/**
 * A conversation between a member and a shop, optionally about one instrument. Each side sees it in full; the
 * other side is named by their public name (and page), never by an address.
 */
export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The other participant, as the caller sees them: the shop for the member, the member for the shop. */
  with: z.object({ name: z.string(), path: z.string().nullable() }),
  /** Whether the caller is the shop's side. */
  asShop: z.boolean(),
  shop: z.object({ name: z.string(), slug: z.string() }).nullable(),
  instrument: z.object({ id: z.string(), name: z.string(), passportCode: z.string() }).nullable(),
  lastMessage: z.object({ body: z.string(), fromMe: z.boolean(), at: z.string() }),
  unread: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSummarySchema),
  /** Messages from the other sides the caller has not read, over every conversation. */
  unread: z.number().int().nonnegative(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  fromMe: z.boolean(),
  at: z.string(),
});

export const conversationSchema = conversationSummarySchema.omit({ lastMessage: true, unread: true }).extend({
  messages: z.array(conversationMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * The code of the 403 a person gets when they write to a shop before confirming their email address: the client
 * shows the message and offers to send the link again.
 */
export const EMAIL_UNVERIFIED = 'EMAIL_UNVERIFIED';

/** A new message in a conversation: the same rules as the first message to a shop. */
export const conversationPostSchema = shopMessageSchema;
export type ConversationPostInput = z.input<typeof conversationPostSchema>;

/** The first message to a shop (or the next in the same conversation): optionally about one instrument. */
export const shopConversationStartSchema = shopMessageSchema.extend({
  instrumentId: z.uuid({ message: 'Choose an instrument of this shop.' }).optional(),
});

/** Where the message went: the conversation it opened or continued. */
export const conversationRefSchema = z.object({ ok: z.literal(true), conversationId: z.string() });
