import { and, eq, gte, lte, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  effectiveSort,
  REGISTRY_COUNT_CAP,
  type InstrumentSummary,
  type RegistrySort,
} from '../../../contract/registry';
import type { Db } from '../../db/client';
import { instruments, shops } from '../../db/schema';
import { searchWords } from '../../db/search-words';
import { photoColumns, primaryPhoto } from '../../media/primary-photo';
import { imageUrls } from '../../media/media-store';
import { forSaleNow } from '../../db/listings';
import { searchConditions, searchShapeOf, searchValues, type SearchValue } from './search-match';

export interface ListFilters {
  search?: string;
  type?: (typeof instruments.$inferSelect)['instrumentType'];
  category?: (typeof instruments.$inferSelect)['category'];
  sort?: RegistrySort;
  yearFrom?: number;
  yearTo?: number;
  verified?: boolean;
  status?: (typeof instruments.$inferSelect)['status'];
  forSale?: boolean;
  page: number;
  pageSize: number;
}

export const luthierColumns = {
  id: shops.id,
  businessName: shops.name,
  contactName: shops.contactName,
  // Qualified by hand: in a select from shops alone, Drizzle renders a column without its table.
  ownerHandle: sql<string | null>`(select u.handle from users u where u.id = "shops"."owner_id")`,
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
  estimatedValueCurrency: instruments.estimatedValueCurrency,
  ownerId: instruments.currentOwnerId,
  condition: instruments.condition,
  verified: instruments.verified,
  status: instruments.status,
  luthier: luthierColumns,
};

type Photo = { staticUrl: string | null; mediaId: string | null; widths: number[] | null } | null;

/** A card's image: the primary photo at 640 px, or null when there is none. */
export const cardImageUrl = (photo: Photo) => (photo ? imageUrls(photo).imageUrl : null);

/**
 * A row selected with `summaryColumns` and `photo: photoColumns(…)`, as the contract's card. The estimated value
 * is its owner's (public-projection.ts): on the card only for `viewerId` when that is the owner.
 */
export function toSummary(
  {
    photo,
    luthier,
    ownerId,
    estimatedValue,
    estimatedValueCurrency,
    ...r
  }: Omit<InstrumentSummary, 'imageUrl' | 'luthier'> & {
    luthier: InstrumentSummary['luthier'];
    photo: Photo;
    ownerId: string | null;
  },
  viewerId: string | null = null,
): InstrumentSummary {
  return {
    ...r,
    // The currency with the value: on its own it still says something about the owner's estimate.
    ...(viewerId && ownerId === viewerId
      ? { estimatedValue, estimatedValueCurrency }
      : { estimatedValue: null, estimatedValueCurrency: null }),
    luthier: luthier?.id ? luthier : null,
    imageUrl: cardImageUrl(photo),
  };
}

/**
 * The list's conditions. `where` is the whole filter (what a page past the cap walks: the exact matches);
 * `branches` are read one after the other up to the cap: the exact matches, then those that need a misspelt
 * word's close neighbour (search-match.ts, decision 030). `relevance` ranks a match.
 */
interface Filter {
  where: SQL | undefined;
  /** Every match, exact or not: walked past the cap when the exact ones alone do not pass it. */
  whereAll: SQL | undefined;
  branches: (SQL | undefined)[];
  relevance: SQL;
}

async function filterWhere(db: Db, f: ListFilters): Promise<Filter> {
  const conds: (SQL | undefined)[] = [];
  if (f.type) conds.push(eq(instruments.instrumentType, f.type));
  if (f.category) conds.push(eq(instruments.category, f.category));
  if (f.yearFrom !== undefined) conds.push(gte(instruments.yearMade, f.yearFrom));
  if (f.yearTo !== undefined) conds.push(lte(instruments.yearMade, f.yearTo));
  if (f.verified) conds.push(eq(instruments.verified, true));
  if (f.status) conds.push(eq(instruments.status, f.status));
  if (f.forSale) conds.push(forSaleNow());
  if (!f.search) {
    const where = and(...conds);
    return { where, whereAll: where, branches: [where], relevance: sql`0` };
  }
  const words = await searchWords(db, f.search);
  const values = searchValues(f.search, words);
  const value: SearchValue = (name) => sql`${values[name]}`;
  const match = searchConditions(value, searchShapeOf(words), '"instruments"');
  const where = and(...conds, match.exact);
  return {
    where,
    whereAll: match.fuzzyOnly ? and(...conds, or(match.exact, match.fuzzyOnly)) : where,
    branches: match.fuzzyOnly ? [where, and(...conds, match.fuzzyOnly)] : [where],
    relevance: match.relevance,
  };
}

type SortColumns = Record<'id' | 'createdAt' | 'yearMade', AnyColumn> & { relevance?: SQLWrapper };

/**
 * The list's order, the same in the page pick and the final select. Ties fall back to newest first, and the id
 * makes every order total, so a page boundary never repeats or skips a row. There is no order by estimated
 * value: it is the owner's, and a public ranking would tell it.
 */
function orderBy(sort: RegistrySort | undefined, c: SortColumns): SQL {
  const newest = sql`${c.createdAt} desc, ${c.id} desc`;
  switch (sort) {
    case 'relevance':
      return c.relevance ? sql`${c.relevance}, ${newest}` : newest;
    case 'year-desc':
      return sql`${c.yearMade} desc, ${newest}`;
    case 'year-asc':
      return sql`${c.yearMade} asc, ${newest}`;
    default:
      return newest;
  }
}

/**
 * The matches of the filter's branches, at most REGISTRY_COUNT_CAP + 1 (so "more than the cap" is known): each
 * branch is read in turn, and reading stops at the cap.
 */
function cappedMatches(db: Db, branches: (SQL | undefined)[], relevance: SQL = sql`0`) {
  const [first, ...rest] = branches.map((branch) =>
    db
      .select({
        id: instruments.id,
        createdAt: instruments.createdAt,
        yearMade: instruments.yearMade,
        relevance: sql<number>`${relevance}`.as('relevance'),
      })
      .from(instruments)
      .where(branch)
      .limit(REGISTRY_COUNT_CAP + 1),
  );
  return rest.length ? first!.unionAll(rest[0]!).limit(REGISTRY_COUNT_CAP + 1) : first!;
}

async function countAlone(db: Db, branches: (SQL | undefined)[]): Promise<number> {
  const matches = cappedMatches(db, branches).as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

/**
 * One page of the registry and the number of matches, counted exactly up to REGISTRY_COUNT_CAP: counting stops
 * at the cap, so a broad search does not read every matching row (a page itself is a short index walk).
 * One statement answers the count, the page, the makers and the primary photos (plus the maker lookup when
 * searching): two round trips at most, where there were four.
 */
export async function listInstruments(db: Db, f: ListFilters) {
  const { where, whereAll, branches, relevance } = await filterWhere(db, f);
  const sort = effectiveSort(f.sort, f.search);
  const photo = primaryPhoto(db);
  // The matches are read once, up to the cap: they give the count and, when they are all there (at most
  // REGISTRY_COUNT_CAP), the page too. Only a broader search pages by walking the newest-first index instead.
  const matches = db.$with('matches').as(cappedMatches(db, branches, relevance));
  const found = sql<number>`(select count(*)::int from ${matches})`;
  const exactFound = sql`(select count(*)::int from ${matches} where ${matches.relevance} < 4)`;
  // Past the cap, relevance pages newest first: there is no ranking of every match (decision 030).
  const walk = sort === 'relevance' ? 'newest' : sort;
  const page = db.$with('page').as(
    db
      .select({ id: matches.id, relevance: matches.relevance })
      .from(matches)
      .where(sql`${found} <= ${REGISTRY_COUNT_CAP}`)
      .orderBy(orderBy(sort, matches))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .unionAll(
        db
          .select({ id: instruments.id, relevance: sql<number>`0`.as('relevance') })
          .from(instruments)
          .where(
            sql`${where ?? sql`true`} and ${found} > ${REGISTRY_COUNT_CAP} and ${exactFound} > ${REGISTRY_COUNT_CAP}`,
          )
          .orderBy(orderBy(walk, instruments))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
      )
      .unionAll(
        db
          .select({ id: instruments.id, relevance: sql<number>`0`.as('relevance') })
          .from(instruments)
          .where(
            sql`${whereAll ?? sql`true`} and ${found} > ${REGISTRY_COUNT_CAP} and ${exactFound} <= ${REGISTRY_COUNT_CAP}`,
          )
          .orderBy(orderBy(walk, instruments))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
      ),
  );
  const rows = await db
    .with(matches, page)
    .select({
      ...summaryColumns,
      found,
      photo: photoColumns(photo),
    })
    .from(page)
    .innerJoin(instruments, eq(instruments.id, page.id))
    .leftJoin(shops, eq(shops.id, instruments.makerShopId))
    .leftJoinLateral(photo, sql`true`)
    .orderBy(orderBy(sort, { ...instruments, relevance: page.relevance }));
  // Past the last page there are no rows to carry the count: only then is it asked for alone.
  const total = rows[0]?.found ?? (await countAlone(db, branches));
  return {
    total: Math.min(total, REGISTRY_COUNT_CAP),
    capped: total > REGISTRY_COUNT_CAP,
    items: rows.map(({ found: _found, ...row }) => toSummary(row)),
  };
}
