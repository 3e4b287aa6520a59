import { expect, test } from './fixtures';
import { expectToast, linkFromOutbox, registerPerson } from './accounts-helpers';

test.describe('accounts: sign-in, redirects and reset', () => {
  test('?auth=signin&next=<other site> signs in and ends on /dashboard, never off-site', async ({ page }) => {
    await page.goto('/?auth=signin&next=https://elsewhere.example/');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('enthusiast@example.com');
    await dialog.getByLabel('Password').fill('wrong password!');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('Invalid email or password.')).toBeVisible();
    await dialog.getByLabel('Password').fill('enthusiast-demo-2026');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Welcome, Sam!', "You're successfully signed in.");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Hi, enthusiast@example.com')).toBeVisible();
  });

  test('closing the dialog removes auth and next from the address', async ({ page }) => {
    await page.goto('/?auth=reset&next=/registry');
    await expect(page.getByRole('tab', { name: 'Reset', selected: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('a guest opening /settings gets the sign-in prompt and returns there after signing in', async ({
    page,
  }) => {
    await page.goto('/settings');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Sign in', selected: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByLabel('Email').fill('luthier@example.com');
    await dialog.getByLabel('Password').fill('luthier-demo-2026');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your shop' })).toBeVisible();
  });

  test('a person resets a forgotten password through the mailed link', async ({ page, request }) => {
    const person = await registerPerson(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByRole('tab', { name: 'Reset', selected: true })).toBeVisible();
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText('Check your email for a reset link.')).toBeVisible();

    const link = new URL(await linkFromOutbox(person.email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('a fresh passphrase 9');
    await page.getByLabel('Repeat the new password').fill('a fresh passphrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();

    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByLabel('Password').fill('a fresh passphrase 9');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Welcome, Journey!', "Let's set up your profile.");
    await expect(page).toHaveURL(/\/onboarding$/);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('another passphrase 9');
    await page.getByLabel('Repeat the new password').fill('another passphrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('This reset link is invalid or has expired. Please ask for a new one.'),
    ).toBeVisible();
  });
});
