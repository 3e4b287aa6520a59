import { and, eq, inArray, sql } from 'drizzle-orm';
import { ALWAYS_MAILED, MESSAGE_KINDS, type NotificationKind } from '../../contract/notifications';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { notificationPreferences, notifications, users } from '../db/schema';
import { mailSafeText } from './mail-text';

export type { NotificationKind } from '../../contract/notifications';

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the site ("/instruments/…"), never user text; null for none. */
  link: string | null;
  /** For a message between people (shop_message, shop_reply): who wrote it, kept server-side for the reply. */
  counterpartUserId?: string | null;
  /** For a message between people: the shop the conversation is about. */
  shopId?: string | null;
  /** For a service record naming the recipient's shop: the record they may confirm or decline. */
  serviceRecordId?: string | null;
  /** A message in a conversation (server/market/conversation-writes.ts): its Reply writes there. */
  conversationId?: string | null;
}

/** A safe in-site path: starts with one slash, then only URL path/query characters. */
const SAFE_LINK = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/;

// Mail goes out only after the inserting transaction commits. `notify` may run inside a caller's transaction whose
// commit it cannot observe, so rows are written with `mail_pending` and a flush is scheduled: the flush claims the
// committed pending rows of those ids (an UPDATE … RETURNING, so two instances never both send one) and mails them.
// While the transaction is still open the rows are invisible; the flush asks the database for the inserting
// transaction's fate (txid_status) and retries with growing delays while it is in progress, and stops once it
// committed (rows sent) or aborted (nothing to send). Mail is best-effort: a failed send leaves the inbox entry,
// which is the record that counts.
const RETRY_DELAYS_MS = [0, 50, 250, 1000, 5000, 30_000, 120_000];
const inFlight = new Set<Promise<void>>();
let attemptsMade = 0;

export async function notify(ctx: AppContext, db: Db, items: NotificationInput[]): Promise<void> {
  if (items.length === 0) return;
  for (const item of items) {
    if (item.link !== null && !SAFE_LINK.test(item.link))
      throw new Error(`unsafe notification link: ${item.link}`);
  }
  const userIds = [...new Set(items.map((i) => i.userId))];
  const off = await db
    .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.mail, false)));
  const muted = new Set(off.map((o) => `${o.userId}:${o.kind}`));
  const rows = await db
    .insert(notifications)
    .values(
      items.map((i) => ({
        userId: i.userId,
        kind: i.kind,
        title: i.title.slice(0, 200),
        body: i.body.slice(0, 2000),
        link: i.link,
        counterpartUserId: i.counterpartUserId ?? null,
        shopId: i.shopId ?? null,
        serviceRecordId: i.serviceRecordId ?? null,
        conversationId: i.conversationId ?? null,
        mailPending: ALWAYS_MAILED.includes(i.kind) || !muted.has(`${i.userId}:${i.kind}`),
      })),
    )
    .returning({
      id: notifications.id,
      mailPending: notifications.mailPending,
      xid: sql<string>`txid_current()::text`,
    });
  const pending = rows.filter((r) => r.mailPending).map((r) => r.id);
  const xid = rows[0]?.xid;
  if (pending.length > 0 && xid) scheduleFlush(ctx, pending, xid, 0);
}

async function stillInProgress(db: Db, xid: string): Promise<boolean> {
  if (!/^\d+$/.test(xid)) return false;
  const result = (await db.execute(sql`select txid_status(${xid}::bigint) as status`)) as {
    rows: { status: string | null }[];
  };
  return result.rows[0]?.status === 'in progress';
}

function scheduleFlush(ctx: AppContext, ids: string[], xid: string, attempt: number): void {
  const delay = RETRY_DELAYS_MS[attempt];
  if (delay === undefined) return;
  const run = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      // The status is read before the claim: a transaction that commits in between is then retried, not lost.
      stillInProgress(ctx.db, xid)
        .then(async (open) => {
          const sent = await flushMail(ctx, ids);
          const left = ids.filter((id) => !sent.has(id));
          if (open && left.length > 0) scheduleFlush(ctx, left, xid, attempt + 1);
        })
        // The database may be gone (shutdown); the rows keep mail_pending and nothing else depends on this.
        .catch(() => undefined)
        .finally(() => {
          attemptsMade++;
          resolve();
        });
    }, delay);
    timer.unref();
  });
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
}

/** Claims and mails the committed pending rows among `ids`; returns the ids it claimed. */
async function flushMail(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  const claimed = await ctx.db
    .update(notifications)
    .set({ mailPending: false })
    .where(and(inArray(notifications.id, ids), eq(notifications.mailPending, true)))
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    });
  if (claimed.length === 0) return new Set();
  const recipients = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((c) => c.userId),
      ),
    );
  const emailOf = new Map(recipients.map((r) => [r.id, r.email]));
  for (const row of claimed) {
    const to = emailOf.get(row.userId);
    if (!to) continue;
    const lines = [mailSafeText(row.body), ''];
    if (row.link) lines.push(`Open it here: ${ctx.env.publicUrl}${row.link}`, '');
    // A message between people is answered in the app, where neither side sees the other's address.
    if ((MESSAGE_KINDS as readonly NotificationKind[]).includes(row.kind))
      lines.push(
        row.link?.startsWith('/messages/')
          ? 'To answer, open the conversation above: a reply to this mail does not reach them, and neither of you sees the other’s email address.'
          : `To answer, use Reply in your notifications (a reply to this mail does not reach them): ${ctx.env.publicUrl}/notifications`,
        '',
      );
    lines.push(
      'You can choose which of these mails you receive in your settings:',
      `${ctx.env.publicUrl}/settings`,
    );
    await ctx.mailer
      .send({ to, subject: mailSafeText(row.title).replace(/\s+/g, ' '), text: `${lines.join('\n')}\n` })
      .catch(() => undefined);
  }
  return new Set(claimed.map((c) => c.id));
}

/** How many flush attempts have finished so far: a test waits on it instead of on the clock. */
export const notificationMailAttempts = () => attemptsMade;

/** Resolves once every scheduled notification mail has been tried (tests and graceful shutdown wait on it). */
export async function settleNotificationMail(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/** Tells every admin (one inbox entry each, and mail by their preferences). */
export async function notifyAdmins(
  ctx: AppContext,
  db: Db,
  item: Omit<NotificationInput, 'userId'>,
): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  await notify(
    ctx,
    db,
    admins.map((a) => ({ ...item, userId: a.id })),
  );
}
