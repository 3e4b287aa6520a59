import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from './a11y-helpers';

// prefers-reduced-motion (client/app.css): with it, nothing animates or transitions and nothing scrolls smoothly;
// without it, the same elements do move, so these checks fail if the rule goes away.

/** Every animation and transition duration of an element, in milliseconds (0 when it has none). */
async function motionOf(locator: Locator) {
  return locator.evaluate((el) => {
    const s = getComputedStyle(el);
    const ms = (list: string) =>
      list.split(',').map((d) => {
        const value = parseFloat(d);
        return d.trim().endsWith('ms') ? value : value * 1000;
      });
    const animated = s.animationName !== 'none';
    return {
      animation: animated ? Math.max(...ms(s.animationDuration)) : 0,
      transition: s.transitionProperty === 'none' ? 0 : Math.max(...ms(s.transitionDuration)),
    };
  });
}

/** The elements that move: the sign-in dialog and its overlay, a toast, the loading spinner, a button. */
async function measure(page: Page) {
  await page.goto('/?auth=signin');
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(dialog).toBeVisible();
  const dialogMotion = await motionOf(dialog);
  const overlay = await motionOf(page.locator('[data-state="open"]:has(+ [role="dialog"])'));
  await page.keyboard.press('Escape');
  const button = await motionOf(page.getByRole('banner').getByRole('button', { name: 'Sign in' }));

  // A guest on /learn is sent home with a toast.
  await page.goto('/learn');
  const toast = page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
  await expect(toast).toContainText('Unauthorized');
  const toastMotion = await motionOf(toast);

  // The course list held back, so its spinner stays on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route('**/api/lms/courses/explore*', hold);
  await page.goto('/explore');
  const spinner = page.getByRole('status').filter({ hasText: 'Loading courses…' }).locator('svg');
  await expect(spinner).toBeVisible();
  const spinnerMotion = await motionOf(spinner);
  release();
  await expect(page.getByRole('status').filter({ hasText: 'Loading courses…' })).toHaveCount(0);
  await page.unroute('**/api/lms/courses/explore*', hold);
  return { dialog: dialogMotion, overlay, button, toast: toastMotion, spinner: spinnerMotion };
}

test.describe('reduced motion', () => {
  test('the dialog, toasts, the spinner and transitions move, unless reduced motion is asked for', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await measure(page);
    expect(moving.dialog.animation, 'the dialog zooms in').toBeGreaterThanOrEqual(100);
    expect(moving.overlay.animation, 'the overlay fades in').toBeGreaterThanOrEqual(100);
    expect(moving.toast.animation, 'a toast slides in').toBeGreaterThanOrEqual(100);
    expect(moving.spinner.animation, 'the spinner turns').toBeGreaterThanOrEqual(500);
    expect(moving.button.transition, 'buttons fade their colours').toBeGreaterThanOrEqual(100);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const still = await measure(page);
    for (const [name, { animation, transition }] of Object.entries(still)) {
      expect(animation, `${name} animation under reduced motion (ms)`).toBeLessThanOrEqual(0.01);
      expect(transition, `${name} transition under reduced motion (ms)`).toBeLessThanOrEqual(0.01);
    }
  });

  test('nothing scrolls smoothly under reduced motion, even where a page asks for it', async ({ page }) => {
    const scrollBehavior = () =>
      page.evaluate(() =>
        [document.documentElement, document.body, document.getElementById('main')].map(
          (el) => el && getComputedStyle(el).scrollBehavior,
        ),
      );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The app itself never asks for smooth scrolling.
    expect(await scrollBehavior()).toEqual(['auto', 'auto', 'auto']);

    // A page that asked for it would get it, except under reduced motion.
    await page.addStyleTag({ content: 'html, body, main { scroll-behavior: smooth; }' });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await scrollBehavior()).toEqual(['smooth', 'smooth', 'smooth']);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await scrollBehavior()).toEqual(['auto', 'auto', 'auto']);

    // So a scripted jump lands at once: no scroll is still running a frame later.
    await page.setViewportSize({ width: 375, height: 400 });
    // The narrower page reflows (images resized to the new width): its height must settle before the jump, or
    // a page growing shorter moves the scroll position for a reason that has nothing to do with motion.
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let height = -1;
      for (let same = 0; same < 5;) {
        await frame();
        const now = document.documentElement.scrollHeight;
        same = now === height ? same + 1 : 0;
        height = now;
      }
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
  });
});
