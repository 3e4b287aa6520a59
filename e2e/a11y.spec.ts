import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

// axe-core on every page a guest can reach; signed-in pages are added with their areas.
const guestPages = ['/', '/blog', '/for-luthiers', '/no-such-page'];

for (const path of guestPages) {
  test(`axe finds nothing on ${path} (guest)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}
