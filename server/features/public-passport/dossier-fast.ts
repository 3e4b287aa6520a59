import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StoredDocumentAt } from '../../media/document-store';
import { logStateSql } from './dossier-log';

// A stored dossier in one read (docs/decisions/029-documents-built-once.md): one query hashes every row the public
// dossier is drawn from (the instrument, its photos and their media, its owners and their accounts, its approved
// and pending services with their shops and recorders, its maker's shop, its verifier, its certificate, its
// events, and the log's state around it) into an alias, and returns the document stored under that alias. No
// passport is assembled, no proof read: a hit is this query and the file. Any change to any of those rows, or
// an append to the log, makes another alias: the request then takes the full path, which finds (or builds) the
// document by its identity and points the new alias at it.

/**
 * What the alias also depends on outside the database: the drawing code, the log's key, policy and address, and
 * this process (the sample photos' files are identified by their modification time, which a new release changes).
 */
export const fastAliasPrefix = (parts: unknown) =>
  crypto.hash('sha256', JSON.stringify({ parts, boot: BOOT }), 'hex');
const BOOT = crypto.randomUUID();

export interface FastDossier {
  /** The alias of the passport's current rows; null when no passport has that code. */
  alias: string;
  /** The dossier stored under it, or null (then the full path serves it and adds the alias). */
  stored: StoredDocumentAt | null;
}

/** Rows as text, in a stable order, hashed. Whole rows: a column nobody draws only costs a rebuild of the alias. */
const rowsSql = (code: string) => sql`(
  with i as (select * from instruments where passport_code = ${code})
  select concat_ws(E'\\n',
    (select row(i.*)::text from i),
    (select string_agg(row(img.*)::text || coalesce(row(m.*)::text, ''), E'\\n' order by img.id)
       from instrument_images img left join media m on m.id = img.media_id where img.instrument_id = i.id),
    (select string_agg(row(o.*)::text || coalesce(row(u.*)::text, ''), E'\\n' order by o.id)
       from ownership_records o left join users u on u.id = o.user_id where o.instrument_id = i.id),
    (select string_agg(row(s.*)::text || coalesce(row(sh.*)::text, '') || coalesce(row(r.*)::text, ''), E'\\n'
         order by s.id)
       from service_records s left join shops sh on sh.id = s.servicer_shop_id
       left join users r on r.id = s.recorded_by_id where s.instrument_id = i.id),
    (select row(sh.*)::text from shops sh where sh.id = i.maker_shop_id),
    (select row(u.*)::text from users u where u.id = i.verified_by_id),
    (select row(c.*)::text from certificates c where c.id = i.built_in_certificate_id),
    (select string_agg(row(e.*)::text, E'\\n' order by e.id) from instrument_events e where e.instrument_id = i.id),
    ${logStateSql(code)})
  from i
)`;

/** The one read of a stored dossier hit. */
export async function fastDossier(db: Db, code: string, prefix: string): Promise<FastDossier | null> {
  const result = (await db.execute(sql`
    with a as (
      select encode(sha256(convert_to(${prefix} || E'\\n' || ${rowsSql(code)}, 'UTF8')), 'hex') as alias
    )
    select a.alias, d.key, d.etag, d.content_type, d.storage
    from a
    left join document_aliases da on da.alias = a.alias
    left join documents d on d.key = da.key
    where a.alias is not null
  `)) as {
    rows: {
      alias: string;
      key: string | null;
      etag: string | null;
      content_type: string | null;
      storage: 'fs' | 'db' | null;
    }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  const stored =
    row.key && row.etag && row.content_type && row.storage
      ? { key: row.key, etag: row.etag, contentType: row.content_type, storage: row.storage }
      : null;
  return { alias: row.alias, stored };
}
