import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ALWAYS_MAILED } from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import {
  admitMessage,
  conversationShopFor,
  findAnswerableMessage,
  sendShopReply,
  shopWrittenTo,
} from '../../market/shop-replies';
import { participantConversation, writeInConversation } from '../../market/conversation-writes';
import {
  listNotifications,
  mailPreferences,
  reachableKinds,
  markAllRead,
  markRead,
  setMailPreferences,
} from './notifications.queries';

const idParams = z.object({ id: z.uuid() });

/** A person's inbox and mail preferences; nobody reads or marks another person's entries. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  serve(app, 'GET /api/notifications', async (request, reply) => {
    const user = request.user;
    void reply.header('cache-control', 'no-store');
    return listNotifications(db, user.id);
  });

  serve(app, 'POST /api/notifications/read-all', async (request) => {
    const user = request.user;
    await markAllRead(db, user.id);
    return { ok: true };
  });

  serve(app, 'POST /api/notifications/:id/read', async (request) => {
    const user = request.user;
    const params = idParams.safeParse(request.params);
    // Someone else's entry answers exactly like one that does not exist.
    if (!params.success || !(await markRead(db, user.id, params.data.id)))
      throw notFound('No such notification.');
    return { ok: true };
  });

  // Answering a message in the app: only its recipient may, and only a message between a member and a shop.
  // The reply goes to whoever wrote it, as the server recorded them; the client names only the entry.
  serve(app, 'POST /api/notifications/:id/reply', async (request) => {
    const user = request.user;
    const params = idParams.safeParse(request.params);
    const original = params.success ? await findAnswerableMessage(db, user.id, params.data.id) : null;
    // Someone else's entry, another kind of entry and a missing one all answer alike.
    if (!params.success || !original) throw notFound('No such message.');
    // An entry of a conversation is answered in that conversation; older entries (before conversations) as before.
    const conversation = original.conversationId
      ? await participantConversation(db, original.conversationId, user.id)
      : null;
    const toShop = conversation
      ? conversationShopFor(conversation, user.id)
      : await shopWrittenTo(db, original.shopId, user.id);
    await admitMessage(app, user, toShop);
    if (conversation) await writeInConversation(ctx, conversation, user, request.body.message);
    else await sendShopReply(ctx, original, user, request.body.message);
    // Answering a message is reading it.
    await markRead(db, user.id, params.data.id);
    return { ok: true as const };
  });

  serve(app, 'GET /api/account/notification-preferences', async (request) => {
    const user = request.user;
    return { mail: await mailPreferences(db, user.id), kinds: await reachableKinds(db, user) };
  });

  serve(app, 'PUT /api/account/notification-preferences', async (request) => {
    const user = request.user;
    const { mail } = request.body;
    // Security notices are always mailed; a request to turn them off is ignored rather than half-applied.
    for (const kind of ALWAYS_MAILED) delete mail[kind];
    // A kind that cannot reach this account yet (a shop's, before there is a shop) is kept as asked: harmless
    // until it can happen, and then what they chose.
    await setMailPreferences(db, user.id, mail);
    return { mail: await mailPreferences(db, user.id), kinds: await reachableKinds(db, user) };
  });
}
