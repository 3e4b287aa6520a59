import { and, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { handleSkeleton, HOLD_MINUTES, isReservedHandle, RENAME_HOLD_DAYS } from '../../../contract/handles';
import type { Db } from '../../db/client';
import { handleHolds, shops, users } from '../../db/schema';
import { badgeRemoved } from '../../db/verification';
import { splitName } from '../../../contract/names';

/**
 * Which of `candidates` the caller may not take: a reserved handle (isReservedHandle: reserved words, the product's
 * name, staff words), or a handle that reads like
 * (has the skeleton of) someone else's handle, shop address or active hold.
 */
export async function takenHandles(
  db: Pick<Db, 'select'>,
  candidates: string[],
  callerId: string | null,
): Promise<Set<string>> {
  const skeletonOf = new Map(candidates.map((c) => [c, handleSkeleton(c)]));
  const taken = new Set(candidates.filter(isReservedHandle));
  const open = [...new Set(candidates.filter((c) => !taken.has(c)).map((c) => skeletonOf.get(c)!))];
  if (!open.length) return taken;
  const notCaller = (column: AnyPgColumn) => (callerId ? ne(column, callerId) : sql`true`);
  const now = new Date();
  const [byUsers, byShops, byHolds] = await Promise.all([
    db
      .select({ s: users.handleSkeleton })
      .from(users)
      .where(and(inArray(users.handleSkeleton, open), notCaller(users.id))),
    db
      .select({ s: shops.handleSkeleton })
      .from(shops)
      .where(and(inArray(shops.handleSkeleton, open), notCaller(shops.ownerId))),
    db
      .select({ s: handleHolds.skeleton })
      .from(handleHolds)
      .where(
        and(
          inArray(handleHolds.skeleton, open),
          or(
            // Permanent reservations, and every hold that has not ended: a deleted account's has no user.
            and(isNull(handleHolds.userId), isNull(handleHolds.expiresAt)),
            and(
              gt(handleHolds.expiresAt, now),
              or(isNull(handleHolds.userId), notCaller(handleHolds.userId)),
            ),
          ),
        ),
      ),
  ]);
  const takenSkeletons = new Set([...byUsers, ...byShops, ...byHolds].map((r) => r.s));
  for (const c of candidates) if (takenSkeletons.has(skeletonOf.get(c)!)) taken.add(c);
  return taken;
}

/**
 * Holds a free handle for the caller for 15 minutes (one hold per person). The conditional upsert keeps an
 * active hold of someone else in place, so two people reserving at once cannot both get it.
 */
export async function reserveHandle(db: Db, handle: string, userId: string): Promise<Date | null> {
  const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60 * 1000);
  return db.transaction(async (tx) => {
    // A handle the caller renamed away from is held for them already, for longer: it stays as it is.
    const [own] = await tx
      .select({ expiresAt: handleHolds.expiresAt })
      .from(handleHolds)
      .where(
        and(
          eq(handleHolds.handle, handle),
          eq(handleHolds.userId, userId),
          eq(handleHolds.kind, 'renamed'),
          gt(handleHolds.expiresAt, new Date()),
        ),
      );
    if (own?.expiresAt) return own.expiresAt;
    await tx
      .delete(handleHolds)
      .where(
        and(
          eq(handleHolds.userId, userId),
          eq(handleHolds.kind, 'reservation'),
          ne(handleHolds.handle, handle),
        ),
      );
    const rows = await tx
      .insert(handleHolds)
      .values({ handle, userId, expiresAt })
      .onConflictDoUpdate({
        target: handleHolds.handle,
        set: { userId, expiresAt, kind: 'reservation' },
        // Never over a permanent reservation (no expiry); over an ended hold, a deleted account's included.
        setWhere: sql`(${handleHolds.userId} = ${userId} and ${handleHolds.kind} = 'reservation') or ${handleHolds.expiresAt} <= now()`,
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
    await releaseHolds(tx, args.userId, args.handle);
    return true;
  });
}

/** The caller's reservations end, and a hold of theirs on the handle they now have (taken back) too. */
async function releaseHolds(tx: Pick<Db, 'delete'>, userId: string, handle: string) {
  await tx
    .delete(handleHolds)
    .where(
      and(
        eq(handleHolds.userId, userId),
        or(eq(handleHolds.kind, 'reservation'), eq(handleHolds.handle, handle)),
      ),
    );
}

/** Renames a person may make in 30 days (each holds a handle for 180). */
export const RENAMES_PER_MONTH = 3;

export type RenameResult =
  | { ok: true; previousHandle: string; heldUntil: Date; shop: { id: string; name: string } | null }
  | { ok: false; reason: 'no-handle' | 'same' | 'taken' | 'too-many' };

/**
 * A person's new handle (and their shop's address), in one transaction. The old one is held for them for
 * RENAME_HOLD_DAYS, and its pages redirect to the new one meanwhile. A verified shop loses its badge: the
 * address people knew it by changed, so an admin checks it again.
 */
export async function renameHandle(db: Db, userId: string, handle: string): Promise<RenameResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ handle: users.handle })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user?.handle) return { ok: false, reason: 'no-handle' };
    if (user.handle === handle) return { ok: false, reason: 'same' };
    if ((await takenHandles(tx, [handle], userId)).size) return { ok: false, reason: 'taken' };
    const now = new Date();
    const [recent] = await tx
      .select({ n: count() })
      .from(handleHolds)
      .where(
        and(
          eq(handleHolds.userId, userId),
          eq(handleHolds.kind, 'renamed'),
          gt(handleHolds.createdAt, new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000)),
        ),
      );
    if ((recent?.n ?? 0) >= RENAMES_PER_MONTH) return { ok: false, reason: 'too-many' };
    const previousHandle = user.handle;
    const heldUntil = new Date(now.getTime() + RENAME_HOLD_DAYS * 24 * 60 * 60 * 1000);
    await tx.update(users).set({ handle, updatedAt: now }).where(eq(users.id, userId));
    const [shop] = await tx
      .select({ id: shops.id, name: shops.name, verified: shops.verified })
      .from(shops)
      .where(eq(shops.ownerId, userId));
    if (shop) {
      await tx
        .update(shops)
        .set({
          slug: handle,
          ...(shop.verified
            ? badgeRemoved(
                `Verification removed: handle changed (from /l/${previousHandle} to /l/${handle}).`,
              )
            : {}),
          updatedAt: now,
        })
        .where(eq(shops.id, shop.id));
    }
    await releaseHolds(tx, userId, handle);
    await tx
      .insert(handleHolds)
      .values({ handle: previousHandle, userId, expiresAt: heldUntil, kind: 'renamed' })
      .onConflictDoUpdate({
        target: handleHolds.handle,
        set: { userId, expiresAt: heldUntil, kind: 'renamed', createdAt: now },
      });
    return {
      ok: true,
      previousHandle,
      heldUntil,
      shop: shop?.verified ? { id: shop.id, name: shop.name } : null,
    };
  });
}
