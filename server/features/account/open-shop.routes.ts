import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { shops, users } from '../../db/schema';
import { audit } from '../../plugins/audit';
import { serve } from '../../plugins/api-route';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../plugins/errors';
import { findAccount } from './account.queries';

const HOUR_MS = 60 * 60 * 1000;
const shopExists = () => conflict('You already have a shop.', 'SHOP_EXISTS');

/**
 * "Open your shop": an enthusiast who finished a building course, or changed their mind, becomes a luthier.
 * The shop takes their handle (one namespace for people and shops) and stays unpublished until they publish it
 * in Settings; they can register the instruments they build at once.
 */
export async function openShopRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  serve(app, 'POST /api/account/shop', async (request, reply) => {
    const user = request.user;
    if (user.role === 'admin')
      throw forbidden('An admin account cannot open a shop: open it from a personal account.');
    if (user.role === 'luthier') throw shopExists();
    if (!user.handle)
      throw conflict('Choose your handle first: your shop’s address is your handle.', 'HANDLE_REQUIRED');
    await app.rateLimit(`open-shop:${user.id}`, 5, HOUR_MS);
    const [me] = await db
      .select({ displayName: users.displayName, location: users.location })
      .from(users)
      .where(eq(users.id, user.id));
    try {
      await db.transaction(async (tx) => {
        await tx.insert(shops).values({
          ownerId: user.id,
          name: request.body.name,
          slug: user.handle!,
          contactName: me?.displayName ?? user.displayName,
          location: me?.location ?? null,
          published: false,
        });
        await tx.update(users).set({ role: 'luthier', updatedAt: new Date() }).where(eq(users.id, user.id));
      });
    } catch (error) {
      // Two requests at once: the shop's unique owner (or slug) lets one through.
      if (isUniqueViolation(error)) throw shopExists();
      throw error;
    }
    audit(request, 'account.shop_opened', { handle: user.handle });
    const account = await findAccount(db, user.id);
    if (!account) throw notFound();
    void reply.status(201);
    return account;
  });
}
