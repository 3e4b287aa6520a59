import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { instruments } from '../../db/schema';
import { serve } from '../../plugins/api-route';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import { publicListing, setListing } from './listings.queries';
import { passportCodeSchema } from '../../../contract/public-passport';
import { sharedResponse } from '../../plugins/etag';
import { isUuid } from '../../db/uuid';

const HOUR_MS = 60 * 60 * 1000;
/** Listings: the current owner (the maker while they still own it, or any later owner) lists an instrument. */
export async function listingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // The same for every caller: shared and kept briefly in the shared cache, like the passport beside it.
  serve(
    app,
    'GET /api/public/passports/:code/listing',
    { config: { sharedCache: true } },
    async (request, reply) => {
      const code = passportCodeSchema.safeParse(request.params.code);
      const found = code.success ? await publicListing(db, code.data) : null;
      if (!found) throw notFound('No passport with that code is in the registry.');
      sharedResponse(reply);
      return found;
    },
  );
  serve(app, 'PUT /api/registry/instruments/:id/listing', async (request) => {
    const user = request.user;
    const { id } = request.params;
    const [inst] = isUuid(id)
      ? await db
          .select({ ownerId: instruments.currentOwnerId, status: instruments.status })
          .from(instruments)
          .where(eq(instruments.id, id))
      : [];
    if (!inst) throw notFound('The requested instrument could not be found in our registry.');
    // The passport is public, so saying "not yours" tells nothing that the page does not.
    if (inst.ownerId !== user.id) throw forbidden('Only the current owner can list this instrument.');
    const input = request.body;
    if (input.status !== 'not-listed' && inst.status !== 'active')
      throw conflict(
        inst.status === 'stolen'
          ? 'This instrument is reported stolen: it cannot be listed until you mark it recovered.'
          : 'This instrument is recorded as destroyed: it cannot be listed.',
        'INSTRUMENT_NOT_ACTIVE',
      );
    // Plenty for an owner pricing a few instruments; too few to churn the shared caches all day.
    await app.rateLimit(`listing:${user.id}`, 60, HOUR_MS);
    return { listing: await setListing(db, id, user.id, input) };
  });
}
