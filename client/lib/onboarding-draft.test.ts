import { beforeEach, describe, expect, it } from 'vitest';
import { clearOnboardingDrafts, readDraft, writeDraft } from './onboarding-draft';

const state = {
  step: 1,
  draft: {
    bio: 'Oud.',
    location: '',
    experience: '' as const,
    specialties: [],
    interests: [],
    favoriteStyles: [],
  },
  handleInput: 'noor',
  shopName: '',
};

beforeEach(() => sessionStorage.clear());

describe('onboarding drafts', () => {
  it('are per person: one account never reads another’s', () => {
    writeDraft('a', state);
    expect(readDraft('a', 3)).toEqual(state);
    expect(readDraft('b', 3)).toBeNull();
  });

  it('signing out clears every draft in the tab and nothing else', () => {
    writeDraft('a', state);
    writeDraft('b', state);
    sessionStorage.setItem('auth:next', '/registry');
    clearOnboardingDrafts();
    expect(readDraft('a', 3)).toBeNull();
    expect(readDraft('b', 3)).toBeNull();
    expect(sessionStorage.getItem('auth:next')).toBe('/registry');
  });
});
