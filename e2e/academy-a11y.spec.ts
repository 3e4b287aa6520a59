import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const pages = [
  { path: '/explore', ready: 'Explore courses' },
  {
    path: '/listing/introduction-to-classical-guitar-building',
    ready: 'Introduction to Classical Guitar Building',
  },
  { path: '/lessons/course-1-l1', ready: 'Welcome to the workshop' },
];
const signedInPages = [
  { path: '/learn', ready: 'Welcome back, Sam!' },
  { path: '/course-progress?courseId=course-3', ready: 'Guitar Setup Fundamentals' },
  { path: '/lessons/course-3-l3?courseId=course-3', ready: 'Action at the twelfth fret' },
];

test.describe('academy accessibility', () => {
  test('guest pages have no axe violations and do not overflow at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.ready })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${p.path}: ${v.id}`)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, p.path).toBeLessThanOrEqual(0);
    }
  });

  test('signed-in pages have no axe violations', async ({ page }) => {
    const res = await page.request.post('/api/auth/login', {
      data: { email: 'enthusiast@example.com', password: 'enthusiast-demo-2026' },
    });
    expect(res.ok()).toBe(true);
    for (const p of signedInPages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.ready })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${p.path}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
  });
});
