import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  claimResponseSchema,
  claimSchema,
  isValidHandle,
  normalizeHandle,
  reserveResponseSchema,
  reserveSchema,
  slugCheckQuerySchema,
  slugCheckResponseSchema,
} from '../../../contract/handles';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { conflict, forbidden, parse, isUniqueViolation } from '../../plugins/errors';
import { requireUser } from '../../plugins/sessions';
import { claimHandle, reserveHandle, takenHandles } from './handles.queries';
import { pickSuggestions, suggestionCandidates } from './suggestions';

const TAKEN_MESSAGE = 'That handle is taken or on hold—try one of the suggestions below.';
export async function handlesRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get('/api/slug/check', async (request) => {
    await app.rateLimit(`slug-check:ip:${request.ip}`, 60, 60 * 1000);
    const query = parse(slugCheckQuerySchema, request.query);
    const slug = normalizeHandle(query.slug);
    const caller = request.user;
    const [profile] = caller
      ? await db
          .select({ displayName: users.displayName, location: users.location })
          .from(users)
          .where(eq(users.id, caller.id))
      : [];
    const candidates = suggestionCandidates({
      base: slug.length >= 3 ? slug : normalizeHandle(profile?.displayName ?? ''),
      kind: query.kind,
      displayName: profile?.displayName,
      location: profile?.location,
    });
    const valid = isValidHandle(slug);
    const taken = await takenHandles(db, valid ? [slug, ...candidates] : candidates, caller?.id ?? null);
    const suggestions = pickSuggestions(candidates, taken);
    if (!valid) return slugCheckResponseSchema.parse({ ok: false, slug, reason: 'invalid', suggestions });
    const ok = !taken.has(slug);
    return slugCheckResponseSchema.parse({ ok, slug, ...(ok ? {} : { reason: 'taken' }), suggestions });
  });

  app.post('/api/slug/reserve', async (request) => {
    const user = requireUser(request);
    const input = parse(reserveSchema, request.body);
    const taken = await takenHandles(db, [input.slug], user.id);
    const expiresAt = taken.size ? null : await reserveHandle(db, input.slug, user.id);
    if (!expiresAt) throw conflict(TAKEN_MESSAGE, 'HANDLE_TAKEN');
    return reserveResponseSchema.parse({ slug: input.slug, expiresAt: expiresAt.toISOString() });
  });

  app.post('/api/slug/claim', async (request) => {
    const user = requireUser(request);
    const input = parse(claimSchema, request.body);
    if (input.kind === 'luthier' && user.role === 'user') {
      throw forbidden('Only luthiers can open a shop.');
    }
    let ok: boolean;
    try {
      ok = await claimHandle(db, { userId: user.id, handle: input.slug, ...input });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TAKEN_MESSAGE, 'HANDLE_TAKEN');
      throw error;
    }
    if (!ok) throw conflict(TAKEN_MESSAGE, 'HANDLE_TAKEN');
    return claimResponseSchema.parse({ slug: input.slug, kind: input.kind });
  });
}
