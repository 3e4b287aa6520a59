// Databases loaded before every seeded fact was an event: their sample passports showed owners, photos and a
// Verified badge the log did not hold. This step appends the missing events once (the log only grows; each event
// carries the day it happened), so every passport's history is in the log. On a new database it finds nothing.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { instrumentEvents, instrumentImages, instruments, ownershipRecords } from '../schema';
import { seededHistoryEvents } from '../builders/registry';
import { recordPassportEvents } from '../../log/passport-events';
import type { SampleStep } from './load-sample';

async function backfill(db: Db): Promise<void> {
  const counts = await db
    .select({
      id: instruments.id,
      verified: instruments.verified,
      photos: sql<number>`count(*) filter (where ${instrumentEvents.type} in ('photo_added', 'photo_removed'))::int`,
      transfers: sql<number>`count(*) filter (where ${instrumentEvents.type} = 'transfer_accepted')::int`,
      verifications: sql<number>`count(*) filter (where ${instrumentEvents.type} in ('verified', 'unverified'))::int`,
    })
    .from(instruments)
    .leftJoin(instrumentEvents, eq(instrumentEvents.instrumentId, instruments.id))
    .groupBy(instruments.id)
    .orderBy(asc(instruments.createdAt));
  for (const c of counts) {
    const [images, history] = await Promise.all([
      c.photos ? [] : db.select().from(instrumentImages).where(eq(instrumentImages.instrumentId, c.id)),
      db
        .select()
        .from(ownershipRecords)
        .where(eq(ownershipRecords.instrumentId, c.id))
        .orderBy(asc(ownershipRecords.startDate), asc(ownershipRecords.createdAt)),
    ]);
    const events = seededHistoryEvents(c.id, {
      images: images
        .filter((img) => img.staticUrl)
        .map((img) => ({ staticUrl: img.staticUrl!, caption: img.caption })),
      // The first record is the creation; the changes of hands already logged are not logged again.
      history: [history[0]!, ...history.slice(1 + c.transfers)].filter(Boolean),
      verified: c.verified && !c.verifications,
    });
    await recordPassportEvents(db, events);
  }
}

export const historyBackfill: SampleStep[] = [{ name: 'registry:history-in-log', run: backfill }];
