import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, shops, users } from '../../db/schema';
import { recordPassportEvent } from '../../log/passport-events';

/** Shops (published) and instruments with the given verified flag, newest first. */
export async function adminQueue(db: Db, verified: boolean) {
  const [shopRows, instrumentRows] = await Promise.all([
    db
      .select({
        id: shops.id,
        name: shops.name,
        slug: shops.slug,
        location: shops.location,
        ownerName: users.displayName,
        published: shops.published,
        verified: shops.verified,
        createdAt: shops.createdAt,
      })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(and(eq(shops.verified, verified), eq(shops.published, true)))
      .orderBy(desc(shops.createdAt))
      .limit(100),
    db
      .select({
        id: instruments.id,
        name: instruments.name,
        passportCode: instruments.passportCode,
        makerName: shops.name,
        yearMade: instruments.yearMade,
        verified: instruments.verified,
        createdAt: instruments.createdAt,
      })
      .from(instruments)
      .leftJoin(shops, eq(shops.id, instruments.makerShopId))
      .where(eq(instruments.verified, verified))
      .orderBy(desc(instruments.createdAt))
      .limit(100),
  ]);
  const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return { shops: shopRows.map(iso), instruments: instrumentRows.map(iso) };
}

export async function setShopVerified(db: Db, id: string, verified: boolean): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ verified, updatedAt: new Date() })
    .where(eq(shops.id, id))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** Sets the flag and logs "verified"/"unverified" on the passport when it actually changes. */
export async function setInstrumentVerified(db: Db, id: string, verified: boolean, actorId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ verified: instruments.verified })
      .from(instruments)
      .where(eq(instruments.id, id));
    if (!row) return false;
    if (row.verified === verified) return true;
    await tx.update(instruments).set({ verified, updatedAt: new Date() }).where(eq(instruments.id, id));
    await recordPassportEvent(tx, {
      instrumentId: id,
      actorId,
      type: verified ? 'verified' : 'unverified',
      data: {},
    });
    return true;
  });
}
