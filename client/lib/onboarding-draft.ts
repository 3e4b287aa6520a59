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
  /**
   * The answers as the account held them when this tab last read or saved them: Next sends what differs from
   * them, and a draft whose `saved` no longer matches the account is older than the server and is dropped.
   */
  saved: OnboardingAnswers;
  handleInput: string;
  shopName: string;
}

const PREFIX = 'onboarding:draft:';
const draftKey = (userId: string) => `${PREFIX}${userId}`;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

const isAnswers = (d: Partial<OnboardingAnswers> | undefined): d is OnboardingAnswers =>
  !!d &&
  typeof d.bio === 'string' &&
  typeof d.location === 'string' &&
  (d.experience === '' || EXPERIENCE_LEVELS.some((level) => level === d.experience)) &&
  isStrings(d.specialties) &&
  isStrings(d.interests) &&
  isStrings(d.favoriteStyles);

/** This tab's draft of one person, if any: a reload keeps the step and what was typed but not yet saved. */
export function readDraft(userId: string, steps: number): WizardState | null {
  try {
    const raw = sessionStorage.getItem(draftKey(userId));
    const v = raw ? (JSON.parse(raw) as Partial<WizardState>) : null;
    if (
      !v ||
      !isAnswers(v.draft) ||
      !isAnswers(v.saved) ||
      typeof v.step !== 'number' ||
      typeof v.handleInput !== 'string' ||
      typeof v.shopName !== 'string'
    )
      return null;
    return { ...v, step: Math.min(Math.max(0, Math.trunc(v.step)), steps - 1) } as WizardState;
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

/** The answers as the server stores them (texts trimmed, tags trimmed and once each), to compare with it. */
export function normalizeAnswers(a: OnboardingAnswers): OnboardingAnswers {
  const tags = (list: string[]) => [...new Set(list.map((t) => t.trim()))];
  return {
    bio: a.bio.trim(),
    location: a.location.trim(),
    experience: a.experience,
    specialties: tags(a.specialties),
    interests: tags(a.interests),
    favoriteStyles: tags(a.favoriteStyles),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const sameAnswers = (a: OnboardingAnswers, b: OnboardingAnswers) =>
  same(normalizeAnswers(a), normalizeAnswers(b));

/**
 * What Next sends: only the answers that differ from the saved ones, a field the person emptied as blank ('' or
 * []), which clears it on the server; a field left out stays as saved (another tab or settings may have changed
 * it meanwhile).
 */
export function changedAnswers(
  draft: OnboardingAnswers,
  saved: OnboardingAnswers,
): Partial<OnboardingAnswers> {
  const now = normalizeAnswers(draft);
  const before = normalizeAnswers(saved);
  const keys = Object.keys(now) as (keyof OnboardingAnswers)[];
  return Object.fromEntries(keys.filter((k) => !same(now[k], before[k])).map((k) => [k, now[k]]));
}

/**
 * Where a tab without a draft resumes (decision 028): the step after the last one whose answers are saved, or the
 * handle step once a handle is claimed. Every answer but the handle is optional, so "the first step lacking a
 * required answer" would always be the handle step and skip steps the person never saw.
 */
export function resumeStep(answers: OnboardingAnswers, handle: string | null, isLuthier: boolean): number {
  const last = isLuthier ? 3 : 2;
  if (handle) return last;
  const second = isLuthier
    ? answers.specialties.length + answers.favoriteStyles.length
    : answers.interests.length + answers.favoriteStyles.length;
  if (second > 0) return 2;
  return answers.bio || answers.location || answers.experience ? 1 : 0;
}

/** A visit without this tab's (current) draft starts from what the account holds, at the step it reached. */
export function fromAccount(user: User, account: Account | undefined): WizardState {
  const saved = answersFrom(account);
  return {
    step: resumeStep(saved, account?.handle ?? user.handle, user.role === 'luthier'),
    draft: saved,
    saved,
    handleInput: user.handle ?? normalizeHandle(user.displayName),
    shopName: account?.shop?.name ?? `${user.displayName} Workshop`,
  };
}
