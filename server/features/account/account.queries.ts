import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileUpdateSchema, shopUpdateSchema } from '../../../contract/account';
import type { Db } from '../../db/client';
import { badgeRemoved } from '../../db/verification';
import { media, sessions, shops, users } from '../../db/schema';
import { mediaUrl } from '../../media/media-store';
import { voidCredentials } from '../../plugins/credentials-epoch';
import { splitName } from '../../../contract/names';
import { verificationRemovedReason } from '../../../contract/registry-values';

export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, avatarId: media.id, avatarWidths: media.widths })
    .from(users)
    .leftJoin(media, eq(media.id, users.avatarMediaId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const [found] = await db
    .select({ shop: shops, coverId: media.id, coverWidths: media.widths })
    .from(shops)
    .leftJoin(media, eq(media.id, shops.coverMediaId))
    .where(eq(shops.ownerId, userId));
  return {
    ...row.user,
    avatarUrl:
      row.avatarId && row.avatarWidths ? mediaUrl({ id: row.avatarId, widths: row.avatarWidths }, 320) : null,
    shop: found
      ? {
          ...found.shop,
          coverUrl:
            found.coverId && found.coverWidths
              ? mediaUrl({ id: found.coverId, widths: found.coverWidths }, 1280)
              : null,
        }
      : null,
  };
}

/** An empty text and null both clear a field; undefined (left out of the patch) leaves it as it is. */
const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

/** The fields of a merge patch that were sent (Drizzle's `set` would otherwise write an explicit undefined). */
const sent = <T extends object>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function updateProfile(db: Db, userId: string, data: z.output<typeof profileUpdateSchema>) {
  await db
    .update(users)
    .set({
      ...sent({
        ...data,
        ...(data.displayName === undefined ? {} : splitName(data.displayName)),
        bio: orNull(data.bio),
        location: orNull(data.location),
        experience: orNull(data.experience),
      }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** The shop facts a verification covers (what an admin checked), and how "Verification removed: …" names them. */
const VERIFIED_SHOP_FACTS = [
  ['name', 'name'],
  ['location', 'location'],
  ['establishedYear', 'founding year'],
] as const;

/**
 * The shop's public facts. A verified shop that changes a fact its verification covered (its name, location or
 * founding year; its handle is renamed elsewhere, with the same effect) loses the badge, with the reason for a
 * new check. Null: the person has no shop.
 */
export async function updateShop(db: Db, userId: string, data: z.output<typeof shopUpdateSchema>) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: shops.id,
        name: shops.name,
        location: shops.location,
        establishedYear: shops.establishedYear,
        verified: shops.verified,
      })
      .from(shops)
      .where(eq(shops.ownerId, userId))
      .for('update');
    if (!before) return null;
    const patch = sent({
      ...data,
      bio: orNull(data.bio),
      workshopBio: orNull(data.workshopBio),
      location: orNull(data.location),
      coverAlt: orNull(data.coverAlt),
      policies: orNull(data.policies),
    });
    const after = { ...before, ...patch };
    const changed = VERIFIED_SHOP_FACTS.filter(([key]) => (before[key] ?? null) !== (after[key] ?? null));
    const removal =
      before.verified && changed.length ? verificationRemovedReason(changed.map(([, label]) => label)) : null;
    const renamed = before.name !== after.name ? ` (renamed from "${before.name}" to "${after.name}")` : '';
    await tx
      .update(shops)
      .set({
        ...patch,
        ...(removal ? badgeRemoved(`${removal}${renamed}.`.slice(0, 500)) : {}),
        updatedAt: new Date(),
      })
      .where(eq(shops.ownerId, userId));
    return { removal, previousName: before.name, name: after.name, shopId: before.id };
  });
}

/** Sets the new avatar and returns the previous one's id, so its files can be removed. */
export async function setAvatar(db: Db, userId: string, mediaId: string | null) {
  const [before] = await db.select({ avatar: users.avatarMediaId }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ avatarMediaId: mediaId, updatedAt: new Date() }).where(eq(users.id, userId));
  return before?.avatar ?? null;
}

/**
 * Sets (or with null removes) the shop's cover and returns the previous cover's id, so its files can be removed;
 * undefined when the person has no shop. The row is locked so two uploads at once cannot both keep their image.
 */
export async function setShopCover(db: Db, userId: string, mediaId: string | null) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ cover: shops.coverMediaId })
      .from(shops)
      .where(eq(shops.ownerId, userId))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(shops)
      .set({ coverMediaId: mediaId, updatedAt: new Date() })
      .where(eq(shops.ownerId, userId));
    return before.cover;
  });
}

/** Whether the person has a shop (a cover upload is refused before its bytes are processed when not). */
export async function hasShop(db: Db, userId: string) {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, userId));
  return Boolean(row);
}

export async function passwordHashOf(db: Db, userId: string) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

/**
 * A new password ends every other session of the person and every link mailed before it (resets, email changes,
 * verifications), in one transaction; returns the new credentials epoch.
 */
export async function changePassword(db: Db, userId: string, hash: string, keepSessionId: string | null) {
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, userId));
    // Reset links are voided by the epoch, so following one says why it no longer works.
    return voidCredentials(tx, userId, keepSessionId);
  });
}

/** "Sign out everywhere": every session ends, this one too, and every mailed link with them. */
export const signOutEverywhere = (db: Db, userId: string) =>
  db.transaction((tx) => voidCredentials(tx, userId, null));

/** Sessions are keyed by the token's hash; the client sees a further hash of it, never the key itself. */
export const publicSessionId = (id: string) =>
  crypto.createHash('sha256').update(`session:${id}`).digest('hex').slice(0, 32);

export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of the caller's sessions by its public id; false when it is not theirs. */
export async function endSession(db: Db, userId: string, publicId: string) {
  const rows = await listSessions(db, userId);
  const match = rows.find((s) => publicSessionId(s.id) === publicId);
  if (!match) return false;
  await db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
  return true;
}
