import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';

const PUBLIC_PAGES = [
  '/',
  '/explore',
  '/registry',
  '/luthiers',
  '/l/elena-marquez',
  '/u/elena-marquez',
  // A maker who lists an academy certificate on their profile.
  '/u/lagos-workshop',
  '/listing/guitar-setup-fundamentals',
  '/blog',
  '/for-luthiers',
  '/about',
  '/privacy',
  '/terms',
  '/contact',
];

const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/gi, '-'));

for (const width of [375, 1280]) {
  test(`every public page fits ${width} px without scrolling sideways (screenshots kept)`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width < 640 ? 667 : 800 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
      );
      expect.soft(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath(`${fileName(path)}-${width}.png`),
        fullPage: true,
      });
    }
  });
}

test('at 375 px the Menu button reaches every header link', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  for (const [name, url] of [
    ['Explore', /\/explore$/],
    ['Registry', /\/registry$/],
    ['Blog', /\/blog$/],
    ['For Luthiers', /\/for-luthiers$/],
  ] as const) {
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(menu).toBeHidden();
  }
});

test('at 375 px results start within the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  for (const [path, list] of [
    ['/registry', page.getByRole('list', { name: 'Instruments' })],
    ['/luthiers', page.getByRole('list', { name: 'Makers' })],
  ] as const) {
    await page.goto(path);
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    expect(box?.y ?? Infinity, `${path} results top`).toBeLessThan(667);
  }
  await page.goto('/explore');
  await expect(page.getByText(/\d+ courses? found/)).toBeVisible();
  const box = await page.getByText(/\d+ courses? found/).boundingBox();
  expect(box?.y ?? Infinity, '/explore results top').toBeLessThan(667);
});

// A phone's registry was one full-width photo card per row: 24 results made a page of about 10,800 px.
test('at 375 px the registry is compact: a row per result, filters behind an "N filters" button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/registry');
  const list = page.getByRole('list', { name: 'Instruments' });
  await expect(list.getByRole('listitem')).toHaveCount(24);
  // Four results on the first screen, and the whole page of 24 within about seven screens.
  const fourth = await list.getByRole('listitem').nth(3).boundingBox();
  expect(fourth?.y ?? Infinity).toBeLessThan(2 * 667);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(5_000);
  // Each row keeps its words: the name links to the passport, the maker to the shop.
  const first = list.getByRole('article').first();
  await expect(first.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(first.getByRole('link').nth(1)).toHaveAttribute('href', /^\/l\//);

  // The filters are one button; what is chosen in the dialog is counted on it and shown as chips.
  await expect(page.getByLabel('Type', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Type').selectOption('guitar');
  // The box follows the address (a navigation), so it is clicked and then waited for, not check()ed.
  await dialog.getByLabel('Verified only').click();
  await expect(dialog.getByLabel('Verified only')).toBeChecked();
  await expectNoAxeViolations(page, 'the registry filters dialog at 375 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const button = page.getByRole('button', { name: '2 filters', exact: true });
  await expect(button).toBeVisible();
  await expect(button).toBeFocused();
  await expect(page).toHaveURL(/type=guitar/);
  await expect(page.getByRole('button', { name: /Remove .*Verified only/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the filtered registry at 375 px');
});

test('at 375 px a learner’s Continue is on the first screen of /learn', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'enthusiast@example.com', password: 'enthusiast-demo-2026' },
  });
  expect(login.status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/learn');
  const section = page.getByRole('region', { name: 'Continue Where You Left Off' });
  const button = section.getByRole('link', { name: /^Continue/ });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(667);
});
