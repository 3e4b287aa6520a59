import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { CURRENCY_CODES, minorUnits } from '../../../contract/currencies';
import { effectiveSort, REGISTRY_COUNT_CAP, type RegistrySort } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { forSaleNow } from '../../db/listings';
import { preparedStatements } from '../../db/prepared';
import { instruments } from '../../db/schema';
import { searchWords } from '../../db/search-words';
import type { ListFilters } from './list.queries';
import {
  searchConditions,
  searchShapeOf,
  searchValues,
  type SearchShape,
  type SearchValue,
} from './search-match';

// The registry list (and its search) as one statement whose text column is the whole answer, compact JSON in the
// contract's field order (instrumentListSchema): the same passports, count, order, cards and listings as
// listInstruments + listingsFor through the schema (list.queries.ts, kept as the reference), which
// list-json.test.ts compares it with, byte for byte, on both backends (docs/decisions/026).

const CAP = sql.raw(String(REGISTRY_COUNT_CAP));
const CAP_READ = sql.raw(String(REGISTRY_COUNT_CAP + 1));

const placeholder: SearchValue = (name) => sql`${sql.placeholder(name)}`;

/**
 * The order of the list (orderBy in list.queries.ts), over a relation with id, created_at and year_made (and, for
 * relevance, the relevance the matches were given).
 */
function order(sort: RegistrySort, rel: string): SQL {
  const newest = `${rel}."created_at" desc, ${rel}."id" desc`;
  if (sort === 'relevance') return sql.raw(`${rel}."relevance", ${newest}`);
  if (sort === 'year-desc') return sql.raw(`${rel}."year_made" desc, ${newest}`);
  if (sort === 'year-asc') return sql.raw(`${rel}."year_made" asc, ${newest}`);
  return sql.raw(newest);
}

const currenciesWith = (units: number) =>
  CURRENCY_CODES.filter((c) => minorUnits(c) === units)
    .map((c) => `'${c}'`)
    .join(', ');
/** The currency's decimals (contract/currencies.ts): 2 unless listed. */
const decimals = `(case when l.currency in (${currenciesWith(0)}) then 0 when l.currency in (${currenciesWith(3)}) then 3 else 2 end)`;
/** priceText (contract/listings.ts): the stored numeric(15, 3) with the currency's decimals. */
const price = `case when l.price is not null and coalesce(l.currency, '') <> '' then
    case when ${decimals} = 0 then split_part(l.price::text, '.', 1)
      else split_part(l.price::text, '.', 1) || '.' || rpad(split_part(l.price::text, '.', 2), ${decimals}, '0') end
  end`;

/** A card's image (cardImageUrl): an upload at 640 px (or its largest width), else the static drawing. */
const imageUrl = `case when p.id is null then null
    when p.media_id is not null and coalesce(cardinality(p.widths), 0) > 0 then '/media/' || p.media_id || '/'
      || (case when 640 = any(p.widths) then 640 else (select max(w) from unnest(p.widths) w) end) || '.webp'
    else coalesce(p.static_url, '') end`;

/** One card as JSON, fields in instrumentSummarySchema's order; the estimated value is never public here. */
const cardJson = sql.raw(`(select row_to_json(x)::text from (select
    i.id, i.passport_code as "passportCode", i.name, i.instrument_type as "instrumentType", i.category, i.model,
    i.year_made as "yearMade", null::int as "estimatedValue", null::text as "estimatedValueCurrency",
    i.condition, i.verified, i.status,
    ${imageUrl} as "imageUrl",
    case when s.id is null then null else (select row_to_json(m) from (select s.id, s.name as "businessName",
      s.contact_name as "contactName", (select u.handle from users u where u.id = s.owner_id) as "ownerHandle",
      s.location, s.established_year as "establishedYear", s.verified, s.specializations, s.slug) m) end as luthier,
    (select row_to_json(y) from (select l.status, ${price} as price,
        case when l.price is not null then l.currency end as currency, l.note,
        to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
      from instrument_listings l
      where l.instrument_id = i.id and l.owner_id = i.current_owner_id and i.status = 'active') y) as listing
  ) x)`);

interface Shape {
  sort: RegistrySort;
  filters: Record<'type' | 'category' | 'yearFrom' | 'yearTo' | 'verified' | 'status' | 'forSale', boolean>;
  /** No search (null), or how it is looked up. */
  search: SearchShape | null;
}

function shapeKey(s: Shape): string {
  const flags = Object.values(s.filters)
    .map((on) => (on ? 1 : 0))
    .join('');
  const search = s.search
    ? `l${s.search.long}s${s.search.short}n${s.search.near.join('.')}${s.search.absent ? 'a' : ''}`
    : 'all';
  return `${s.sort}_${flags}_${search}`;
}

function parseKey(key: string): Shape {
  const [sort, flags, search] = key.split('_') as [RegistrySort, string, string];
  const names = ['type', 'category', 'yearFrom', 'yearTo', 'verified', 'status', 'forSale'] as const;
  const filters = Object.fromEntries(names.map((n, i) => [n, flags[i] === '1'])) as Shape['filters'];
  const [, long, short, near, absent] = /^l(\d+)s(\d+)n([\d.]*)(a?)$/.exec(search) ?? [];
  return {
    sort,
    filters,
    search:
      search === 'all'
        ? null
        : {
            long: Number(long),
            short: Number(short),
            near: near ? near.split('.').map(Number) : [],
            absent: absent === 'a',
          },
  };
}

/** The statement of one shape: which filters it has, whether it searches (by how many pieces), its order. */
function listJsonSelect(db: Db, { sort, filters, search }: Shape) {
  const conds: (SQL | undefined)[] = [
    filters.type ? eq(instruments.instrumentType, sql.placeholder('type')) : undefined,
    filters.category ? eq(instruments.category, sql.placeholder('category')) : undefined,
    filters.yearFrom ? gte(instruments.yearMade, sql.placeholder('yearFrom')) : undefined,
    filters.yearTo ? lte(instruments.yearMade, sql.placeholder('yearTo')) : undefined,
    filters.verified ? eq(instruments.verified, true) : undefined,
    filters.status ? eq(instruments.status, sql.placeholder('status')) : undefined,
    filters.forSale ? forSaleNow() : undefined,
  ];
  const columns = (rel: string) => sql.raw(`${rel}."id", ${rel}."created_at", ${rel}."year_made"`);
  const read = (branch: SQL | undefined, relevance = sql`0`) =>
    sql`(select ${columns('"instruments"')}, ${relevance} as relevance from "instruments"
      where ${branch ?? sql`true`} limit ${CAP_READ})`;
  const match = search && searchConditions(placeholder, search, '"instruments"');
  // The passports that have every word as typed, then (up to the cap) those that need a misspelt word's
  // neighbour: read in that order, so a broad search never reaches the second, and its pages hold exact
  // matches only.
  // A passport that has two neighbours is in two of their branches: `union` keeps it once (each branch stops at
  // the cap, so it sorts a few hundred rows at most).
  const fuzzy = match?.fuzzyBranches.map((branch) => read(and(...conds, branch), match.relevance));
  const matches = !match
    ? read(and(...conds))
    : fuzzy?.length
      ? sql`(${read(and(...conds, match.exact), match.relevance)} union all (select * from (${sql.join(
          fuzzy,
          sql` union `,
        )}) near limit ${CAP_READ}) limit ${CAP_READ})`
      : read(and(...conds, match.exact), match.relevance);
  const where = match ? and(...conds, match.exact) : and(...conds);
  // Past the cap there is no ranking of every match: the walk of the sort's index (newest first for relevance).
  // It walks the exact matches when they alone pass the cap, else every match (decision 030).
  const walk = sort === 'relevance' ? 'newest' : sort;
  const found = sql`(select count(*)::int from matches)`;
  const exactFound = sql`(select count(*)::int from matches where relevance < 4)`;
  const walkAll = match?.fuzzyOnly
    ? sql`union all (select "instruments"."id", 0 from "instruments"
        where ${and(...conds, sql`(${match.exact} or ${match.fuzzyOnly})`)} and ${found} > ${CAP} and ${exactFound} <= ${CAP}
        order by ${order(walk, '"instruments"')} ${sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`})`
    : sql``;
  const exactPast = match?.fuzzyOnly ? sql`and ${exactFound} > ${CAP}` : sql``;
  const limit = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const answer = sql`(with matches as ${matches},
    page as ((select m.id, m.relevance from matches m where ${found} <= ${CAP} order by ${order(sort, 'm')} ${limit})
      union all (select "instruments"."id", 0 from "instruments" where ${where ?? sql`true`} and ${found} > ${CAP} ${exactPast}
        order by ${order(walk, '"instruments"')} ${limit}) ${walkAll})
    select ${found} as found, coalesce('[' || string_agg(c.j, ',' order by ${order(sort, 'c')}) || ']', '[]') as body
    from (select i.id, i.created_at, i.year_made, pg.relevance, ${cardJson} as j
      from page pg join instruments i on i.id = pg.id left join shops s on s.id = i.maker_shop_id
      left join lateral (select ii.id, ii.static_url, ii.media_id, md.widths from instrument_images ii
          left join media md on md.id = ii.media_id
        where ii.instrument_id = i.id and ii.is_primary order by ii.order_index, ii.id limit 1) p on true) c) answer`;
  return db.select({ found: sql<number>`answer.found`, body: sql<string>`answer.body` }).from(sql`${answer}`);
}

/**
 * Built once per shape, but sent unnamed (`prepare('')`): PostgreSQL plans each search with its values, as it did
 * the former statements. A generic plan would not see the pattern (decision 023's plans depend on it), nor fold
 * the pieces' substring tests away.
 */
const listJsonStatement = preparedStatements('registry_json', (db, key) =>
  listJsonSelect(db, parseKey(key)).prepare(''),
);

/**
 * The registry list as the route sends it: the JSON text of the page's cards with their listings, and the count
 * (exactly up to REGISTRY_COUNT_CAP; past it, the cap and `capped`).
 */
export async function listInstrumentsJson(db: Db, f: ListFilters) {
  const filters: Shape['filters'] = {
    type: Boolean(f.type),
    category: Boolean(f.category),
    yearFrom: f.yearFrom !== undefined,
    yearTo: f.yearTo !== undefined,
    verified: Boolean(f.verified),
    status: Boolean(f.status),
    forSale: Boolean(f.forSale),
  };
  const words = f.search ? await searchWords(db, f.search) : undefined;
  const sort = effectiveSort(f.sort, f.search);
  const shape: Shape = { sort, filters, search: words ? searchShapeOf(words) : null };
  const values: Record<string, unknown> = {
    type: f.type,
    category: f.category,
    yearFrom: f.yearFrom,
    yearTo: f.yearTo,
    status: f.status,
    limit: f.pageSize,
    offset: (f.page - 1) * f.pageSize,
    ...(f.search && words && searchValues(f.search, words)),
  };
  const [row] = await listJsonStatement(db, shapeKey(shape)).execute(values);
  const total = row?.found ?? 0;
  return {
    total: Math.min(total, REGISTRY_COUNT_CAP),
    capped: total > REGISTRY_COUNT_CAP,
    body: row?.body ?? '[]',
  };
}
