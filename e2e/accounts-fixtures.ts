import { test as base, expect } from './fixtures';

/**
 * The shared fixture, except that Chromium's own "Failed to load resource: … status of 4xx" lines are allowed:
 * these journeys provoke 400/401/404/409 answers on purpose (wrong password, used reset link, missing profile)
 * and the browser logs every such response. Any other console error or page error still fails the journey.
 * The override keeps the shared fixture's `auto` registration.
 */
const EXPECTED_API_FAILURE =
  /^Failed to load resource: the server responded with a status of 4(00|01|04|09) /;

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_API_FAILURE.test(message.text()))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await provide(errors);
    expect(errors, 'console errors during the journey').toEqual([]);
  },
});

export { expect };
