import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { instruments, shops, users } from '../../db/schema';
import { recordPassportEvent } from '../../log/passport-events';
import { notify } from '../../notify/notifications';
import { badgeRemoved } from '../../db/verification';

const verifier = alias(users, 'verifier');

const statement = (r: {
  adminName: string | null;
  at: Date | null;
  note: string | null;
  verified: boolean;
}) =>
  r.verified && r.at
    ? { adminName: r.adminName ?? 'An admin', at: r.at.toISOString(), note: r.note ?? '' }
    : null;

/** Shops (published) and instruments with the given verified flag, newest change first. */
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
        adminName: verifier.displayName,
        at: shops.verifiedAt,
        note: shops.verificationNote,
        recheckReason: shops.recheckReason,
      })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .leftJoin(verifier, eq(verifier.id, shops.verifiedById))
      .where(and(eq(shops.verified, verified), eq(shops.published, true)))
      // Those asking for a new check first.
      .orderBy(sql`${shops.recheckReason} is null`, desc(shops.updatedAt))
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
        adminName: verifier.displayName,
        at: instruments.verifiedAt,
        note: instruments.verificationNote,
        recheckReason: instruments.recheckReason,
      })
      .from(instruments)
      .leftJoin(shops, eq(shops.id, instruments.makerShopId))
      .leftJoin(verifier, eq(verifier.id, instruments.verifiedById))
      .where(eq(instruments.verified, verified))
      .orderBy(sql`${instruments.recheckReason} is null`, desc(instruments.updatedAt))
      .limit(100),
  ]);
  const shape = <
    T extends { createdAt: Date; adminName: string | null; at: Date | null; note: string | null },
  >({
    adminName,
    at,
    note,
    ...r
  }: T & { verified: boolean }) => ({
    ...r,
    verification: statement({ adminName, at, note, verified: r.verified }),
    createdAt: r.createdAt.toISOString(),
  });
  return { shops: shopRows.map(shape), instruments: instrumentRows.map(shape) };
}

export interface Verification {
  verified: boolean;
  note: string | null;
  adminId: string;
}

// An admin's decision, either way, answers any pending request for a new check.
const columns = (v: Verification) =>
  v.verified
    ? {
        verified: true,
        verifiedById: v.adminId,
        verifiedAt: new Date(),
        verificationNote: v.note,
        recheckReason: null,
      }
    : badgeRemoved(null);

const notice = (userId: string, given: boolean, what: string, link: string) => ({
  userId,
  kind: given ? ('verification_given' as const) : ('verification_removed' as const),
  title: given ? `${what} is now verified` : `${what} is no longer verified`,
  body: given
    ? `An admin checked ${what} and marked it Verified. The badge shows what was checked.`
    : `An admin removed the Verified badge of ${what}.`,
  link,
});

/** Verifies (with what was checked, by whom, when) or unverifies a shop; its owner is told. False: no shop. */
export async function setShopVerified(ctx: AppContext, id: string, v: Verification): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shops)
      .set({ ...columns(v), updatedAt: new Date() })
      .where(eq(shops.id, id))
      .returning({ ownerId: shops.ownerId, name: shops.name, slug: shops.slug });
    if (!row) return false;
    await notify(ctx, tx, [notice(row.ownerId, v.verified, `your shop "${row.name}"`, `/l/${row.slug}`)]);
    return true;
  });
}

/** The same for an instrument, with a "verified"/"unverified" passport event; its owner is told. */
export async function setInstrumentVerified(ctx: AppContext, id: string, v: Verification): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(instruments)
      .set({ ...columns(v), updatedAt: new Date() })
      .where(eq(instruments.id, id))
      .returning({ name: instruments.name, ownerId: instruments.currentOwnerId });
    if (!row) return false;
    await recordPassportEvent(tx, {
      instrumentId: id,
      actorId: v.adminId,
      type: v.verified ? 'verified' : 'unverified',
      data: v.verified ? { note: v.note } : {},
    });
    if (row.ownerId)
      await notify(ctx, tx, [notice(row.ownerId, v.verified, `"${row.name}"`, `/instruments/${id}`)]);
    return true;
  });
}
