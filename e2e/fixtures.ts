import { test as base, expect } from '@playwright/test';

/** Every journey fails on a console error or a CSP violation in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
