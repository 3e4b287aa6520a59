import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HOLD_MINUTES, RESERVED_HANDLES } from '../../../contract/handles';
import type { Db } from '../../db/client';
import { handleHolds, shops, users } from '../../db/schema';
import { splitName } from '../../../contract/names';

/** Which of `candidates` the caller may not take: reserved, someone else's handle or shop, or held by another. */
export async function takenHandles(
  db: Pick<Db, 'select'>,
  candidates: string[],
  callerId: string | null,
): Promise<Set<string>> {
  const taken = new Set(candidates.filter((c) => RESERVED_HANDLES.has(c)));
  const open = candidates.filter((c) => !taken.has(c));
  if (!open.length) return taken;
  const notCaller = (column: AnyPgColumn) => (callerId ? ne(column, callerId) : sql`true`);
  const now = new Date();
  const [byUsers, byShops, byHolds] = await Promise.all([
    db
      .select({ h: users.handle })
      .from(users)
      .where(and(inArray(users.handle, open), notCaller(users.id))),
    db
      .select({ h: shops.slug })
      .from(shops)
      .where(and(inArray(shops.slug, open), notCaller(shops.ownerId))),
    db
      .select({ h: handleHolds.handle })
      .from(handleHolds)
      .where(
        and(
          inArray(handleHolds.handle, open),
          or(isNull(handleHolds.userId), and(gt(handleHolds.expiresAt, now), notCaller(handleHolds.userId))),
        ),
      ),
  ]);
  for (const row of [...byUsers, ...byShops, ...byHolds]) if (row.h) taken.add(row.h);
  return taken;
}

/**
 * Holds a free handle for the caller for 15 minutes (one hold per person). The conditional upsert keeps an
 * active hold of someone else in place, so two people reserving at once cannot both get it.
 */
export async function reserveHandle(db: Db, handle: string, userId: string): Promise<Date | null> {
  const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60 * 1000);
  return db.transaction(async (tx) => {
    await tx.delete(handleHolds).where(and(eq(handleHolds.userId, userId), ne(handleHolds.handle, handle)));
    const rows = await tx
      .insert(handleHolds)
      .values({ handle, userId, expiresAt })
      .onConflictDoUpdate({
        target: handleHolds.handle,
        set: { userId, expiresAt },
        setWhere: sql`${handleHolds.userId} is not null and (${handleHolds.userId} = ${userId} or ${handleHolds.expiresAt} <= now())`,
      })
      .returning({ handle: handleHolds.handle });
    return rows.length ? expiresAt : null;
  });
}

export interface ClaimArgs {
  userId: string;
  handle: string;
  kind: 'user' | 'luthier';
  displayName?: string;
  shopName?: string;
}

/**
 * Gives the caller the handle, and for a luthier the shop with that slug, in one transaction. The unique
 * indexes on users.handle and shops.slug decide a race: the loser's transaction fails with 23505.
 */
export async function claimHandle(db: Db, args: ClaimArgs): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await takenHandles(tx, [args.handle], args.userId);
    if (taken.size) return false;
    const [user] = await tx
      .update(users)
      .set({
        handle: args.handle,
        ...(args.displayName ? { displayName: args.displayName, ...splitName(args.displayName) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, args.userId))
      .returning({ displayName: users.displayName, location: users.location, bio: users.bio });
    if (!user) return false;
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, args.userId));
    if (shop) {
      await tx
        .update(shops)
        .set({
          slug: args.handle,
          ...(args.kind === 'luthier' ? { name: args.shopName || user.displayName, published: true } : {}),
          updatedAt: new Date(),
        })
        .where(eq(shops.id, shop.id));
    } else if (args.kind === 'luthier') {
      await tx.insert(shops).values({
        ownerId: args.userId,
        name: args.shopName || user.displayName,
        slug: args.handle,
        contactName: user.displayName,
        location: user.location,
        bio: user.bio,
        published: true,
      });
    }
    await tx.delete(handleHolds).where(eq(handleHolds.userId, args.userId));
    return true;
  });
}
