import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { serviceInputSchema } from '../../../contract/registry';
import type { AppContext } from '../../context';
import { addServiceRecord } from '../../db/builders/registry';
import { serviceRecords } from '../../db/schema';
import { recordPassportEvent } from '../../log/passport-events';
import { notify } from '../../notify/notifications';
import type { FoundInstrument } from './detail.queries';
import { serviceNotice } from './notices';

type ServiceInput = z.output<typeof serviceInputSchema>;

/**
 * Records a service. Without a servicer name it shows the recording shop's name, or "Owner" — never a person's
 * name, which may be a private owner's. A pending record tells the owner and stays private until approved.
 */
export async function recordService(
  ctx: AppContext,
  found: FoundInstrument,
  by: { userId: string; shop: { id: string; name: string } | null },
  input: ServiceInput,
  status: 'approved' | 'pending',
) {
  const { instrument } = found;
  return ctx.db.transaction(async (tx) => {
    const row = await addServiceRecord(tx, instrument.id, {
      ...input,
      servicerName: input.servicerName || by.shop?.name || 'Owner',
      servicerShopId: by.shop?.id ?? null,
      recordedById: by.userId,
      status,
    });
    if (status === 'pending' && instrument.currentOwnerId)
      await notify(ctx, tx, [
        serviceNotice('service_pending', instrument.currentOwnerId, instrument, by.shop?.name ?? 'A luthier'),
      ]);
    return row;
  });
}

/**
 * Approves or rejects a pending record; false when there is no pending record with that id. Approval is when
 * the record enters the public history; a rejected record never does, so it writes no passport event.
 */
export async function decideService(
  ctx: AppContext,
  found: FoundInstrument,
  recordId: string,
  actorId: string,
  approve: boolean,
): Promise<boolean> {
  const { instrument } = found;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(serviceRecords)
      .set({ status: approve ? 'approved' : 'rejected' })
      .where(
        and(
          eq(serviceRecords.id, recordId),
          eq(serviceRecords.instrumentId, instrument.id),
          eq(serviceRecords.status, 'pending'),
        ),
      )
      .returning();
    if (!row) return false;
    if (approve)
      await recordPassportEvent(tx, {
        instrumentId: instrument.id,
        actorId,
        type: 'service_approved',
        data: { serviceType: row.serviceType, servicerName: row.servicerName, serviceDate: row.serviceDate },
      });
    if (row.recordedById && row.recordedById !== actorId)
      await notify(ctx, tx, [
        serviceNotice(approve ? 'service_approved' : 'service_rejected', row.recordedById, instrument),
      ]);
    return true;
  });
}
