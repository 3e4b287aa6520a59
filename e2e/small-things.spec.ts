import type { Locator, Page } from '@playwright/test';
import { registerPerson, unique } from './accounts-helpers';
import {
  ACCOUNTS,
  expect,
  expectAccessibleAtWidths,
  expectLoaded,
  expectNoAxeViolations,
  test,
} from './a11y-helpers';

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('no bounding box');
  return b;
};
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function signInAs(page: Page, role: keyof typeof ACCOUNTS) {
  const res = await page.request.post('/api/auth/login', { data: ACCOUNTS[role] });
  expect(res.ok()).toBe(true);
}

test.describe('contact', () => {
  test('/contact names the operator and its form reaches the admins, who read it in /admin', async ({
    page,
    browser,
  }) => {
    await page.goto('/contact');
    await expectLoaded(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.getByText('This Luthier Registry is run by The Luthier Registry team.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Write to the registry' });
    await expectAccessibleAtWidths(page, '/contact');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/contact-1280.png', fullPage: true });

    // Bad input is refused beside its field, and nothing is lost.
    await form.getByLabel('Your name').fill('Rosa Buyer');
    await form.getByLabel('Your email address').fill('rosa at example');
    await form.getByLabel('Message').fill('Short');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Write at least 10 characters.')).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveValue('Rosa Buyer');

    const tag = unique();
    const text = `Passport LR-TEST shows the wrong year (${tag}); it was made in 2019.`;
    await form.getByLabel('Your email address').fill(`rosa-${tag}@example.test`);
    await form.getByLabel('Message').fill(text);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/contact-375.png', fullPage: true });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your message reached' })).toContainText(
      `They answer at rosa-${tag}@example.test.`,
    );

    const admin = await browser.newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/admin');
    const message = admin.getByRole('article', { name: 'Message from Rosa Buyer' }).filter({ hasText: tag });
    await expect(message).toContainText(text);
    await expect(message.getByRole('link', { name: `rosa-${tag}@example.test` })).toHaveAttribute(
      'href',
      `mailto:rosa-${tag}@example.test`,
    );
    await expect(admin.getByRole('button', { name: /^Notifications, \d+ unread/ })).toBeVisible();
    await expectLoaded(admin);
    await expectNoAxeViolations(admin, '/admin with contact messages');
    await admin.screenshot({ path: 'test-results/admin-contact-1280.png', fullPage: true });
    await admin.close();
  });
});

test.describe('phone toasts', () => {
  test('at 375 px a toast sits under the header and covers none of the buttons on the screen', async ({
    page,
    world,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/listing/${world.courseSlug}`);
    await expectLoaded(page);
    const share = page.getByRole('button', { name: 'Share' });
    await share.scrollIntoViewIfNeeded();
    await share.click();
    // Copying the link (no share sheet in a headless browser) says so in a toast, copied or not.
    const toast = page
      .getByRole('region', { name: /notifications/i })
      .locator('li')
      .filter({ hasText: /Link copied|Could not copy the link/ });
    await expect(toast).toBeVisible();
    const toastBox = await box(toast);
    await page.screenshot({ path: 'test-results/toast-375.png' });
    const header = await box(page.locator('header').first());
    expect(toastBox.y, 'the toast starts below the sticky header').toBeGreaterThanOrEqual(
      header.y + header.height - 1,
    );
    // Every button in view (the page's actions, the one just pressed included, and the header's) stays uncovered.
    const controls = page.locator('main button:visible, header button:visible');
    const covered: string[] = [];
    for (const control of await controls.all()) {
      const b = await control.boundingBox();
      if (!b || b.y + b.height < 0 || b.y > 740) continue;
      if (overlaps(toastBox, b))
        covered.push((await control.innerText()) || (await control.getAttribute('aria-label')) || '?');
    }
    expect(covered, 'controls under the toast').toEqual([]);
  });
});

test.describe('header', () => {
  test('signed in as the luthier, the header keeps one row at 1024 px', async ({
    page,
    world,
    playwright,
  }) => {
    // A message to the luthier's shop: unread badges on the messages link and the bell.
    const enthusiast = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await enthusiast.post('/api/auth/login', { data: ACCOUNTS.enthusiast })).ok()).toBe(true);
    const sent = await enthusiast.post(`/api/profile/l/${world.shopHandle}/messages`, {
      data: { message: 'Is the parlour guitar still for sale?' },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
    await enthusiast.dispose();
    await signInAs(page, 'luthier');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/dashboard');
    await expectLoaded(page);
    const header = page.locator('header').first();
    await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(header.getByRole('button', { name: /^Notifications, \d+ unread/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/header-luthier-1024.png' });
    const height = (await box(header)).height;
    // One row: 36 px controls and 12 px padding above and below, plus the border.
    expect(height, 'header height at 1024 px').toBeLessThanOrEqual(64);
    const tops = await header
      .locator('a:visible, button:visible')
      .evaluateAll((els) =>
        els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)),
      );
    expect(Math.max(...tops) - Math.min(...tops), 'every control on one line').toBeLessThanOrEqual(4);
  });
});

test.describe('onboarding', () => {
  test('keeps its answers on reload', async ({ page }) => {
    await registerPerson(page.request, 'user');
    await page.goto('/onboarding');
    await expect(page.getByText('Step 1 of 3: About you')).toBeVisible();
    await page.getByLabel('Bio').fill('I play old parlour guitars.');
    await page.getByLabel('Location').fill('Porto, Portugal');
    await page.getByLabel('Experience level').selectOption('Intermediate');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3: Your music')).toBeVisible();
    const first = page.getByRole('group').getByRole('button', { pressed: false }).first();
    const tagName = ((await first.getAttribute('aria-label')) ?? (await first.textContent()) ?? '').trim();
    await first.click();
    await expect(page.getByRole('button', { name: tagName, exact: true }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.reload();
    await expect(page.getByText('Step 2 of 3: Your music')).toBeVisible();
    await expect(page.getByRole('button', { name: tagName, exact: true }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Bio')).toHaveValue('I play old parlour guitars.');
    await expect(page.getByLabel('Location')).toHaveValue('Porto, Portugal');
    await expect(page.getByLabel('Experience level')).toHaveValue(/intermediate/i);
  });
});
