import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shopProfileSchema, userProfileSchema } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { sharedResponse } from '../../plugins/etag';
import { findShopProfile, findUserProfile, publishedShopSlugs } from './profiles.queries';

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,48}$/) });

export async function profilesRoutes(app: FastifyInstance, { db, env }: AppContext): Promise<void> {
  // Public fields only, the same for every caller: shared responses, kept briefly in the shared cache.
  app.get('/api/profile/u/:slug', { config: { sharedCache: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const profile = params.success ? await findUserProfile(db, params.data.slug) : null;
    if (!profile) throw notFound("This profile doesn't exist or has been removed.");
    return sharedResponse(reply).send(userProfileSchema.parse(profile));
  });

  app.get('/api/profile/l/:slug', { config: { sharedCache: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const shop = params.success ? await findShopProfile(db, params.data.slug) : null;
    if (!shop) throw notFound("This luthier shop doesn't exist or is not published.");
    return sharedResponse(reply).send(shopProfileSchema.parse(shop));
  });

  // What a shared link to a profile or a shop shows before any script runs (issue 7, head tags).
  app.addHeadProvider('/u/:slug', async ({ slug = '' }) => {
    const profile = paramsSchema.safeParse({ slug }).success ? await findUserProfile(db, slug) : null;
    if (!profile) return null;
    const name = profile.displayName || 'Anonymous User';
    return {
      title: name,
      description: profile.bio?.slice(0, 200) || `${name} on Luthier Registry.`,
      path: `/u/${slug}`,
      type: 'profile',
      image: profile.profileImageUrl ?? undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Person',
          name,
          url: `${env.publicUrl}/u/${slug}`,
          homeLocation: profile.location ?? undefined,
        },
      ],
    };
  });
  app.addHeadProvider('/l/:slug', async ({ slug = '' }) => {
    const shop = paramsSchema.safeParse({ slug }).success ? await findShopProfile(db, slug) : null;
    if (!shop) return null;
    return {
      title: shop.name,
      description: shop.bio?.slice(0, 200) || `${shop.name}, a luthier's workshop on Luthier Registry.`,
      path: `/l/${slug}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: shop.name,
          url: `${env.publicUrl}/l/${slug}`,
          address: shop.location ?? undefined,
          foundingDate: shop.establishedYear ? String(shop.establishedYear) : undefined,
          founder: { '@type': 'Person', name: shop.owner.displayName },
        },
      ],
    };
  });
  app.addSitemapSource(async () => (await publishedShopSlugs(db)).map((slug) => `/l/${slug}`));
}
