import type { OnboardingInput } from '../../../contract/auth';
import type { ClaimInput, HandleKind } from '../../../contract/handles';
import { api } from '../../lib/api-client';

/** Reserve (failure only logged), then claim, then save with onboardingComplete true. */
export async function reserveHandle(kind: HandleKind, slug: string): Promise<void> {
  try {
    await api('POST /api/slug/reserve', { body: { kind, slug } });
  } catch (error) {
    console.warn('Could not reserve the handle; claiming it directly.', error);
  }
}

export const claimHandle = (input: ClaimInput) => api('POST /api/slug/claim', { body: input });

export const saveOnboarding = (input: OnboardingInput) => api('POST /api/auth/onboarding', { body: input });
