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
