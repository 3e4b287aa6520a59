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

  test('a new handle from settings: the old address leads to the new page, and the old handle stays theirs', async ({
    page,
    browser,
  }) => {
    const person = await registerPerson(page.request);
    const first = `first-${person.tag}`;
    const second = `second-${person.tag}`;
    await completeOnboarding(page.request, first);
    await page.goto('/settings');
    // The handle card's field, status and button are the only ones so named on the page.
    const card = page.getByRole('main');
    await expect(card.getByText('This is your handle.')).toBeVisible();
    await card.getByLabel('Your handle').fill(second);
    await expect(card.getByText('Available! 🎉')).toBeVisible();
    await card.getByRole('button', { name: 'Change handle' }).click();
    await expectToast(page, 'Handle changed');
    await expect(card.getByText(`Your public address is /u/${second}.`, { exact: false })).toBeVisible();

    // A stranger following an old link lands on the new page, with the new address in the bar.
    const stranger = await browser.newContext();
    const guest = await stranger.newPage();
    const answer = await guest.request.get(`/u/${first}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    await guest.goto(`/u/${first}`);
    await expect(guest).toHaveURL(new RegExp(`/u/${second}$`));
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    // The old handle is held: nobody else can have it.
    const check = await guest.request.get(`/api/slug/check?kind=user&slug=${first}`);
    expect(await check.json()).toMatchObject({ ok: false, reason: 'taken' });
    await stranger.close();
  });
});
