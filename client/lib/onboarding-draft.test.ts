import { beforeEach, describe, expect, it } from 'vitest';
import {
  changedAnswers,
  clearOnboardingDrafts,
  readDraft,
  resumeStep,
  writeDraft,
  type OnboardingAnswers,
} from './onboarding-draft';

const none: OnboardingAnswers = {
  bio: '',
  location: '',
  experience: '',
  specialties: [],
  interests: [],
  favoriteStyles: [],
};

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
  saved: none,
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

  it('a draft of an older shape (without the saved answers it was made from) is not read', () => {
    const { saved: _saved, ...older } = state;
    sessionStorage.setItem('onboarding:draft:a', JSON.stringify(older));
    expect(readDraft('a', 3)).toBeNull();
  });
});

describe('what Next sends', () => {
  const saved = { ...none, bio: 'Oud.', location: 'Lyon', interests: ['folk'] };
  it('only what changed; an emptied field as blank, which clears it', () => {
    expect(changedAnswers({ ...saved, bio: '', interests: [], experience: 'Beginner' }, saved)).toEqual({
      bio: '',
      interests: [],
      experience: 'Beginner',
    });
  });
  it('nothing when only spaces or a repeated tag differ (the server stores them trimmed, once)', () => {
    expect(changedAnswers({ ...saved, bio: ' Oud. ', interests: ['folk', 'folk'] }, saved)).toEqual({});
  });
});

describe('where a tab without a draft resumes', () => {
  it('the step after the last step with a saved answer; the handle step once a handle is claimed', () => {
    expect(resumeStep(none, null, false)).toBe(0);
    expect(resumeStep({ ...none, experience: 'Beginner' }, null, false)).toBe(1);
    expect(resumeStep({ ...none, favoriteStyles: ['folk'] }, null, false)).toBe(2);
    // A luthier's second step holds specialties; interests belong to the enthusiast's.
    expect(resumeStep({ ...none, bio: 'x', interests: ['folk'] }, null, true)).toBe(1);
    expect(resumeStep({ ...none, specialties: ['oud'] }, null, true)).toBe(2);
    expect(resumeStep(none, 'noor', true)).toBe(3);
  });
});
