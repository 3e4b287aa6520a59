import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import { audit } from '../../plugins/audit';
import {
  listContactMessages,
  mailOperator,
  saveContactMessage,
  setContactMessageHandled,
} from './contact.queries';
import { isUuid } from '../../db/uuid';

const HOUR_MS = 60 * 60 * 1000;
/** Per sender address and per IP: enough to follow up a question, too few to flood the admins' inboxes. */
export const CONTACT_PER_ADDRESS_PER_HOUR = 3;
export const CONTACT_PER_IP_PER_HOUR = 5;
/** From everyone: past this the admins are asked less often than a flood would ask them. */
const CONTACT_PER_DAY = 200;

/** /contact: who runs the registry, and messages that reach its admins (and the operator's mailbox). */
export async function contactRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, 'GET /api/public/contact', async () => ({
    name: ctx.env.OPERATOR_NAME,
    email: ctx.env.OPERATOR_EMAIL ?? null,
  }));

  serve(app, 'POST /api/public/contact', async (request) => {
    const input = request.body;
    await app.rateLimit(`contact:ip:${request.ip}`, CONTACT_PER_IP_PER_HOUR, HOUR_MS);
    await app.rateLimit(`contact:address:${input.email}`, CONTACT_PER_ADDRESS_PER_HOUR, HOUR_MS);
    await app.rateLimit('contact:all', CONTACT_PER_DAY, 24 * HOUR_MS);
    await saveContactMessage(ctx, input, request.user?.id ?? null);
    await mailOperator(ctx, input).catch((error: unknown) =>
      request.log.warn({ err: error }, 'the operator could not be mailed a contact message'),
    );
    return { ok: true as const };
  });

  serve(app, 'GET /api/admin/contact-messages', async () => listContactMessages(ctx.db));

  serve(app, 'PUT /api/admin/contact-messages/:id/handled', async (request) => {
    const { id } = request.params;
    const { handled } = request.body;
    const message = isUuid(id) ? await setContactMessageHandled(ctx.db, id, handled, request.user.id) : null;
    if (!message) throw notFound('No such message.');
    audit(request, 'contact.handled', { messageId: id, handled });
    return message;
  });
}
