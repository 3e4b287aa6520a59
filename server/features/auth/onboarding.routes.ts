import type { FastifyInstance } from 'fastify';
import { normalizeHandle } from '../../../contract/handles';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { badRequest } from '../../plugins/errors';
import { saveOnboarding } from './onboarding.queries';

export async function onboardingRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  serve(app, 'POST /api/auth/onboarding', async (request) => {
    const user = request.user;
    const input = request.body;
    // The handle is claimed through /api/slug/claim; here it must match, so onboarding cannot finish without one.
    if (input.slug !== undefined && normalizeHandle(input.slug) !== user.handle) {
      throw badRequest('Claim this handle before saving.', { slug: 'Claim this handle first.' });
    }
    if (input.onboardingComplete && !user.handle) {
      throw badRequest('Choose a handle to complete your setup.', { slug: 'Choose a handle first.' });
    }
    const saved = await saveOnboarding(db, user.id, input);
    if (!saved) throw new Error('the onboarding save returned no user');
    return saved;
  });
}
