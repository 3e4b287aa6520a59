import { expect, test } from './fixtures';

test.describe('shell', () => {
  test('landing page with header, buttons, passport steps and JSON-LD', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The living registry for handmade instruments' }),
    ).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Explore', 'Registry', 'Blog', 'For Luthiers']);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Luthiers' })).toHaveAttribute('href', '/explore');
    await expect(page.getByRole('link', { name: 'Browse Instruments' })).toHaveAttribute('href', '/registry');
    await expect(page.getByRole('button', { name: 'Start Learning' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
    for (const step of ['Build', 'Ownership', 'Repairs'])
      await expect(page.getByRole('heading', { name: step })).toBeVisible();

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
    expect(data.find((d) => d['@type'] === 'Organization')).toMatchObject({ name: 'Luthier Registry' });
    const site = data.find((d) => d['@type'] === 'WebSite') as {
      potentialAction: { target: { urlTemplate: string } };
    };
    expect(site.potentialAction.target.urlTemplate).toMatch(/\/explore\?q=\{search_term_string\}$/);
  });

  test('an unknown route answers 404 and shows the 404 page', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);
  });

  test('blog and for-luthiers are coming-soon placeholders', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'Blog' })).toBeVisible();
    await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Luthiers' }).click();
    await expect(page.getByRole('heading', { name: 'For Luthiers' })).toBeVisible();
    await expect(page.getByText('/ For Luthiers')).toBeVisible();
  });

  test('on a 375 px screen the links are behind the Menu button and the page does not overflow', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'For Luthiers' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('static assets are cached and the API answers signed-out me', async ({ request, page }) => {
    const me = await request.get('/api/auth/me');
    expect(await me.json()).toEqual({ user: null });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/assets/') && r.url().endsWith('.js')),
      page.goto('/'),
    ]);
    expect(response.headers()['cache-control']).toContain('immutable');
  });
});
