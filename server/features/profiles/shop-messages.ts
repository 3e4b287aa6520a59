import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { instruments } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A person may write to 10 shops an hour and a shop receives at most 30 messages an hour from everyone: enough
 * for real enquiries, too few to use a maker's inbox as a mailing list.
 */
export async function limitShopMessage(app: FastifyInstance, senderId: string, shopId: string) {
  await app.rateLimit(`shop-message:sender:${senderId}`, 10, HOUR_MS);
  await app.rateLimit(`shop-message:shop:${shopId}`, 30, HOUR_MS);
}

/** A conversation may be about an instrument the shop made or its owner owns (say, one listed for sale). */
export async function isShopInstrument(
  db: Db,
  shop: { id: string; ownerId: string },
  instrumentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(
      and(
        eq(instruments.id, instrumentId),
        or(eq(instruments.makerShopId, shop.id), eq(instruments.currentOwnerId, shop.ownerId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
