import { collectConsoleErrors, expect, test } from './fixtures';
import { expectToast, unique } from './accounts-helpers';
import { expectNoAxeViolations } from './a11y-helpers';

test.describe('accounts: sign-up and onboarding', () => {
  test('a luthier signs up from /?auth=signup, onboards in 4 steps and gets a published shop', async ({
    page,
    request,
  }) => {
    const tag = unique();
    await page.goto('/?auth=signup');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Sign up', selected: true })).toBeVisible();
    await dialog.getByLabel('Display name').fill(`Lena Fischer ${tag}`);
    await dialog.getByLabel('Email').fill(`lena-${tag}@example.test`);
    await dialog.getByLabel('Password').fill('luthier journey 2026');
    await expect(dialog.getByRole('radio', { name: /Music Enthusiast/ })).toBeChecked();
    await dialog.getByText('Create profiles & register instruments').click();
    await expect(dialog.getByRole('radio', { name: /^Luthier/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expectToast(page, 'Welcome, Lena!', "Let's set up your profile.");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Step 1 of 4: About you')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await page.getByLabel('Bio').fill('I build steel-string guitars.');
    await page.getByLabel('Location').fill('Leipzig, Germany');
    await page.getByLabel('Experience level').selectOption('Advanced');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 2 of 4: Your craft')).toBeVisible();
    await page.getByRole('button', { name: 'acoustic', exact: true }).click();
    await expect(page.getByRole('button', { name: 'acoustic', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 3 of 4: Your first instrument')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 4 of 4: Your shop handle')).toBeVisible();
    await page.getByLabel('Workshop name').fill(`Fischer Guitars ${tag}`);
    const handle = page.getByLabel('Your handle');
    await handle.fill('ab');
    await expect(page.getByText('Must be at least 3 characters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Setup' })).toBeDisabled();
    await handle.fill('dashboard');
    await expect(
      page.getByText('That handle is taken or on hold—try one of the suggestions below.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Setup' })).toBeDisabled();
    await handle.fill(`lena-fischer-${tag}`);
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    const suggestions = page.getByRole('list', { name: 'Suggestions' }).getByRole('button');
    await expect(suggestions.first()).toBeVisible();
    expect(await suggestions.count()).toBeLessThanOrEqual(6);
    const chosen = (await suggestions.first().textContent()) ?? '';
    await suggestions.first().click();
    await expect(handle).toHaveValue(chosen);
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    await expect(page.getByText(`/l/${chosen}`)).toBeVisible();
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    await expect(page).toHaveURL(/\/$/);
    // A brand-new person is welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Lena/ })).toBeVisible();
    await page.goto(`/l/${chosen}`);
    await expect(page.getByRole('heading', { level: 1, name: `Fischer Guitars ${tag}` })).toBeVisible();
    await expect(page.getByText('Luthier Shop', { exact: true })).toBeVisible();
    // Published: a guest (a request with no session) reads the shop; visitors see no internal state word.
    expect((await request.get(`/api/profile/l/${chosen}`)).status()).toBe(200);
    await expect(page.getByText('Published', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Leipzig, Germany')).toBeVisible();
  });

  test('an enthusiast enrols from a course, signs up, onboards in 3 steps and is back in the course', async ({
    page,
  }) => {
    const tag = unique();
    // Enroll Now as a guest: the account comes first, then the setup, then the course they chose.
    await page.goto('/listing/guitar-setup-fundamentals');
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign up' }).click();
    await dialog.getByLabel('Display name').fill(`Omar Haddad ${tag}`);
    await dialog.getByLabel('Email').fill(`omar-${tag}@example.test`);
    await dialog.getByLabel('Password').fill('enthusiast journey 2026');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Welcome, Omar!', "Let's set up your profile.");
    await expect(page).toHaveURL(/\/onboarding\?next=%2Flisting%2Fguitar-setup-fundamentals%3Fenroll%3D1$/);
    await expect(page.getByText('Step 1 of 3: About you')).toBeVisible();
    await page.getByLabel('Bio').fill('Fingerstyle on weekends.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3: Your music')).toBeVisible();
    // A first visit is not welcomed back.
    await expect(page.getByText(/what you entered before is still here/)).toHaveCount(0);
    await page.getByRole('button', { name: 'blues', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 3 of 3: Your handle')).toBeVisible();
    await page.getByLabel('Your handle').fill(`Omar Haddad ${tag}`);
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    await expect(page.getByText(`/u/omar-haddad-${tag}`)).toBeVisible();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    // Back on the course, enrolled in it: its outline, and /learn counts it among their courses.
    await expect(page).toHaveURL(/\/courses\/course-3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Guitar Setup Fundamentals' })).toBeVisible();
    const mine = (await (await page.request.get('/api/lms/my-courses')).json()) as {
      id: string;
      enrolled: boolean;
    }[];
    expect(mine.filter((c) => c.enrolled).map((c) => c.id)).toEqual(['course-3']);
    await page.goto(`/u/omar-haddad-${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: `Omar Haddad ${tag}` })).toBeVisible();
    await expect(page.getByText('Enthusiast', { exact: true })).toBeVisible();
    await expect(page.getByText('Fingerstyle on weekends.')).toBeVisible();
    await expect(page.getByText('blues', { exact: true })).toBeVisible();
  });

  test('leaving onboarding mid-way: other pages open with a banner, and the wizard keeps the draft', async ({
    page,
    browser,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = unique();
    await page.goto('/?auth=signup');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Display name').fill(`Noor Saleh ${tag}`);
    await dialog.getByLabel('Email').fill(`noor-${tag}@example.test`);
    await dialog.getByLabel('Password').fill('draft journey 2026');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByLabel('Bio').fill('Oud and guitar.');
    await page.getByLabel('Location').fill('Lyon, France');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'folk', exact: true }).click();

    // Next kept step 1 on the account: another tab (no session storage of its own) resumes after it.
    const other = await page.context().newPage();
    collectConsoleErrors(other, consoleErrors);
    await other.goto('/onboarding');
    await expect(other.getByText('Step 2 of 3: Your music')).toBeVisible();
    await other.getByRole('button', { name: 'Back' }).click();
    await expect(other.getByLabel('Bio')).toHaveValue('Oud and guitar.');
    await expect(other.getByLabel('Location')).toHaveValue('Lyon, France');
    await other.close();

    // A saved answer emptied and saved again is cleared: another device (a new browser context, signed in
    // with the same session, no draft) shows it empty, at the step after the last one saved (the style).
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Location').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3: Your music')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 3 of 3: Your handle')).toBeVisible();
    const device = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: await page.context().storageState(),
    });
    const elsewhere = await device.newPage();
    collectConsoleErrors(elsewhere, consoleErrors);
    await elsewhere.goto('/onboarding');
    await expect(elsewhere.getByText('Step 3 of 3: Your handle')).toBeVisible();
    await elsewhere.getByRole('button', { name: 'Back' }).click();
    await expect(elsewhere.getByRole('button', { name: 'folk', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await elsewhere.getByRole('button', { name: 'Back' }).click();
    await expect(elsewhere.getByLabel('Bio')).toHaveValue('Oud and guitar.');
    await expect(elsewhere.getByLabel('Location')).toHaveValue('');
    await device.close();
    await page.getByRole('button', { name: 'Back' }).click();

    // Signing in sent them to the wizard once; now they may look around (not bounced back).
    await page.goto('/registry');
    await expect(page).toHaveURL(/\/registry$/);
    const banner = page.getByRole('region', { name: 'Finish setting up' });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page, 'the registry with the setup banner');
    // Paging by keyboard: the new page's count takes the focus (not the pager at the bottom) and the page is said.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^[\d,]+\+? instruments found$/);
    await expect(page.getByRole('status').filter({ hasText: /^Page 2( of \d+)?$/ })).toHaveCount(1);
    await expectNoAxeViolations(page, 'the registry on page 2');
    await banner.getByRole('link', { name: 'Finish setup' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Step 2 of 3: Your music')).toBeVisible();
    await expect(page.getByText(/what you entered before is still here/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'folk', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Bio')).toHaveValue('Oud and guitar.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // The handle normalises as typed: accents, case and punctuation become a valid handle.
    const handle = page.getByLabel('Your handle');
    await handle.fill('');
    await handle.pressSequentially(`Café Olé ${tag}!`);
    await expect(handle).toHaveValue(`cafe-ole-${tag}-`);
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    await expect(page.getByText(`/u/cafe-ole-${tag}`)).toBeVisible();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Noor/ })).toBeVisible();
    await page.goto(`/u/cafe-ole-${tag}`);
    await expect(page.getByText('Oud and guitar.')).toBeVisible();
    await expect(page.getByText('folk', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);
  });

  test('unknown profiles and unpublished shops show the not-found screens', async ({ page }) => {
    await page.goto('/u/no-such-person-here');
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    await expect(page.getByText("This profile doesn't exist or has been removed.")).toBeVisible();
    await page.goto('/l/no-such-shop-here');
    await expect(page.getByRole('heading', { name: 'Shop Not Found' })).toBeVisible();
    await expect(page.getByText("This luthier shop doesn't exist or is not published.")).toBeVisible();
  });
});
