import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shopProfileSchema, userProfileSchema } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { findShopProfile, findUserProfile } from './profiles.queries';

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,48}$/) });

export async function profilesRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get('/api/profile/u/:slug', async (request) => {
    const params = paramsSchema.safeParse(request.params);
    const profile = params.success ? await findUserProfile(db, params.data.slug) : null;
    if (!profile) throw notFound("This profile doesn't exist or has been removed.");
    return userProfileSchema.parse(profile);
  });

  app.get('/api/profile/l/:slug', async (request) => {
    const params = paramsSchema.safeParse(request.params);
    const shop = params.success ? await findShopProfile(db, params.data.slug) : null;
    if (!shop) throw notFound("This luthier shop doesn't exist or is not published.");
    return shopProfileSchema.parse(shop);
  });
}
