import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_KINDS,
  MESSAGE_KINDS,
  NOTIFICATION_KINDS,
  SHOP_KINDS,
  type NotificationKind,
} from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notificationPreferences, notifications, serviceRecords, shops } from '../../db/schema';

export const INBOX_LIMIT = 50;

/** The newest entries of a person's inbox and how many of all their entries are unread. */
export async function listNotifications(db: Db, userId: string) {
  const [rows, unread] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        // Whether there is someone to answer, never who: the writer's id stays on the server.
        hasCounterpart: sql<boolean>`${notifications.counterpartUserId} is not null`,
        serviceRecordId: notifications.serviceRecordId,
        claimStatus: serviceRecords.claimStatus,
      })
      .from(notifications)
      .leftJoin(serviceRecords, eq(serviceRecords.id, notifications.serviceRecordId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(INBOX_LIMIT),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
      canReply: r.hasCounterpart && (MESSAGE_KINDS as readonly NotificationKind[]).includes(r.kind),
      serviceClaim:
        r.kind === 'service_claim' && r.serviceRecordId && r.claimStatus
          ? { recordId: r.serviceRecordId, status: r.claimStatus }
          : null,
    })),
    unread: unread[0]?.n ?? 0,
  };
}

/** Marks one of the person's own entries read; false when there is no such entry of theirs. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) return false;
  if (!row.readAt) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  }
  return true;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function mailPreferences(db: Db, userId: string): Promise<Record<NotificationKind, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const set = new Map(rows.map((r) => [r.kind, r.mail]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, set.get(k) ?? true])) as Record<
    NotificationKind,
    boolean
  >;
}

export async function setMailPreferences(
  db: Db,
  userId: string,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const values = Object.entries(changes).map(([kind, mail]) => ({
    userId,
    kind: kind as NotificationKind,
    mail: Boolean(mail),
  }));
  if (values.length === 0) return;
  await db.transaction(async (tx) => {
    for (const v of values) {
      await tx
        .insert(notificationPreferences)
        .values(v)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { mail: v.mail },
        });
    }
  });
}

/** The kinds of notification that can reach this person (the settings offer only these). */
export async function reachableKinds(
  db: Db,
  user: { id: string; role: string },
): Promise<NotificationKind[]> {
  if (user.role === 'admin') return [...NOTIFICATION_KINDS];
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, user.id)).limit(1);
  return NOTIFICATION_KINDS.filter(
    (kind) => !ADMIN_KINDS.includes(kind) && (Boolean(shop) || !SHOP_KINDS.includes(kind)),
  );
}
