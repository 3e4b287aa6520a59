import { and, desc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { certificates, handleHolds, media, shops, users } from '../../db/schema';
import { mediaUrl } from '../../media/media-store';

const avatarUrl = (m: { id: string | null; widths: number[] | null }) =>
  m.id && m.widths ? mediaUrl({ id: m.id, widths: m.widths }, 320) : null;

/** The public fields of the person with this handle; private ones (email, ...) are never selected. */
export async function findUserProfile(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      slug: users.handle,
      location: users.location,
      joinedAt: users.createdAt,
      role: users.role,
      bio: users.bio,
      interests: users.interests,
      favoriteStyles: users.favoriteStyles,
      experience: users.experience,
      avatarId: media.id,
      avatarWidths: media.widths,
      shopName: shops.name,
      shopHandle: shops.slug,
    })
    .from(users)
    .leftJoin(media, eq(media.id, users.avatarMediaId))
    .leftJoin(shops, and(eq(shops.ownerId, users.id), eq(shops.published, true)))
    .where(eq(users.handle, slug))
    .limit(1);
  if (!row) return null;
  const { id, slug: _matched, avatarId, avatarWidths, joinedAt, shopName, shopHandle, ...rest } = row;
  const shown = await db
    .select({ id: certificates.id, courseTitle: certificates.courseTitle, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(eq(certificates.userId, id), eq(certificates.showOnProfile, true)))
    .orderBy(desc(certificates.issuedAt));
  return {
    ...rest,
    // The handle the row was found by (the column is nullable, this row's is not).
    slug,
    certificates: shown.map((c) => ({ ...c, issuedAt: c.issuedAt.toISOString() })),
    shop: shopName && shopHandle ? { name: shopName, slug: shopHandle } : null,
    joinedAt: joinedAt.toISOString(),
    profileImageUrl: avatarUrl({ id: avatarId, widths: avatarWidths }),
  };
}

/** A published shop and its owner's public fields. */
export async function findShopProfile(db: Db, slug: string) {
  const cover = alias(media, 'cover');
  const [row] = await db
    .select({
      shop: shops,
      ownerName: users.displayName,
      ownerBio: users.bio,
      ownerHandle: users.handle,
      avatarId: media.id,
      avatarWidths: media.widths,
      coverId: cover.id,
      coverWidths: cover.widths,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .leftJoin(media, eq(media.id, users.avatarMediaId))
    .leftJoin(cover, eq(cover.id, shops.coverMediaId))
    .where(and(eq(shops.slug, slug), eq(shops.published, true)))
    .limit(1);
  if (!row) return null;
  const { shop } = row;
  const [admin] =
    shop.verified && shop.verifiedById
      ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, shop.verifiedById))
      : [];
  return {
    ...shop,
    verification:
      shop.verified && shop.verifiedAt
        ? {
            adminName: admin?.name ?? 'An admin',
            at: shop.verifiedAt.toISOString(),
            note: shop.verificationNote ?? '',
          }
        : null,
    createdAt: shop.createdAt.toISOString(),
    cover:
      row.coverId && row.coverWidths
        ? {
            url: mediaUrl({ id: row.coverId, widths: row.coverWidths }, 1280),
            // An image the maker left undescribed is still named, never announced as a file name.
            alt: shop.coverAlt ?? `The workshop of ${shop.name}`,
          }
        : null,
    owner: {
      displayName: row.ownerName,
      bio: row.ownerBio,
      slug: row.ownerHandle,
      profileImageUrl: avatarUrl({ id: row.avatarId, widths: row.avatarWidths }),
    },
  };
}

/** Handles of every published shop, for sitemap.xml. */
export async function publishedShopHandles(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(eq(shops.published, true))
    .orderBy(shops.slug);
  return rows.map((r) => r.slug);
}

/**
 * Where a renamed handle's pages went: the current handle of the person who left `handle`, while the 180-day
 * hold lasts (docs/decisions/004); null otherwise.
 */
export async function movedHandle(db: Db, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ handle: users.handle })
    .from(handleHolds)
    .innerJoin(users, eq(users.id, handleHolds.userId))
    .where(
      and(
        eq(handleHolds.handle, handle),
        eq(handleHolds.kind, 'renamed'),
        gt(handleHolds.expiresAt, new Date()),
      ),
    );
  return row?.handle && row.handle !== handle ? row.handle : null;
}
