import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { instruments, notifications, serviceRecords, shops } from '../../db/schema';
import { recordPassportEvent } from '../../log/passport-events';
import { notify } from '../../notify/notifications';

export type ClaimAnswer = 'confirmed' | 'declined' | 'not-found' | 'answered';

/**
 * The named shop's answer to a service record that names it as the servicer. Only that shop's owner may answer
 * (anyone else is told there is no such record), once; the answer is a passport event, and whoever wrote the
 * record is told.
 */
export async function answerServiceClaim(
  ctx: AppContext,
  userId: string,
  recordId: string,
  confirm: boolean,
): Promise<ClaimAnswer> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ record: serviceRecords, shop: shops, instrument: instruments })
      .from(serviceRecords)
      .innerJoin(shops, eq(shops.id, serviceRecords.servicerShopId))
      .innerJoin(instruments, eq(instruments.id, serviceRecords.instrumentId))
      .where(and(eq(serviceRecords.id, recordId), eq(shops.ownerId, userId)))
      .for('update', { of: serviceRecords });
    if (!row || row.record.claimStatus === 'none') return 'not-found';
    if (row.record.claimStatus !== 'pending') return 'answered';
    const status = confirm ? 'confirmed' : 'declined';
    const { record, shop, instrument } = row;
    await tx.update(serviceRecords).set({ claimStatus: status }).where(eq(serviceRecords.id, record.id));
    // Only a record in the public history writes a public event; a pending one is still private.
    if (record.status === 'approved')
      await recordPassportEvent(tx, {
        instrumentId: instrument.id,
        actorId: userId,
        type: confirm ? 'service_confirmed' : 'service_declined',
        data: {
          serviceType: record.serviceType,
          serviceDate: record.serviceDate,
          servicerShop: shop.slug,
          servicerName: shop.name,
        },
      });
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.serviceRecordId, record.id), eq(notifications.userId, userId)));
    if (record.recordedById && record.recordedById !== userId)
      await notify(ctx, tx, [
        {
          userId: record.recordedById,
          kind: 'service_claim_answered',
          title: confirm
            ? `${shop.name} confirmed your service record for ${instrument.name}`
            : `${shop.name} did not confirm your service record for ${instrument.name}`,
          body: confirm
            ? `The passport of "${instrument.name}" now shows the ${record.serviceType} of ${record.serviceDate} as done by ${shop.name}, confirmed.`
            : `The passport of "${instrument.name}" now shows the ${record.serviceType} of ${record.serviceDate} as not confirmed by ${shop.name}.`,
          link: `/instruments/${instrument.id}`,
        },
      ]);
    return status;
  });
}
