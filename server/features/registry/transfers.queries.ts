import crypto from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { TRANSFER_DAYS, type Transfer } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { today } from '../../db/builders/registry';
import { instruments, ownershipRecords, transfers, users } from '../../db/schema';
import { conflict, isUniqueViolation } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { recordPassportEvent, recordPassportEvents } from '../../log/passport-events';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Offers past their 14 days become expired when anyone reads or acts on transfers (no scheduler needed). */
export async function expireDueTransfers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const expired = await tx
      .update(transfers)
      .set({ status: 'expired', respondedAt: new Date() })
      .where(and(eq(transfers.status, 'pending'), lte(transfers.expiresAt, new Date())))
      .returning({ id: transfers.id, instrumentId: transfers.instrumentId });
    if (expired.length)
      await recordPassportEvents(
        tx,
        expired.map((t) => ({ instrumentId: t.instrumentId, type: 'transfer_expired' as const, data: {} })),
      );
  });
}

export async function createOffer(
  db: Db,
  offer: {
    instrumentId: string;
    fromUserId: string;
    toUserId: string | null;
    toEmail: string;
    toLabel: string;
    method: Transfer['method'];
    price: number | null;
  },
) {
  await expireDueTransfers(db);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transfers)
        .values({
          ...offer,
          id: crypto.randomBytes(18).toString('base64url'),
          expiresAt: new Date(Date.now() + TRANSFER_DAYS * DAY_MS),
        })
        .returning();
      if (!row) throw new Error('transfer insert returned nothing');
      await recordPassportEvent(tx, {
        instrumentId: offer.instrumentId,
        actorId: offer.fromUserId,
        type: 'transfer_offered',
        data: { method: offer.method },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        'This instrument already has an open transfer offer. Cancel it first.',
        'TRANSFER_PENDING',
      );
    throw error;
  }
}

export const recipientIs = (user: SessionUser) =>
  or(eq(transfers.toUserId, user.id), and(isNull(transfers.toUserId), eq(transfers.toEmail, user.email)));

const closed = () => conflict('This offer is no longer open.', 'TRANSFER_CLOSED');

/**
 * Acceptance moves ownership in one transaction. The conditional update on the transfer row is the arbiter:
 * of two concurrent accepts only one sees status 'pending'; the other gets 409 and changes nothing.
 */
export async function acceptTransfer(db: Db, id: string, user: SessionUser & { location?: string | null }) {
  await expireDueTransfers(db);
  await db.transaction(async (tx) => {
    const [t] = await tx
      .update(transfers)
      .set({ status: 'accepted', respondedAt: new Date(), toUserId: user.id })
      .where(
        and(
          eq(transfers.id, id),
          eq(transfers.status, 'pending'),
          gt(transfers.expiresAt, new Date()),
          recipientIs(user),
        ),
      )
      .returning();
    if (!t) throw closed();
    const [moved] = await tx
      .update(instruments)
      .set({ currentOwnerId: user.id, updatedAt: new Date() })
      .where(
        and(
          eq(instruments.id, t.instrumentId),
          t.fromUserId ? eq(instruments.currentOwnerId, t.fromUserId) : sql`false`,
        ),
      )
      .returning({ id: instruments.id });
    if (!moved) throw conflict('The instrument changed hands since this offer was made.', 'TRANSFER_STALE');
    await tx
      .update(ownershipRecords)
      .set({ endDate: today() })
      .where(and(eq(ownershipRecords.instrumentId, t.instrumentId), isNull(ownershipRecords.endDate)));
    const [me] = await tx.select({ location: users.location }).from(users).where(eq(users.id, user.id));
    await tx.insert(ownershipRecords).values({
      instrumentId: t.instrumentId,
      userId: user.id,
      hadAccount: true,
      ownerName: user.displayName,
      location: me?.location ?? null,
      startDate: today(),
      acquisitionMethod: t.method,
      purchasePrice: t.price,
    });
    await recordPassportEvent(tx, {
      instrumentId: t.instrumentId,
      actorId: user.id,
      type: 'transfer_accepted',
      data: { method: t.method },
    });
  });
}

/** Decline (recipient) or cancel (sender): only a pending, unexpired offer changes. */
export async function closeTransfer(db: Db, id: string, user: SessionUser, action: 'declined' | 'cancelled') {
  await expireDueTransfers(db);
  await db.transaction(async (tx) => {
    const who = action === 'declined' ? recipientIs(user) : eq(transfers.fromUserId, user.id);
    const [t] = await tx
      .update(transfers)
      .set({ status: action, respondedAt: new Date() })
      .where(and(eq(transfers.id, id), eq(transfers.status, 'pending'), who))
      .returning();
    if (!t) throw closed();
    await recordPassportEvent(tx, {
      instrumentId: t.instrumentId,
      actorId: user.id,
      type: action === 'declined' ? 'transfer_declined' : 'transfer_cancelled',
      data: { method: t.method },
    });
  });
}
