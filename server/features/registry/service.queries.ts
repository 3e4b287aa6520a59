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

type Shop = { id: string; name: string; slug: string; ownerId: string };

/**
 * Which registry shop a record names as its servicer, and whether that is a claim. A luthier recording for
 * someone else's instrument records their own shop's work. The owner or maker may name a registry shop by its
 * handle: their own shop is no claim; another shop is "reported by the owner" (or maker) until it answers. A name
 * typed as free text names no registry shop and is always shown as the recorder's report.
 */
export function servicerOf(
  by: { shop: Shop | null; reportedBy: 'owner' | 'maker' | 'servicer' },
  named: Shop | null,
  servicerName: string | null | undefined,
) {
  if (by.reportedBy === 'servicer' || (by.shop && named?.id === by.shop.id))
    return { shop: by.shop, claim: 'none' as const };
  if (named) return { shop: named, claim: 'pending' as const };
  // No name, or the recorder's own shop name: their own shop's work.
  if (by.shop && (!servicerName || servicerName === by.shop.name))
    return { shop: by.shop, claim: 'none' as const };
  return { shop: null, claim: 'none' as const };
}

/**
 * Records a service. Without a servicer name it shows the recording shop's name, or "Owner" — never a person's
 * name, which may be a private owner's. A pending record tells the owner and stays private until approved; a
 * record naming another registry shop asks that shop to confirm it.
 */
export async function recordService(
  ctx: AppContext,
  found: FoundInstrument,
  by: { userId: string; shop: Shop | null; reportedBy: 'owner' | 'maker' | 'servicer' },
  input: ServiceInput,
  named: Shop | null,
  status: 'approved' | 'pending',
) {
  const { instrument } = found;
  const { servicerShop: _handle, ...fields } = input;
  const servicer = servicerOf(by, named, input.servicerName);
  return ctx.db.transaction(async (tx) => {
    const row = await addServiceRecord(tx, instrument.id, {
      ...fields,
      servicerName:
        (servicer.claim === 'pending' ? servicer.shop?.name : input.servicerName) ||
        servicer.shop?.name ||
        'Owner',
      servicerShopId: servicer.shop?.id ?? null,
      servicerShopHandle: servicer.shop?.slug ?? null,
      recordedById: by.userId,
      status,
      claimStatus: servicer.claim,
      reportedBy: by.reportedBy,
    });
    if (status === 'pending' && instrument.currentOwnerId)
      await notify(ctx, tx, [
        serviceNotice('service_pending', instrument.currentOwnerId, instrument, by.shop?.name ?? 'A luthier'),
      ]);
    if (servicer.claim === 'pending' && servicer.shop)
      await notify(ctx, tx, [
        {
          userId: servicer.shop.ownerId,
          kind: 'service_claim',
          title: `Did ${servicer.shop.name} service ${instrument.name}?`,
          body: `The ${by.reportedBy} of "${instrument.name}" recorded a ${row.serviceType} on ${row.serviceDate} by your shop. Its passport says "reported by the ${by.reportedBy}" until you confirm it; decline it if your shop did not do this work.`,
          link: `/p/${instrument.passportCode}`,
          serviceRecordId: row.id,
        },
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
