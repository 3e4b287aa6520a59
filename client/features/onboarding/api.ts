import type { OnboardingInput, User } from '../../../contract/auth';
import type { ClaimInput, HandleKind } from '../../../contract/handles';
import { apiJson } from '../../lib/api';

/** Reserve (failure only logged), then claim, then save with onboardingComplete true. */
export async function reserveHandle(kind: HandleKind, slug: string): Promise<void> {
  try {
    await apiJson('POST', '/api/slug/reserve', { kind, slug });
  } catch (error) {
    console.warn('Could not reserve the handle; claiming it directly.', error);
  }
}

export const claimHandle = (input: ClaimInput) => apiJson<{ slug: string }>('POST', '/api/slug/claim', input);

export const saveOnboarding = (input: OnboardingInput) =>
  apiJson<User>('POST', '/api/auth/onboarding', input);
