import { test as base, expect } from '@playwright/test';

/**
 * Chromium logs every 4xx answer as "Failed to load resource: … status of 4xx". Journeys provoke those on purpose
 * (wrong password, a missing profile, a premium lesson for a guest) and the page handles them, so they are not
 * errors of the page; anything else logged as an error, and every uncaught exception, fails the journey.
 */
const EXPECTED_API_FAILURE =
  /^Failed to load resource: the server responded with a status of 4(00|01|03|04|09) /;

/** Every journey fails on a console error or a CSP violation in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_API_FAILURE.test(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
