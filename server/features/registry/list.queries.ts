import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { REGISTRY_COUNT_CAP, type InstrumentSummary } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { instrumentImages, instruments, media, shops } from '../../db/schema';
import { escapeLike, imageUrls } from './registry-view';

export interface ListFilters {
  search?: string;
  type?: (typeof instruments.$inferSelect)['instrumentType'];
  category?: (typeof instruments.$inferSelect)['category'];
  page: number;
  pageSize: number;
}

export const luthierColumns = {
  id: shops.id,
  businessName: shops.name,
  contactName: shops.contactName,
  location: shops.location,
  establishedYear: shops.establishedYear,
  verified: shops.verified,
  specializations: shops.specializations,
  slug: shops.slug,
};

export const summaryColumns = {
  id: instruments.id,
  passportCode: instruments.passportCode,
  name: instruments.name,
  instrumentType: instruments.instrumentType,
  category: instruments.category,
  model: instruments.model,
  yearMade: instruments.yearMade,
  estimatedValue: instruments.estimatedValue,
  condition: instruments.condition,
  verified: instruments.verified,
  status: instruments.status,
  luthier: luthierColumns,
};

type SummaryRow = Omit<InstrumentSummary, 'imageUrl' | 'luthier'> & {
  luthier: InstrumentSummary['luthier'] | { id: null };
};

/** Adds each instrument's primary photo (one query for the whole page). */
export async function withPrimaryImages(db: Db, rows: SummaryRow[]): Promise<InstrumentSummary[]> {
  const ids = rows.map((r) => r.id);
  const images = ids.length
    ? await db
        .select({
          instrumentId: instrumentImages.instrumentId,
          staticUrl: instrumentImages.staticUrl,
          mediaId: instrumentImages.mediaId,
          widths: media.widths,
        })
        .from(instrumentImages)
        .leftJoin(media, eq(media.id, instrumentImages.mediaId))
        .where(and(inArray(instrumentImages.instrumentId, ids), eq(instrumentImages.isPrimary, true)))
    : [];
  const byId = new Map(images.map((img) => [img.instrumentId, imageUrls(img).imageUrl]));
  return rows.map((r) => ({
    ...r,
    luthier: r.luthier && r.luthier.id ? (r.luthier as InstrumentSummary['luthier']) : null,
    imageUrl: byId.get(r.id) ?? null,
  }));
}

async function filterWhere(db: Db, f: ListFilters): Promise<SQL | undefined> {
  const conds: (SQL | undefined)[] = [];
  if (f.type) conds.push(eq(instruments.instrumentType, f.type));
  if (f.category) conds.push(eq(instruments.category, f.category));
  if (f.search) {
    // Both sides are lower-cased; the trigram indexes (migration registry-search) serve both likes. Matching
    // makers are looked up first so the planner can combine two index scans instead of filtering every row.
    const pattern = `%${escapeLike(f.search.toLowerCase())}%`;
    const makers = await db
      .select({ id: shops.id })
      .from(shops)
      .where(sql`lower(${shops.name}) like ${pattern}`)
      .limit(500);
    const text = sql`${instruments.searchText} like ${pattern}`;
    conds.push(
      makers.length
        ? or(
            text,
            inArray(
              instruments.makerShopId,
              makers.map((m) => m.id),
            ),
          )
        : text,
    );
  }
  return and(...conds);
}

/**
 * One page of the registry and the number of matches, counted exactly up to REGISTRY_COUNT_CAP: counting stops
 * at the cap, so a broad search does not read every matching row (a page itself is a short index walk).
 */
export async function listInstruments(db: Db, f: ListFilters) {
  const where = await filterWhere(db, f);
  const matches = db
    .select({ one: sql`1` })
    .from(instruments)
    .where(where)
    .limit(REGISTRY_COUNT_CAP + 1)
    .as('matches');
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(matches);
  const found = counted?.total ?? 0;
  const rows = await db
    .select(summaryColumns)
    .from(instruments)
    .leftJoin(shops, eq(shops.id, instruments.makerShopId))
    .where(where)
    .orderBy(desc(instruments.createdAt), desc(instruments.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return {
    total: Math.min(found, REGISTRY_COUNT_CAP),
    capped: found > REGISTRY_COUNT_CAP,
    items: await withPrimaryImages(db, rows),
  };
}
