import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { CheckResult } from '../../../contract/public-passport';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { instrumentEvents, instruments, shops } from '../../db/schema';
import { notify } from '../../notify/notifications';
import { foldedPattern } from '../../db/search-fold';

/**
 * A passport code or a serial number, matched exactly (case-insensitively). The serial number is also in the
 * trigram-indexed search text, so the `like` lets that index find the few candidates. When several passports
 * share a serial number, a stolen one wins: the buyer asking must hear about it.
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
  const rows = await db
    .select({
      id: instruments.id,
      passportCode: instruments.passportCode,
      name: instruments.name,
      instrumentType: instruments.instrumentType,
      yearMade: instruments.yearMade,
      verified: instruments.verified,
      status: instruments.status,
      ownerId: instruments.currentOwnerId,
      makerShopName: sql<string | null>`coalesce(${shops.name}, ${instruments.formerMakerName})`,
      makerShopSlug: shops.slug,
    })
    .from(instruments)
    .leftJoin(shops, eq(shops.id, instruments.makerShopId))
    .where(
      or(
        eq(instruments.passportCode, q.toUpperCase()),
        and(
          sql`${instruments.searchText} like ${foldedPattern(q)}`,
          sql`lower(${instruments.serialNumber}) = ${lower}`,
        ),
      ),
    )
    .limit(20);
  const hit = rows.find((r) => r.status === 'stolen') ?? rows[0];
  if (!hit) return { result: 'not_found' };
  if (hit.status === 'stolen') {
    const reportedOn = await stolenSince(db, hit.id);
    if (hit.ownerId && (await mayTell(hit.ownerId))) await tellOwner(ctx, hit, at);
    return { result: 'stolen', reportedOn: reportedOn ?? at.toISOString().slice(0, 10) };
  }
  return {
    result: 'found',
    passport: {
      passportCode: hit.passportCode,
      name: hit.name,
      instrumentType: hit.instrumentType,
      yearMade: hit.yearMade,
      makerShopName: hit.makerShopName,
      makerShopSlug: hit.makerShopSlug,
      verified: hit.verified,
      status: hit.status,
    },
  };
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
