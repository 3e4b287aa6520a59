import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { isValidHandle, normalizeHandle } from '../../../contract/handles';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notifyAdmins } from '../../notify/notifications';
import { ErrorCodes } from '../../../contract/errors';
import { serve } from '../../plugins/api-route';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation } from '../../plugins/errors';
import { claimHandle, RENAMES_PER_MONTH, renameHandle, reserveHandle, takenHandles } from './handles.queries';
import { pickSuggestions, suggestionCandidates } from './suggestions';

const TAKEN_MESSAGE = 'That handle is taken or on hold—try one of the suggestions below.';
export async function handlesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  serve(app, 'GET /api/slug/check', async (request) => {
    await app.rateLimit(`slug-check:ip:${request.ip}`, 60, 60 * 1000);
    const query = request.query;
    const slug = normalizeHandle(query.slug);
    const caller = request.user;
    const [profile] = caller
      ? await db
          .select({ displayName: users.displayName, location: users.location })
          .from(users)
          .where(eq(users.id, caller.id))
      : [];
    const valid = isValidHandle(slug);
    const baseTaken = valid && (await takenHandles(db, [slug], caller?.id ?? null)).has(slug);
    const candidates = suggestionCandidates({
      base: slug.length >= 3 ? slug : normalizeHandle(profile?.displayName ?? ''),
      baseTaken,
      kind: query.kind,
      displayName: profile?.displayName,
      location: profile?.location,
    });
    const taken = await takenHandles(db, candidates, caller?.id ?? null);
    const suggestions = pickSuggestions(candidates, taken);
    if (!valid) return { ok: false, slug, reason: 'invalid', suggestions };
    return {
      ok: !baseTaken,
      slug,
      ...(baseTaken ? { reason: 'taken' } : {}),
      suggestions,
    };
  });

  serve(app, 'POST /api/slug/reserve', async (request) => {
    const user = request.user;
    const input = request.body;
    const taken = await takenHandles(db, [input.slug], user.id);
    const expiresAt = taken.size ? null : await reserveHandle(db, input.slug, user.id);
    if (!expiresAt) throw conflict(TAKEN_MESSAGE, 'HANDLE_TAKEN');
    return { slug: input.slug, expiresAt: expiresAt.toISOString() };
  });

  serve(app, 'POST /api/slug/claim', async (request) => {
    const user = request.user;
    const input = request.body;
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
    return { slug: input.slug, kind: input.kind };
  });

  // A new handle from settings. Each rename holds the old handle for 180 days, so renames are few (the query
  // allows RENAMES_PER_MONTH); attempts are limited apart from that, so trying taken handles costs no rename.
  serve(app, 'POST /api/account/handle', async (request) => {
    const user = request.user;
    await app.rateLimit(`handle-rename:user:${user.id}`, 30, 60 * 60 * 1000);
    const input = request.body;
    let result: Awaited<ReturnType<typeof renameHandle>>;
    try {
      result = await renameHandle(db, user.id, input.handle);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TAKEN_MESSAGE, 'HANDLE_TAKEN');
      throw error;
    }
    if (!result.ok) {
      if (result.reason === 'taken') throw conflict(TAKEN_MESSAGE, 'HANDLE_TAKEN');
      if (result.reason === 'too-many')
        throw new AppError(
          429,
          ErrorCodes.RATE_LIMITED,
          `You have changed your handle ${RENAMES_PER_MONTH} times in the last 30 days. Please wait before changing it again.`,
        );
      const message =
        result.reason === 'same'
          ? 'That is already your handle.'
          : 'Choose your first handle in the setup first.';
      throw badRequest(message, { handle: message });
    }
    // The shop's address changed: its Verified badge is gone and the admins are asked to check it again.
    if (result.shop)
      await notifyAdmins(ctx, db, {
        kind: 'verification_removed',
        title: `${result.shop.name} needs a new check`,
        body: `The shop moved from /l/${result.previousHandle} to /l/${input.handle}, so its Verified badge was removed. It is back in the verification queue.`,
        link: '/admin',
      });
    return {
      handle: input.handle,
      previousHandle: result.previousHandle,
      heldUntil: result.heldUntil.toISOString(),
    };
  });
}
