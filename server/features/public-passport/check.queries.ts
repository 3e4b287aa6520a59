import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CheckResult } from '../../../contract/public-passport';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { instrumentEvents, instrumentImages, instruments, media, shops } from '../../db/schema';
import { notify } from '../../notify/notifications';
import { foldedPattern } from '../../db/search-fold';
import { imageUrls } from '../../media/media-store';

/**
 * A passport code as people type it from a label: any case, with or without its dashes or with spaces
 * ("lr7kq2m9xd", "LR 7KQ2 M9XD" → "LR-7KQ2-M9XD"). Anything else is returned upper-cased as it was.
 */
export function normalisePassportCode(q: string): string {
  const bare = q.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return /^LR[0-9A-Z]{8}$/.test(bare) ? `LR-${bare.slice(2, 6)}-${bare.slice(6)}` : q.trim().toUpperCase();
}

interface SerialChange {
  instrumentId: string;
  from: string;
  to: string | null;
  corrected: boolean;
}

/**
 * Passports whose serial number once was `lower` and was changed (a correction after a transfer, an edit before):
 * a buyer holding an old certificate or label still finds the instrument, and hears that the serial changed.
 * Only change events are read (a partial index keeps them few).
 */
async function serialChanges(db: Db, lower: string): Promise<SerialChange[]> {
  const result = (await db.execute(sql`
    select e.instrument_id as "instrumentId", c->>'from' as "from", c->>'to' as "to", e.type = 'corrected' as corrected
    from ${instrumentEvents} e,
      jsonb_array_elements(case when jsonb_typeof(e.data->'changes') = 'array' then e.data->'changes' else '[]'::jsonb end) c
    where e.type in ('corrected', 'edited') and c->>'field' = 'serialNumber' and lower(c->>'from') = ${lower}
    order by e.created_at desc
    limit 20`)) as { rows: SerialChange[] };
  return result.rows;
}

/**
 * A passport code or a serial number, matched exactly (case-insensitively; a code also without its dashes), then
 * a serial number the passport carried before a correction. The current serial's `like` lets the trigram index
 * find the few candidates. When several passports match, a stolen one wins: the buyer asking must hear about it.
 */
export async function checkPassport(
  ctx: AppContext,
  q: string,
  at: Date,
  /** Whether this owner may be told of one more check (a cap per owner: many lookers cannot flood one inbox). */
  mayTell: (ownerId: string) => Promise<boolean> = async () => true,
): Promise<CheckResult> {
  const { db } = ctx;
  const lower = q.toLowerCase();
  const changes = await serialChanges(db, lower);
  const changedIds = [...new Set(changes.map((c) => c.instrumentId))];
  const code = normalisePassportCode(q);
  const rows = await db
    .select({
      id: instruments.id,
      passportCode: instruments.passportCode,
      name: instruments.name,
      instrumentType: instruments.instrumentType,
      yearMade: instruments.yearMade,
      serialNumber: instruments.serialNumber,
      verified: instruments.verified,
      status: instruments.status,
      ownerId: instruments.currentOwnerId,
      makerShopName: sql<string | null>`coalesce(${shops.name}, ${instruments.formerMakerName})`,
      makerShopHandle: shops.slug,
    })
    .from(instruments)
    .leftJoin(shops, eq(shops.id, instruments.makerShopId))
    .where(
      or(
        eq(instruments.passportCode, code),
        and(
          sql`${instruments.searchText} like ${foldedPattern(q)}`,
          sql`lower(${instruments.serialNumber}) = ${lower}`,
        ),
        changedIds.length ? inArray(instruments.id, changedIds) : undefined,
      ),
    )
    .limit(40);
  // What the query names now comes first; a serial it no longer carries only when nothing carries it now.
  const current = rows.filter((r) => r.passportCode === code || r.serialNumber?.toLowerCase() === lower);
  const former = rows.filter((r) => !current.includes(r));
  const hit =
    current.find((r) => r.status === 'stolen') ??
    former.find((r) => r.status === 'stolen') ??
    current[0] ??
    former[0];
  if (!hit) return { result: 'not_found' };
  const change = current.includes(hit) ? undefined : changes.find((c) => c.instrumentId === hit.id);
  const serialChanged = change
    ? { from: change.from, to: hit.serialNumber ?? change.to, corrected: change.corrected }
    : null;
  if (hit.status === 'stolen') {
    const [reportedOn, photoUrl] = await Promise.all([stolenSince(db, hit.id), primaryPhoto(db, hit.id)]);
    if (hit.ownerId && (await mayTell(hit.ownerId))) await tellOwner(ctx, hit, at);
    return {
      result: 'stolen',
      reportedOn: reportedOn ?? at.toISOString().slice(0, 10),
      instrument: {
        passportCode: hit.passportCode,
        name: hit.name,
        instrumentType: hit.instrumentType,
        yearMade: hit.yearMade,
        photoUrl,
      },
      serialChanged,
    };
  }
  return {
    result: 'found',
    passport: {
      passportCode: hit.passportCode,
      name: hit.name,
      instrumentType: hit.instrumentType,
      yearMade: hit.yearMade,
      makerShopName: hit.makerShopName,
      makerShopHandle: hit.makerShopHandle,
      verified: hit.verified,
      status: hit.status,
    },
    serialChanged,
  };
}

/** The primary photo at 640 px, as the public passport shows it. */
async function primaryPhoto(db: Db, instrumentId: string): Promise<string | null> {
  const [row] = await db
    .select({ img: instrumentImages, widths: media.widths })
    .from(instrumentImages)
    .leftJoin(media, eq(media.id, instrumentImages.mediaId))
    .where(eq(instrumentImages.instrumentId, instrumentId))
    .orderBy(desc(instrumentImages.isPrimary), asc(instrumentImages.orderIndex))
    .limit(1);
  return row ? imageUrls({ ...row.img, widths: row.widths }).imageUrl || null : null;
}

async function stolenSince(db: Db, instrumentId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: instrumentEvents.createdAt })
    .from(instrumentEvents)
    .where(and(eq(instrumentEvents.instrumentId, instrumentId), eq(instrumentEvents.type, 'reported_stolen')))
    .orderBy(desc(instrumentEvents.createdAt))
    .limit(1);
  return row ? row.at.toISOString().slice(0, 10) : null;
}

/** The owner learns that someone looked the instrument up, and when; never who or from where. */
async function tellOwner(
  ctx: AppContext,
  hit: { id: string; name: string; ownerId: string | null },
  at: Date,
): Promise<void> {
  if (!hit.ownerId) return;
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await notify(ctx, ctx.db, [
    {
      userId: hit.ownerId,
      kind: 'stolen_check',
      title: `Someone checked your stolen ${hit.name}`,
      body: `Your ${hit.name}, reported stolen, was looked up on the registry's check page at ${when}.`,
      link: `/instruments/${hit.id}`,
    },
  ]);
}

/** The stolen instrument a sighting is about, with an owner to tell; null for any other code. */
export async function findStolen(db: Db, code: string) {
  const [hit] = await db
    .select({ id: instruments.id, name: instruments.name, ownerId: instruments.currentOwnerId })
    .from(instruments)
    .where(and(eq(instruments.passportCode, normalisePassportCode(code)), eq(instruments.status, 'stolen')));
  return hit?.ownerId ? { id: hit.id, name: hit.name, ownerId: hit.ownerId } : null;
}

/**
 * "I have information": the message goes to the stolen instrument's owner, as typed, with the contact the sender
 * chose to give; the sender learns nothing about the owner.
 */
export async function relaySighting(
  ctx: AppContext,
  hit: { id: string; name: string; ownerId: string },
  input: { message: string; contact?: string | undefined },
): Promise<void> {
  const contact = input.contact?.trim();
  await notify(ctx, ctx.db, [
    {
      userId: hit.ownerId,
      kind: 'stolen_sighting',
      title: `Information about your stolen ${hit.name}`,
      body: `Someone who checked your ${hit.name} on the registry wrote:\n\n${input.message}\n\n${
        contact
          ? `They left a way to reach them: ${contact}`
          : 'They left no way to reach them. If it helps, pass this on to the police.'
      }`,
      link: `/instruments/${hit.id}`,
    },
  ]);
}
