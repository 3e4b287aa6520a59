import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerPerson } from './accounts-helpers';

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('accounts: accessibility', () => {
  test('the dialog, profiles and the reset page have no axe violations', async ({ page }) => {
    for (const [path, ready] of [
      ['/?auth=signup', 'Create account'],
      ['/l/hauser-werkstatt', 'Hauser Werkstatt'],
      ['/u/sam-carter', 'Sam Carter'],
      ['/reset-password?token=abc', 'Set new password'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('onboarding and settings have no axe violations', async ({ page }) => {
    await registerPerson(page.request, 'luthier');
    await page.goto('/onboarding');
    await expect(page.getByText('Step 1 of 4: About you')).toBeVisible();
    await expectAccessible(page);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    await expectAccessible(page);

    await page.request.post('/api/auth/login', {
      data: { email: 'enthusiast@example.com', password: 'enthusiast-demo-2026' },
    });
    await page.goto('/settings');
    await expect(page.getByText('This device')).toBeVisible();
    await expectAccessible(page);
  });
});
