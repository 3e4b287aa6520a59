import { test as base, expect, type Page } from '@playwright/test';
import { startHeadStart, type HeadStart } from './head-start';

/**
 * Chromium logs every 4xx answer as "Failed to load resource: … status of 4xx". Journeys provoke those on purpose
 * (wrong password, a missing profile, a premium lesson for a guest) and the page handles them, so they are not
 * errors of the page; anything else logged as an error, and every uncaught exception, fails the journey.
 */
const EXPECTED_API_FAILURE =
  /^Failed to load resource: the server responded with a status of 4(00|01|03|04|09) /;

/** Adds what `page` logs as an error (but the expected 4xx lines), and every uncaught exception, to `errors`. */
export function collectConsoleErrors(page: Page, errors: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_API_FAILURE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/**
 * Every journey fails on a console error or a CSP violation in its page (and in any other page it hands to
 * collectConsoleErrors with its `consoleErrors`). Each worker starts the learners of `headStart` as soon as it
 * starts, so the real time their clips need passes during the journeys before.
 */
export const test = base.extend<{ consoleErrors: string[] }, { headStart: HeadStart }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      collectConsoleErrors(page, errors);
      await use(errors);
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
  headStart: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('baseURL is not configured');
      const { headStart, stop } = await startHeadStart(playwright, baseURL);
      await use(headStart);
      await stop();
    },
    { scope: 'worker', auto: true },
  ],
});

export { expect };
