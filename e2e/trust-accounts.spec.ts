import { expect, test } from './fixtures';
import { completeOnboarding, linkFromOutbox, registerPerson } from './accounts-helpers';

const shots = process.env.E2E_SCREENSHOTS ? 'test-results/trust-accounts' : null;

test.describe('trust: proven email and notifications', () => {
  test('a new person verifies their email from the mail, then the bell tells of a password change', async ({
    page,
  }) => {
    const person = await registerPerson(page.request);
    await completeOnboarding(page.request, `trust-${person.tag}`);

    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Confirm your email' });
    await expect(banner).toContainText(person.email);
    await expect(banner.getByRole('button', { name: 'Resend the link' })).toBeVisible();

    const link = await linkFromOutbox(person.email, 'verify-email');
    await page.goto(link);
    await expect(page.getByRole('status')).toContainText(`${person.email} is confirmed`);
    if (shots) await page.screenshot({ path: `${shots}/verify-1280.png` });
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
    // A used link proves nothing a second time.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('invalid, used or expired');

    await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
    await page.goto('/settings');
    await page.getByLabel('Current password').fill(person.password);
    await page.getByLabel('New password').fill('a different journey passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Your other sessions were ended and earlier mailed links no longer work.').first(),
    ).toBeVisible();

    await page.reload();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const inbox = page.getByRole('dialog');
    await expect(inbox.getByText('Your password was changed')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/bell-1280.png` });
    await inbox.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByText('Your password was changed')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/inbox-375.png`, fullPage: true });
  });
});
