import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { priceText } from '../../../contract/currencies';
import type { OfferPreview, Transfer } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { instruments, transfers, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/sessions';
import { photoColumns, primaryPhoto } from '../../media/primary-photo';
import { cardImageUrl } from './list.queries';
import { recipientIs } from './transfers.queries';

const sender = alias(users, 'sender');

async function transferRows(db: Db, where: ReturnType<typeof and>) {
  const photo = primaryPhoto(db);
  const rows = await db
    .select({
      t: transfers,
      name: instruments.name,
      passportCode: instruments.passportCode,
      fromName: sender.displayName,
      photo: photoColumns(photo),
    })
    .from(transfers)
    .innerJoin(instruments, eq(instruments.id, transfers.instrumentId))
    .leftJoin(sender, eq(sender.id, transfers.fromUserId))
    .leftJoinLateral(photo, sql`true`)
    .where(where)
    .orderBy(desc(transfers.createdAt))
    .limit(50);
  return rows.map(({ photo: p, ...r }) => ({ ...r, imageUrl: cardImageUrl(p) }));
}

function toTransfer(r: Awaited<ReturnType<typeof transferRows>>[number], user: SessionUser): Transfer {
  const outgoing = r.t.fromUserId === user.id;
  return {
    id: r.t.id,
    instrument: { id: r.t.instrumentId, name: r.name, passportCode: r.passportCode, imageUrl: r.imageUrl },
    direction: outgoing ? 'outgoing' : 'incoming',
    fromName: r.fromName ?? 'Former owner',
    ...(outgoing ? { toLabel: r.t.toLabel } : {}),
    method: r.t.method,
    price: r.t.price != null && r.t.priceCurrency ? priceText(r.t.price, r.t.priceCurrency) : null,
    currency: r.t.price != null ? r.t.priceCurrency : null,
    listing: r.t.fromListing
      ? {
          price:
            r.t.listedPrice && r.t.listedCurrency ? priceText(r.t.listedPrice, r.t.listedCurrency) : null,
          currency: r.t.listedPrice ? r.t.listedCurrency : null,
          note: r.t.listedNote,
        }
      : null,
    // Past its 14 days a pending offer is expired at once; the periodic sweep (or the next action) records it.
    status: r.t.status === 'pending' && r.t.expiresAt.getTime() <= Date.now() ? 'expired' : r.t.status,
    expiresAt: r.t.expiresAt.toISOString(),
    createdAt: r.t.createdAt.toISOString(),
  };
}

export async function listTransfers(db: Db, user: SessionUser) {
  const [incoming, outgoing] = await Promise.all([
    transferRows(db, and(recipientIs(user))),
    transferRows(db, and(eq(transfers.fromUserId, user.id))),
  ]);
  return {
    incoming: incoming.map((r) => toTransfer(r, user)),
    outgoing: outgoing.map((r) => toTransfer(r, user)),
  };
}

/**
 * What the offer's link shows whoever holds it: the id is the mailed capability (144 random bits), so no
 * account is needed to see which instrument is offered by whom, but never to whom, nor for what price.
 */
export async function previewTransfer(db: Db, id: string): Promise<OfferPreview | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const [row] = await transferRows(db, and(eq(transfers.id, id)));
  if (!row) return null;
  return {
    id: row.t.id,
    instrument: { name: row.name, passportCode: row.passportCode, imageUrl: row.imageUrl },
    fromName: row.fromName?.trim() || 'A Luthier Registry member',
    method: row.t.method,
    status: row.t.status === 'pending' && row.t.expiresAt.getTime() <= Date.now() ? 'expired' : row.t.status,
    expiresAt: row.t.expiresAt.toISOString(),
  };
}

/** A transfer its sender or recipient may see; null for everyone else. */
export async function getTransfer(db: Db, id: string, user: SessionUser): Promise<Transfer | null> {
  if (id.length > 64) return null;
  const [row] = await transferRows(
    db,
    and(eq(transfers.id, id), or(eq(transfers.fromUserId, user.id), recipientIs(user))),
  );
  return row ? toTransfer(row, user) : null;
}
