import { and, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { REGISTRY_COUNT_CAP, type InstrumentSummary, type RegistrySort } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { instruments, shops, users } from '../../db/schema';
import { foldedPattern, likeAnywhere, trigramPieces } from '../../db/search-fold';
import { photoColumns, primaryPhoto } from '../../media/primary-photo';
import { imageUrls, passportCodeOf } from './registry-view';
import { forSaleNow } from '../../db/listings';

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
 * The list's conditions. `where` is the whole filter; `branches` say the same as disjoint conditions, each of
 * which one index serves on its own: with a maker's name in the search, the maker's passports (the
 * (maker, created) index) and the other passports whose text matches (the trigram index). Counting reads them
 * one after the other and stops at the cap, so a maker with 100,000 passports costs as little as one with 1,001;
 * as one OR the planner had to collect every match of both indexes into a bitmap first.
 */
interface Filter {
  where: SQL | undefined;
  branches: (SQL | undefined)[];
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
    return { where, branches: [where] };
  }
  // Both sides go through search_fold (lower case, no accents, one apostrophe: "tomas" finds Tomás); the term
  // is folded in SQL by the same function, so both sides fold alike on every backend. The trigram indexes
  // (migrations registry-search, search_fold) serve the likes. Matching makers are looked up first, on their
  // own: with their ids written into the search, the planner sees how few they are. Folded into one statement
  // (an array subquery) it cannot, and a search for one serial number walked all 100,000 passports
  // (docs/decisions/006). The same statement returns the folded term, which the passports' search is built from.
  const { folded, makers } = await foldAndFindMakers(db, f.search);
  // A passport code is matched whole through its unique index (a BitmapOr with the trigram scan).
  const text = or(textMatches(folded), eq(instruments.passportCode, passportCodeOf(f.search)))!;
  if (!makers.length) {
    const where = and(...conds, text);
    return { where, branches: [where] };
  }
  const byMaker = inArray(instruments.makerShopId, makers);
  return {
    where: and(...conds, or(text, byMaker)),
    branches: [
      and(...conds, byMaker),
      and(...conds, text, or(sql`${instruments.makerShopId} is null`, sql`not ${byMaker}`)),
    ],
  };
}

/**
 * The term as search_fold writes it, and the makers it names: by the shop's name or by the person behind it
 * (their display name), each through its own trigram index (a union: an OR across the join could use neither).
 */
async function foldAndFindMakers(db: Db, term: string) {
  const pattern = foldedPattern(term);
  const result = (await db.execute(sql`
    select search_fold(${term}) as folded, array(
      select id::text from (
        select s.id from ${shops} s where search_fold(s.name) like ${pattern}
        union
        select s.id from ${shops} s join ${users} u on u.id = s.owner_id where search_fold(u.display_name) like ${pattern}
      ) m limit 500) as makers`)) as { rows: { folded: string; makers: string[] }[] };
  const row = result.rows[0]!;
  return { folded: row.folded, makers: row.makers };
}

/**
 * The passports whose text contains the folded term. A term of several words is looked up in the trigram index
 * by its pieces (trigramPieces: without the dense "a word starts here" trigrams, a serial number costs the same
 * at a million passports as at a thousand) and then matched whole by `strpos`, which the index cannot serve, so
 * the planner keeps it as the filter: the same passports as `like '%term%'`, read through shorter posting lists.
 */
function textMatches(folded: string): SQL {
  const pieces = trigramPieces(folded);
  const whole = sql`${instruments.searchText} like ${likeAnywhere(folded)}`;
  if (!pieces.length || (pieces.length === 1 && pieces[0] === folded)) return whole;
  return and(
    ...pieces.map((piece) => sql`${instruments.searchText} like ${likeAnywhere(piece)}`),
    // `<> 0`, not `> 0`: the planner guesses a third of the rows for `> 0` on a function and only half a percent
    // for `= 0`, so `<> 0` leaves its estimate to the pieces. With a third, "spruce guitar" (0.7 % of a million
    // passports) looked rare enough for a bitmap of all 25,000 candidates: 190 ms instead of a 72 ms scan.
    sql`strpos(${instruments.searchText}, ${folded}) <> 0`,
  )!;
}

type SortColumns = Record<'id' | 'createdAt' | 'yearMade', AnyColumn>;

/**
 * The list's order, the same in the page pick and the final select. Ties fall back to newest first, and the id
 * makes every order total, so a page boundary never repeats or skips a row. There is no order by estimated
 * value: it is the owner's, and a public ranking would tell it.
 */
function orderBy(sort: RegistrySort | undefined, c: SortColumns): SQL {
  const newest = sql`${c.createdAt} desc, ${c.id} desc`;
  switch (sort) {
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
function cappedMatches(db: Db, branches: (SQL | undefined)[]) {
  const [first, ...rest] = branches.map((branch) =>
    db
      .select({
        id: instruments.id,
        createdAt: instruments.createdAt,
        yearMade: instruments.yearMade,
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
  const { where, branches } = await filterWhere(db, f);
  const photo = primaryPhoto(db);
  // The matches are read once, up to the cap: they give the count and, when they are all there (at most
  // REGISTRY_COUNT_CAP), the page too. Only a broader search pages by walking the newest-first index instead.
  const matches = db.$with('matches').as(cappedMatches(db, branches));
  const found = sql<number>`(select count(*)::int from ${matches})`;
  const limit = sql`limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`;
  const pageIds = sql`(select ${matches.id} from ${matches} where ${found} <= ${REGISTRY_COUNT_CAP} order by ${orderBy(f.sort, matches)} ${limit})
    union all (select ${instruments.id} from ${instruments} where ${where ?? sql`true`} and ${found} > ${REGISTRY_COUNT_CAP} order by ${orderBy(f.sort, instruments)} ${limit})`;
  const rows = await db
    .with(matches)
    .select({
      ...summaryColumns,
      found,
      photo: photoColumns(photo),
    })
    .from(instruments)
    .leftJoin(shops, eq(shops.id, instruments.makerShopId))
    .leftJoinLateral(photo, sql`true`)
    .where(sql`${instruments.id} in (${pageIds})`)
    .orderBy(orderBy(f.sort, instruments));
  // Past the last page there are no rows to carry the count: only then is it asked for alone.
  const total = rows[0]?.found ?? (await countAlone(db, branches));
  return {
    total: Math.min(total, REGISTRY_COUNT_CAP),
    capped: total > REGISTRY_COUNT_CAP,
    items: rows.map(({ found: _found, ...row }) => toSummary(row)),
  };
}
