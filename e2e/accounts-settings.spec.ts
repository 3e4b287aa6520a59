import { expect, test } from './fixtures';
import { completeOnboarding, expectToast, registerPerson } from './accounts-helpers';

test.describe('accounts: settings', () => {
  test('a profile change round-trips to the public page, and sessions list this device', async ({ page }) => {
    const person = await registerPerson(page.request);
    const handle = `settings-${person.tag}`;
    await completeOnboarding(page.request, handle);
    await page.goto('/');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByLabel('Bio').fill('Restoring a 1960s archtop.');
    await page.getByLabel('Location', { exact: true }).fill('Turin, Italy');
    await page.getByLabel('Experience level').selectOption('Intermediate');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(page, 'Profile saved');
    await page.reload();
    await expect(page.getByLabel('Bio')).toHaveValue('Restoring a 1960s archtop.');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Turin, Italy');
    await expect(page.getByText('This device')).toBeVisible();

    await page.goto(`/u/${handle}`);
    await expect(page.getByText('Restoring a 1960s archtop.')).toBeVisible();
    await expect(page.getByText('Turin, Italy')).toBeVisible();
    await expect(page.getByText('Intermediate')).toBeVisible();
  });
});
