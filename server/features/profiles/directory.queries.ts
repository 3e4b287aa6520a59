import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopCard, ShopFacets, shopDirectoryQuerySchema } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { courses, media, shops, users } from '../../db/schema';
import { mediaUrl } from '../../media/media-store';
import { everyWordIn } from '../../db/search-fold';

type DirectoryFilters = z.output<typeof shopDirectoryQuerySchema>;

/** The country of a location written "City, Country": its last comma-separated part. */
export const countryOf = sql<string>`lower(btrim(regexp_replace(coalesce(${shops.location}, ''), '^.*,', '')))`;

/** What the directory's search reads of a maker, folded. */
const makerDocument = sql`search_fold(concat_ws(' ', ${shops.name}, ${users.displayName}, ${shops.location},
  array_to_string(${shops.specializations}, ' ')))`;

function directoryWhere(f: DirectoryFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(shops.published, true)];
  // Every word somewhere in the name, the person's name, the place or the specialities; accents, case,
  // apostrophes and a misspelt word forgiven (search_fold, everyWordIn).
  if (f.q) conds.push(everyWordIn(f.q, makerDocument));
  if (f.country) conds.push(sql`${countryOf} = ${f.country.toLowerCase()}`);
  if (f.speciality)
    conds.push(
      sql`exists (select 1 from unnest(${shops.specializations}) s where lower(s) = ${f.speciality.toLowerCase()})`,
    );
  if (f.verified) conds.push(eq(shops.verified, true));
  return and(...conds);
}

/**
 * One page of published shops with their counts, in one statement: each count is an index lookup per shop on the
 * page (instruments by maker, courses by instructor), and the total rides along as a window count.
 */
export async function listShops(db: Db, f: DirectoryFilters): Promise<{ total: number; items: ShopCard[] }> {
  const where = directoryWhere(f);
  const rows = await db
    .select({
      name: shops.name,
      slug: shops.slug,
      ownerName: users.displayName,
      ownerHandle: users.handle,
      location: shops.location,
      specializations: shops.specializations,
      verified: shops.verified,
      avatarId: media.id,
      avatarWidths: media.widths,
      // Kept on the shop by triggers (migration shop_instrument_count), not counted per request.
      instrumentCount: shops.instrumentCount,
      courseCount: sql<number>`(select count(*)::int from ${courses} where ${courses.instructorUserId} = ${shops.ownerId})`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .leftJoin(media, eq(media.id, users.avatarMediaId))
    .where(where)
    // A search's exact matches before those that needed a misspelt word forgiven.
    .orderBy(
      ...(f.q ? [sql`${everyWordIn(f.q, makerDocument, { exact: true })} desc`] : []),
      desc(shops.verified),
      asc(shops.name),
      asc(shops.id),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page no row carries the total.
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(where);
    total = row?.n ?? 0;
  }
  return {
    total,
    items: rows.map(({ avatarId, avatarWidths, total: _t, ownerName, ...r }) => ({
      ...r,
      ownerName: ownerName.trim() || null,
      profileImageUrl:
        avatarId && avatarWidths ? mediaUrl({ id: avatarId, widths: avatarWidths }, 320) : null,
    })),
  };
}

/** The countries and specialities published shops name, for the directory's filters. */
export async function shopFacets(db: Db): Promise<ShopFacets> {
  const [row] = await db
    .select({
      countries: sql<
        string[]
      >`coalesce(array(select distinct btrim(regexp_replace(location, '^.*,', '')) from ${shops} where published and coalesce(location, '') <> '' order by 1), '{}')`,
      specialities: sql<
        string[]
      >`coalesce(array(select distinct s from ${shops}, unnest(specializations) s where published and btrim(s) <> '' order by 1), '{}')`,
    })
    .from(sql`(values (1)) as one`);
  return { countries: row?.countries ?? [], specialities: row?.specialities ?? [] };
}
