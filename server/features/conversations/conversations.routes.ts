import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import { admitMessage, conversationShopFor } from '../../market/shop-replies';
import {
  markConversationRead,
  participantConversation,
  writeInConversation,
} from '../../market/conversation-writes';
import { listConversations, readConversation } from './conversations.queries';
import { isUuid } from '../../db/uuid';

const missing = () => notFound('No such conversation.');

/** Conversations between members and shops: only their two participants read or write them. */
export async function conversationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  /** The conversation for a participant; anyone else (and a malformed id) gets the same 404. */
  const own = async (id: string, userId: string) => {
    const found = isUuid(id) ? await participantConversation(db, id, userId) : null;
    if (!found) throw missing();
    return found;
  };

  serve(app, 'GET /api/conversations', async (request, reply) => {
    const user = request.user;
    void reply.header('cache-control', 'no-store');
    return listConversations(db, user.id);
  });

  serve(app, 'GET /api/conversations/:id', async (request, reply) => {
    const user = request.user;
    const conversation = isUuid(request.params.id)
      ? await readConversation(db, request.params.id, user.id)
      : null;
    if (!conversation) throw missing();
    void reply.header('cache-control', 'no-store');
    return conversation;
  });

  // Reading is a POST of its own: no GET changes state.
  serve(app, 'POST /api/conversations/:id/read', async (request) => {
    const user = request.user;
    await markConversationRead(db, await own(request.params.id, user.id), user.id);
    return { ok: true as const };
  });

  serve(app, 'POST /api/conversations/:id/messages', async (request, reply) => {
    const user = request.user;
    const conversation = await own(request.params.id, user.id);
    // The member writes to the shop; the shop's owner writes back. Either way it counts like every other message.
    await admitMessage(app, user, conversationShopFor(conversation, user.id));
    await writeInConversation(ctx, conversation, user, request.body.message);
    const full = await readConversation(db, conversation.id, user.id);
    if (!full) throw missing();
    void reply.status(201);
    return full;
  });
}
