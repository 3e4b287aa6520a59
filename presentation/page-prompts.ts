import type { PagePath } from '../contract/routes';

/**
 * The words of the sign-in prompt a guest sees on a members' page (its `guest` in contract/routes.ts is
 * `prompt`), loaded with the prompt rather than with every page. Pages not listed show the account prompt.
 */
export const PAGE_PROMPTS: Partial<Record<PagePath, { title: string; text: string }>> = {
  '/instruments/new': {
    title: 'Register instrument',
    text: 'Sign in as a luthier to register an instrument you built.',
  },
  '/teach': { title: 'Teach', text: 'Sign in as a luthier to write and publish your courses.' },
  '/admin': { title: 'Admin', text: 'Sign in with an admin account.' },
};

export const ACCOUNT_PROMPT_WORDS = {
  title: 'Sign in to continue',
  text: 'This page is part of your account. Sign in or create a free account to see it.',
};
