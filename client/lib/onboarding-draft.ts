import type { Account } from '../../contract/account';
import { EXPERIENCE_LEVELS, type Experience, type User } from '../../contract/auth';
import { normalizeHandle } from '../../contract/handles';

/** The onboarding answers: saved to the account at each Next, so another tab or device starts from them. */
export interface OnboardingAnswers {
  bio: string;
  location: string;
  experience: Experience | '';
  specialties: string[];
  interests: string[];
  favoriteStyles: string[];
}

/** Where the wizard stands in this tab: the step, what was typed since the last save, the handle being tried. */
export interface WizardState {
  step: number;
  draft: OnboardingAnswers;
  handleInput: string;
  shopName: string;
}

const PREFIX = 'onboarding:draft:';
const draftKey = (userId: string) => `${PREFIX}${userId}`;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** This tab's draft of one person, if any: a reload keeps the step and what was typed but not yet saved. */
export function readDraft(userId: string, steps: number): WizardState | null {
  try {
    const raw = sessionStorage.getItem(draftKey(userId));
    const v = raw ? (JSON.parse(raw) as Partial<WizardState>) : null;
    const d = v?.draft;
    if (
      !v ||
      !d ||
      typeof v.step !== 'number' ||
      typeof v.handleInput !== 'string' ||
      typeof v.shopName !== 'string' ||
      typeof d.bio !== 'string' ||
      typeof d.location !== 'string' ||
      !(d.experience === '' || EXPERIENCE_LEVELS.includes(d.experience)) ||
      !isStrings(d.specialties) ||
      !isStrings(d.interests) ||
      !isStrings(d.favoriteStyles)
    )
      return null;
    return { ...v, draft: d, step: Math.min(Math.max(0, Math.trunc(v.step)), steps - 1) } as WizardState;
  } catch {
    return null; // storage blocked or a draft from an older shape: start from the saved account
  }
}

export function writeDraft(userId: string, state: WizardState): void {
  try {
    sessionStorage.setItem(draftKey(userId), JSON.stringify(state));
  } catch {
    // storage full or blocked: the wizard works, and what Next saved is on the account
  }
}

export function removeDraft(userId: string): void {
  try {
    sessionStorage.removeItem(draftKey(userId));
  } catch {
    // storage blocked: nothing was written either
  }
}

/**
 * Signing out leaves no one's typed answers in this tab for the next person at a shared browser (drafts are per
 * person, so another account never reads them; this is about what stays in the browser).
 */
export function clearOnboardingDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was written either
  }
}

/** The answers as the account holds them. */
export function answersFrom(account: Account | undefined): OnboardingAnswers {
  return {
    bio: account?.bio ?? '',
    location: account?.location ?? '',
    experience: EXPERIENCE_LEVELS.find((level) => level === account?.experience) ?? '',
    specialties: account?.specialties ?? [],
    interests: account?.interests ?? [],
    favoriteStyles: account?.favoriteStyles ?? [],
  };
}

/** Whether any answer is on the account already (saved at an earlier Next, or in settings). */
export const hasAnswers = (a: OnboardingAnswers) =>
  Boolean(a.bio || a.location || a.experience) ||
  a.specialties.length + a.interests.length + a.favoriteStyles.length > 0;

/** A visit without this tab's draft starts from what the account holds, so finishing never blanks it. */
export function fromAccount(user: User, account: Account | undefined): WizardState {
  return {
    step: 0,
    draft: answersFrom(account),
    handleInput: user.handle ?? normalizeHandle(user.displayName),
    shopName: account?.shop?.name ?? `${user.displayName} Workshop`,
  };
}
