// Grows the registry for S inside the database: the rows scripts/generate-instruments.ts (`npm run
// sample:scale`) writes, the same words, makers, drawings and first ownership records, but made by one
// INSERT … SELECT over generate_series instead of a hundred batches sent from Node. On this 2-core machine the
// generator needed close to three minutes for 100,000 passports under load; this takes seconds, so S fits the
// 10-minute run on both backends.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import {
  SCALE_ADJECTIVES,
  SCALE_CATEGORIES,
  SCALE_CONDITIONS,
  SCALE_DRAWINGS,
  SCALE_TYPES,
  SCALE_WOODS,
} from '../scripts/scale-vocabulary';
import { DRAWING_STYLE_SQL } from '../server/db/sample/drawings';

const list = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
/** server/db/builders/registry.ts's passport alphabet (no 0/O, 1/I). */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** An element of one of the word lists, as a SQL array literal picked by a bigint expression (subscripts are int). */
const at = (values: readonly string[], expr: string) =>
  `(${list(values)})[1 + ((${expr}) % ${values.length})::int]`;
const codeChar = (i: number) => `substr('${CODE_ALPHABET}', 1 + get_byte(x.h, ${i}) % 32, 1)`;

/**
 * One statement: $2 passports numbered from $1 (the generator's loop counter; here the rows already there), with
 * the generator's seed arithmetic, then a primary drawing and a first ownership record for each.
 */
const GROW = `
with makers as (
  select s.id, s.owner_id, u.display_name as name, s.location,
         (row_number() over (order by s.created_at, s.id) - 1)::int as k, (count(*) over ())::int as total
  from shops s join users u on u.id = s.owner_id
),
seeded as (
  select g as n, (g::bigint * 7919 + floor(random() * 1000))::bigint as seed
  from generate_series($1::int, $1::int + $2::int - 1) g
),
picked as (
  select n, seed, m.id as shop_id, m.owner_id, m.name as maker_name, m.location,
         ${at(SCALE_TYPES, 'seed')} as type, ${at(SCALE_WOODS, 'seed >> 5')} as body,
         case ${at(SCALE_TYPES, 'seed')} ${Object.entries(SCALE_CATEGORIES)
           .map(([type, categories]) => `when '${type}' then ${at(categories, 'seed >> 4')}`)
           .join(' ')} end as category
  from seeded join makers m on m.k = (seed >> 3) % m.total
),
inserted as (
  insert into instruments (passport_code, name, instrument_type, category, model, serial_number, body_wood,
    neck_wood, fretboard_wood, description, year_made, estimated_value, condition, verified, maker_shop_id,
    current_owner_id, created_at)
  select 'LR-' || ${[0, 1, 2, 3].map(codeChar).join(' || ')} || '-' || ${[4, 5, 6, 7].map(codeChar).join(' || ')},
    ${at(SCALE_ADJECTIVES, 'seed >> 2')} || ' ' || initcap(body) || ' ' || initcap(replace(type, '-', ' ')) || ' ' || (n + 1),
    type, category, 'Model ' || (seed % 97 + 1), 'SC-' || lpad((n + 1)::text, 7, '0'),
    body, ${at(SCALE_WOODS, 'seed >> 6')}, ${at(SCALE_WOODS, 'seed >> 7')},
    'Scale-test ' || replace(type, '-', ' ') || ' in ' || body || '.', (1960 + seed % 66)::int, (500 + seed % 30000)::int,
    ${at(SCALE_CONDITIONS, 'seed >> 8')}, seed % 3 = 0, shop_id, owner_id,
    now() + n * interval '1 microsecond'
  from picked cross join lateral (select decode(md5(random()::text || n::text), 'hex') as h) x
  on conflict do nothing
  returning id, year_made, maker_shop_id, instrument_type, category, body_wood, serial_number
),
images as (
  insert into instrument_images (instrument_id, static_url, is_primary)
  select i.id, '/instruments/' || ${DRAWING_STYLE_SQL('i.instrument_type', 'i.category')} || '-' ||
    ${at(SCALE_DRAWINGS, 'p.seed >> 9')} || '.svg', true
  from inserted i join picked p on 'SC-' || lpad((p.n + 1)::text, 7, '0') = i.serial_number
)
insert into ownership_records (instrument_id, user_id, had_account, owner_name, location, start_date)
select i.id, p.owner_id, true, p.maker_name, p.location, make_date(i.year_made, 1, 1)
from inserted i join picked p on 'SC-' || lpad((p.n + 1)::text, 7, '0') = i.serial_number`;

const COUNT = 'select count(*)::int as n from instruments';

export interface Grower {
  /** Adds passports until there are `total`; returns the seconds taken. */
  growTo(total: number): Promise<number>;
  close(): Promise<void>;
}

function grower(query: <T>(text: string, params?: unknown[]) => Promise<T[]>, close: () => Promise<void>) {
  return {
    async growTo(total: number) {
      const started = performance.now();
      const [row] = await query<{ n: number }>(COUNT);
      const have = row?.n ?? 0;
      if (have < total) {
        // Numbered after every passport already there, so each serial number stays unique.
        await query(GROW, [have, total - have]);
        // Fresh statistics so the planner picks the search indexes right away, as the generator does.
        await query('analyze');
      }
      return (performance.now() - started) / 1000;
    },
    close,
  } satisfies Grower;
}

/** On PostgreSQL, beside the running server. */
export async function pgGrower(url: string): Promise<Grower> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return grower(
    async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    () => client.end(),
  );
}

/** On PGlite, in this process: its server must be stopped first (one owner of the files at a time). */
export async function pgliteGrower(dataDir: string): Promise<Grower> {
  const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  await client.waitReady;
  return grower(
    async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    () => client.close(),
  );
}
