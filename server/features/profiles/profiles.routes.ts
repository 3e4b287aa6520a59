import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { badRequest, notFound } from '../../plugins/errors';
import { postalAddress } from '../../plugins/head';
import { listShops, shopFacets } from './directory.queries';
import { isShopInstrument } from './shop-messages';
import { admitWriter, countForShop } from '../../market/shop-replies';
import { writeToShop } from '../../market/conversation-writes';
import { shopCourses, shopInstruments, shopListings } from './shop-page.queries';
import { sharedResponse } from '../../plugins/etag';
import { findShopProfile, findUserProfile, movedHandle, publishedShopHandles } from './profiles.queries';

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,48}$/) });

export async function profilesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  serve(app, 'GET /api/profile/shops', { config: { sharedCache: true } }, async (request, reply) => {
    const { total, items } = await listShops(db, request.query);
    sharedResponse(reply).header('x-total-count', String(total));
    return items;
  });

  serve(app, 'GET /api/profile/shop-facets', { config: { sharedCache: true } }, async (_request, reply) => {
    sharedResponse(reply);
    return shopFacets(db);
  });

  // Public fields only, the same for every caller: shared responses, kept briefly in the shared cache.
  serve(app, 'GET /api/profile/u/:slug', { config: { sharedCache: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const profile = params.success ? await findUserProfile(db, params.data.slug) : null;
    if (!profile) {
      const moved = params.success ? await movedHandle(db, params.data.slug) : null;
      if (moved) return reply.header('cache-control', 'no-cache').redirect(`/api/profile/u/${moved}`, 301);
      throw notFound("This profile doesn't exist or has been removed.");
    }
    sharedResponse(reply);
    return profile;
  });

  serve(app, 'GET /api/profile/l/:slug', { config: { sharedCache: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const shop = params.success ? await findShopProfile(db, params.data.slug) : null;
    if (!shop) {
      const moved = params.success ? await movedHandle(db, params.data.slug) : null;
      if (moved) return reply.header('cache-control', 'no-cache').redirect(`/api/profile/l/${moved}`, 301);
      throw notFound("This luthier shop doesn't exist or is not published.");
    }
    const [made, portfolio, teaches, listings] = await Promise.all([
      shopInstruments(db, shop.id),
      shopInstruments(db, shop.id, { portfolioOnly: true }),
      shopCourses(db, shop.ownerId),
      shopListings(db, shop.id, shop.ownerId),
    ]);
    sharedResponse(reply);
    return {
      ...shop,
      instrumentCount: made.count,
      instruments: made.items,
      portfolio: portfolio.items,
      courses: teaches,
      listings,
    };
  });

  // A message to a shop opens (or continues) the conversation of this member, shop and instrument.
  serve(app, 'POST /api/profile/l/:slug/messages', async (request) => {
    const user = request.user;
    const params = paramsSchema.safeParse(request.params);
    const shop = params.success ? await findShopProfile(db, params.data.slug) : null;
    if (!shop) throw notFound("This luthier shop doesn't exist or is not published.");
    const { message, instrumentId } = request.body;
    if (shop.ownerId === user.id) throw badRequest('This is your own shop.');
    // Counted against the writer before the instrument is looked at, and refused alike whether the shop's owner
    // holds it privately or not; only a message that will reach the shop counts against the shop.
    await admitWriter(app, user, true);
    if (instrumentId && !(await isShopInstrument(db, shop, instrumentId)))
      throw badRequest('That instrument is not one this shop made or lists.', {
        instrumentId: 'Choose an instrument this shop made or lists.',
      });
    await countForShop(app, shop.id);
    const conversationId = await writeToShop(ctx, shop, user, instrumentId ?? null, message);
    return { ok: true as const, conversationId };
  });

  // What a shared link to a profile or a shop shows before any script runs.
  const absolute = (url: string) => (url.startsWith('http') ? url : `${env.publicUrl}${url}`);
  app.addHeadProvider('/u/:slug', async ({ slug = '' }) => {
    if (!paramsSchema.safeParse({ slug }).success) return null;
    const profile = await findUserProfile(db, slug);
    if (!profile) {
      const moved = await movedHandle(db, slug);
      return moved ? { redirect: `/u/${moved}` } : null;
    }
    const name = profile.displayName || 'Anonymous User';
    return {
      title: name,
      description: profile.bio?.slice(0, 200) || `${name} on Luthier Registry.`,
      path: `/u/${slug}`,
      type: 'profile',
      image: profile.profileImageUrl ?? undefined,
      imageAlt: `${name}'s profile picture`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Person',
          name,
          url: `${env.publicUrl}/u/${slug}`,
          homeLocation: profile.location ? { '@type': 'Place', name: profile.location } : undefined,
        },
      ],
    };
  });
  app.addHeadProvider('/l/:slug', async ({ slug = '' }) => {
    if (!paramsSchema.safeParse({ slug }).success) return null;
    const shop = await findShopProfile(db, slug);
    if (!shop) {
      const moved = await movedHandle(db, slug);
      return moved ? { redirect: `/l/${moved}` } : null;
    }
    return {
      title: shop.name,
      description: shop.bio?.slice(0, 200) || `${shop.name}, a luthier's workshop on Luthier Registry.`,
      path: `/l/${slug}`,
      image: shop.cover?.url,
      imageAlt: shop.cover?.alt || `${shop.name}, a luthier's workshop`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          // A workshop people can visit or write to: a local business, its place as a postal address.
          '@type': 'LocalBusiness',
          name: shop.name,
          url: `${env.publicUrl}/l/${slug}`,
          description: shop.bio ?? undefined,
          image: shop.cover ? absolute(shop.cover.url) : undefined,
          address: shop.location ? postalAddress(shop.location) : undefined,
          foundingDate: shop.establishedYear ? String(shop.establishedYear) : undefined,
          founder: { '@type': 'Person', name: shop.owner.displayName },
        },
      ],
    };
  });
  app.addSitemapSource(async () => (await publishedShopHandles(db)).map((slug) => `/l/${slug}`));
}
