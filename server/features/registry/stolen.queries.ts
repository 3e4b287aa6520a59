import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { stolenReportSchema } from '../../../contract/registry';
import type { AppContext } from '../../context';
import { instruments, transfers } from '../../db/schema';
import { recordPassportEvent, recordPassportEvents } from '../../log/passport-events';
import { lapseAcceptedOffer } from '../../market/purchase-sale';
import { notify } from '../../notify/notifications';
import { conflict } from '../../plugins/errors';
import type { FoundInstrument } from './detail.queries';
import { mailOfferWithdrawn, stolenOfferNotice } from './notices';
import { recipientAccount } from './transfers.queries';

type StolenReport = z.output<typeof stolenReportSchema>;

/**
 * Marks the instrument stolen with when and where, and cancels every pending offer in the same transaction (their
 * recipients are told): a stolen instrument cannot change hands. The date and place enter the public history;
 * the police reference stays on the instrument, for its owner and admins.
 */
export async function reportStolen(
  ctx: AppContext,
  found: FoundInstrument,
  actorId: string,
  report: StolenReport,
) {
  const id = found.instrument.id;
  const mailOnly = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(instruments)
      .set({
        status: 'stolen',
        stolenOn: report.date,
        stolenPlace: report.place,
        stolenPoliceReference: report.policeReference || null,
        updatedAt: new Date(),
      })
      .where(and(eq(instruments.id, id), eq(instruments.status, 'active')))
      .returning({ id: instruments.id });
    if (!row) throw conflict('This instrument is already reported stolen.', 'INSTRUMENT_NOT_ACTIVE');
    const cancelled = await tx
      .update(transfers)
      .set({ status: 'cancelled', respondedAt: new Date() })
      .where(and(eq(transfers.instrumentId, id), eq(transfers.status, 'pending')))
      .returning();
    for (const t of cancelled) await lapseAcceptedOffer(ctx, tx, t, 'cancelled');
    await recordPassportEvents(tx, [
      ...cancelled.map((t) => ({
        instrumentId: id,
        actorId,
        type: 'transfer_cancelled' as const,
        data: { method: t.method, reason: 'reported stolen' },
      })),
      {
        instrumentId: id,
        actorId,
        type: 'reported_stolen',
        data: { date: report.date, place: report.place },
      },
    ]);
    const notices = [];
    const addresses = [];
    for (const t of cancelled) {
      const account = await recipientAccount(tx, t);
      if (account) notices.push(stolenOfferNotice(account, found.instrument.name));
      else addresses.push(t);
    }
    await notify(ctx, tx, notices);
    return addresses;
  });
  // Offers that went to an address no account has proven were told by mail; so is their withdrawal.
  for (const t of mailOnly) await mailOfferWithdrawn(ctx, t, found.instrument.name, 'stolen');
}

/** The owner found it again: the stolen report ends (kept in the history) and it may change hands again. */
export async function markRecovered(ctx: AppContext, found: FoundInstrument, actorId: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(instruments)
      .set({
        status: 'active',
        stolenOn: null,
        stolenPlace: null,
        stolenPoliceReference: null,
        updatedAt: new Date(),
      })
      .where(and(eq(instruments.id, found.instrument.id), eq(instruments.status, 'stolen')))
      .returning({ id: instruments.id });
    if (!row) throw conflict('This instrument is not reported stolen.', 'INSTRUMENT_NOT_STOLEN');
    await recordPassportEvent(tx, {
      instrumentId: found.instrument.id,
      actorId,
      type: 'recovered',
      data: { date: new Date().toISOString().slice(0, 10) },
    });
  });
}
