// Generated passports made inside the database: one INSERT … SELECT over generate_series writes the instruments,
// a primary drawing and a first ownership record each (and, for `npm run sample:scale`, each passport's
// "created" event and its transparency-log leaf). Shared by the generator (scripts/generate-instruments.ts) and
// the bench's growth (bench/grow.ts), so both make the same rows.
import crypto from 'node:crypto';
import { DRAWING_STYLE_SQL } from '../server/db/sample/drawings';
import { leavesSteps } from './scale-log';
import {
  SCALE_ADJECTIVES,
  SCALE_CATEGORIES,
  SCALE_CONDITIONS,
  SCALE_DRAWINGS,
  SCALE_TYPES,
  SCALE_WOODS,
} from './scale-vocabulary';

const list = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
/** server/db/builders/registry.ts's passport alphabet (no 0/O, 1/I). */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** An element of one of the word lists, as a SQL array literal picked by a bigint expression (subscripts are int). */
const at = (values: readonly string[], expr: string) =>
  `(${list(values)})[1 + ((${expr}) % ${values.length})::int]`;
const codeChar = (bytes: string, i: number) =>
  `substr('${CODE_ALPHABET}', 1 + get_byte(${bytes}, ${i}) % 32, 1)`;

/**
 * The serial number of passport n (0-based), as real makers write them: varied shapes and letters, not one
 * shared prefix (`SC-0000777` for every passport made all their trigrams common, which no real registry has).
 * Deterministic, so a bench can name one: the bytes of md5(n + 1) pick two letters, two digits and the shape.
 */
export function scaleSerial(n: number): string {
  const d = crypto
    .createHash('md5')
    .update(String(n + 1))
    .digest();
  const letters = `${CODE_ALPHABET[d[0]! % 32]}${CODE_ALPHABET[d[1]! % 32]}`;
  const digits = String(d[3]! % 100).padStart(2, '0');
  switch (d[2]! % 3) {
    case 0:
      return `${letters}${digits}-${n + 1}`;
    case 1:
      return `${n + 1}-${letters}`;
    default:
      return `${letters} ${digits}${n + 1}`;
  }
}

/** scaleSerial in SQL over `n` (an integer expression) and `d` = decode(md5((n + 1)::text), 'hex'). */
const SERIAL_SQL = (n: string, d: string) => `case get_byte(${d}, 2) % 3
    when 0 then ${codeChar(d, 0)} || ${codeChar(d, 1)} || lpad((get_byte(${d}, 3) % 100)::text, 2, '0') || '-' || (${n} + 1)
    when 1 then (${n} + 1) || '-' || ${codeChar(d, 0)} || ${codeChar(d, 1)}
    else ${codeChar(d, 0)} || ${codeChar(d, 1)} || ' ' || lpad((get_byte(${d}, 3) % 100)::text, 2, '0') || (${n} + 1) end`;

/**
 * One statement: `count` passports numbered from `from` (the rows already there, so every serial number stays
 * unique), each with a primary drawing and a first ownership record. With `log` (the transparency log's size,
 * its head locked by the caller), also each passport's "created" event and its leaf from that index on
 * (scale-log.ts; completeLogTree stores the rest of the tree); the statement then returns `leaves`, how many
 * were appended. A passport code that collides with one already there is skipped.
 */
export function growStatement({
  from,
  count,
  log,
}: {
  from: number;
  count: number;
  log?: { size: number };
}): string {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(count) || from < 0 || count < 1)
    throw new Error(`growStatement: bad range ${from} + ${count}`);
  if (log && (!Number.isSafeInteger(log.size) || log.size < 0))
    throw new Error(`growStatement: bad log size ${log.size}`);
  return `
with makers as (
  select s.id, s.owner_id, u.display_name as name, s.location,
         (row_number() over (order by s.created_at, s.id) - 1)::int as k, (count(*) over ())::int as total
  from shops s join users u on u.id = s.owner_id
),
seeded as (
  select g as n, (g::bigint * 7919 + floor(random() * 1000))::bigint as seed,
         decode(md5((g + 1)::text), 'hex') as d, decode(md5(random()::text || g::text), 'hex') as h
  from generate_series(${from}::int, ${from + count - 1}::int) g
),
picked as (
  select n, seed, d, h, m.id as shop_id, m.owner_id, m.name as maker_name, m.location,
         ${at(SCALE_TYPES, 'seed')} as type, ${at(SCALE_WOODS, 'seed >> 5')} as body,
         case ${at(SCALE_TYPES, 'seed')} ${Object.entries(SCALE_CATEGORIES)
           .map(([type, categories]) => `when '${type}' then ${at(categories, 'seed >> 4')}`)
           .join(' ')} end as category, ${SERIAL_SQL('n', 'd')} as serial
  from seeded join makers m on m.k = (seed >> 3) % m.total
),
inserted as (
  insert into instruments (passport_code, name, instrument_type, category, model, serial_number, body_wood,
    neck_wood, fretboard_wood, description, year_made, estimated_value, estimated_value_currency, condition,
    verified, maker_shop_id, current_owner_id, created_at)
  select 'LR-' || ${[0, 1, 2, 3].map((i) => codeChar('h', i)).join(' || ')} || '-' || ${[4, 5, 6, 7].map((i) => codeChar('h', i)).join(' || ')},
    ${at(SCALE_ADJECTIVES, 'seed >> 2')} || ' ' || initcap(body) || ' ' || initcap(replace(type, '-', ' ')) || ' ' || (n + 1),
    type, category, 'Model ' || (seed % 97 + 1), serial,
    body, ${at(SCALE_WOODS, 'seed >> 6')}, ${at(SCALE_WOODS, 'seed >> 7')},
    'Scale-test ' || replace(type, '-', ' ') || ' in ' || body || '.', (1960 + seed % 66)::int, (500 + seed % 30000)::int, 'USD',
    ${at(SCALE_CONDITIONS, 'seed >> 8')}, seed % 3 = 0, shop_id, owner_id,
    now() + n * interval '1 microsecond'
  from picked
  on conflict do nothing
  returning id, passport_code, year_made, instrument_type, category, serial_number, created_at
),
images as (
  insert into instrument_images (instrument_id, static_url, is_primary)
  select i.id, '/instruments/' || ${DRAWING_STYLE_SQL('i.instrument_type', 'i.category')} || '-' ||
    ${at(SCALE_DRAWINGS, 'p.seed >> 9')} || '.svg', true
  from inserted i join picked p on p.serial = i.serial_number
)${
    log
      ? `,
created as (
  insert into instrument_events (instrument_id, type, data, created_at)
  select id, 'created', jsonb_build_object('passportCode', passport_code), created_at from inserted
  returning id, instrument_id, created_at
),${leavesSteps(log.size)}`
      : ''
  },
owners as (
  insert into ownership_records (instrument_id, user_id, had_account, owner_name, location, start_date)
  select i.id, p.owner_id, true, p.maker_name, p.location, make_date(i.year_made, 1, 1)
  from inserted i join picked p on p.serial = i.serial_number
)
${log ? 'select count(*)::int as leaves from leaves' : 'select 1 where false'}`;
}
