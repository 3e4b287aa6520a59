import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContactInput, ContactMessage } from '../../../contract/contact';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import { notifyAdmins } from '../../notify/notifications';
import { mailSafeText } from '../../notify/mail-text';

type CheckedInput = { [K in keyof ContactInput]-?: string };

/**
 * Keeps a message from /contact and tells every admin in their inbox (by their mail preferences) in one
 * transaction. The inbox entry names the sender but not their address: that is read in /admin only.
 */
export async function saveContactMessage(
  ctx: AppContext,
  input: CheckedInput,
  userId: string | null,
): Promise<{ id: string; createdAt: Date }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, message: input.message, userId })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('contact message not stored');
    await notifyAdmins(ctx, tx, {
      kind: 'contact_message',
      title: `A message through the contact page from ${input.name}`,
      body: `${input.message}\n\nRead it with the sender's address in the admin page.`,
      link: '/admin',
    });
    return row;
  });
}

/** The operator's copy, best-effort: the stored message and the admins' inbox entries are the record. */
export async function mailOperator(ctx: AppContext, input: CheckedInput): Promise<void> {
  const to = ctx.env.OPERATOR_EMAIL;
  if (!to) return;
  const text = [
    `${mailSafeText(input.name)} wrote through the contact page of ${ctx.env.publicUrl}:`,
    '',
    mailSafeText(input.message),
    '',
    `Answer them at ${input.email} (Reply does). Every admin sees this message in ${ctx.env.publicUrl}/admin.`,
  ].join('\n');
  await ctx.mailer.send({
    to,
    replyTo: input.email,
    subject: `Contact page: a message from ${mailSafeText(input.name).replace(/\s+/g, ' ')}`,
    text: `${text}\n`,
  });
}

const handler = alias(users, 'handler');

/** The messages for /admin: open ones first, then handled ones, each newest first; the sender's handle when a signed-in member sent one. */
export async function listContactMessages(db: Db, id?: string): Promise<ContactMessage[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      memberHandle: users.handle,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledBy: handler.displayName,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(handler, eq(handler.id, contactMessages.handledById))
    .where(id === undefined ? undefined : eq(contactMessages.id, id))
    .orderBy(asc(sql`${contactMessages.handledAt} is not null`), desc(contactMessages.createdAt))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
  }));
}

/** Marks one message handled by `adminId` (or open again); null when there is no such message. */
export async function setContactMessageHandled(
  db: Db,
  id: string,
  handled: boolean,
  adminId: string,
): Promise<ContactMessage | null> {
  const done = await db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledById: adminId } : { handledAt: null, handledById: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (done.length === 0) return null;
  const [message] = await listContactMessages(db, id);
  return message ?? null;
}
