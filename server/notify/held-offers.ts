import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { instruments, notifications, transfers } from '../db/schema';
import { notify } from './notifications';
import { offerNotice, priceOf } from './offer-notices';

/**
 * An offer sent to an address before any account had proven it (a first owner named at registration, or a
 * transfer) was mailed to the address and held back from the inbox. When an account proves that address, every
 * such offer still open reaches its inbox too, once: an offer already announced there is not announced again.
 */
export async function deliverHeldOffers(
  ctx: AppContext,
  db: Db,
  userId: string,
  email: string,
): Promise<number> {
  const open = await db
    .select({
      id: transfers.id,
      name: instruments.name,
      price: transfers.price,
      priceCurrency: transfers.priceCurrency,
    })
    .from(transfers)
    .innerJoin(instruments, eq(instruments.id, transfers.instrumentId))
    .where(
      and(
        isNull(transfers.toUserId),
        eq(transfers.toEmail, email.toLowerCase()),
        eq(transfers.status, 'pending'),
        gt(transfers.expiresAt, new Date()),
      ),
    );
  if (!open.length) return 0;
  const links = open.map((o) => `/transfers/${o.id}`);
  const told = await db
    .select({ link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'offer_received'),
        inArray(notifications.link, links),
      ),
    );
  const already = new Set(told.map((t) => t.link));
  const fresh = open.filter((o) => !already.has(`/transfers/${o.id}`));
  await notify(
    ctx,
    db,
    fresh.map((o) => offerNotice('offer_received', userId, o.name, o.id, priceOf(o))),
  );
  return fresh.length;
}
