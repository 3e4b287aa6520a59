import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { serviceInputSchema } from '../../../contract/registry';
import type { Db } from '../../db/client';
import { addServiceRecord } from '../../db/builders/registry';
import { serviceRecords } from '../../db/schema';
import { recordPassportEvent } from '../../log/passport-events';

type ServiceInput = z.output<typeof serviceInputSchema>;

export async function recordService(
  db: Db,
  instrumentId: string,
  by: { userId: string; name: string; shopId: string | null },
  input: ServiceInput,
  status: 'approved' | 'pending',
) {
  return db.transaction((tx) =>
    addServiceRecord(tx, instrumentId, {
      ...input,
      servicerName: input.servicerName || by.name,
      servicerShopId: by.shopId,
      recordedById: by.userId,
      status,
    }),
  );
}

/** Approves or rejects a pending record; false when there is no pending record with that id. */
export async function decideService(
  db: Db,
  instrumentId: string,
  recordId: string,
  actorId: string,
  approve: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(serviceRecords)
      .set({ status: approve ? 'approved' : 'rejected' })
      .where(
        and(
          eq(serviceRecords.id, recordId),
          eq(serviceRecords.instrumentId, instrumentId),
          eq(serviceRecords.status, 'pending'),
        ),
      )
      .returning({ id: serviceRecords.id, servicerName: serviceRecords.servicerName });
    if (!row) return false;
    await recordPassportEvent(tx, {
      instrumentId,
      actorId,
      type: approve ? 'service_approved' : 'service_rejected',
      data: { servicerName: row.servicerName },
    });
    return true;
  });
}
