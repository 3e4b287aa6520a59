import type { Page, Route } from '@playwright/test';
import { registerPerson } from './accounts-helpers';
import { expect, test } from './fixtures';

const HERO = 'The living registry for handmade instruments';
const PARAGRAPH = 'anyone can learn the craft in a free academy';

/** Records, from the first byte of the document, whether the landing's heading was ever in it. */
async function watchForHero(page: Page) {
  await page.addInitScript((hero) => {
    const seen = { hero: false };
    Object.assign(window, { __heroSeen: seen });
    new MutationObserver(() => {
      if ([...document.querySelectorAll('h1')].some((h) => h.textContent === hero)) seen.hero = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, HERO);
}

const heroSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __heroSeen: { hero: boolean } }).__heroSeen.hero);

/** The page's cumulative layout shift so far, as the browser reports it. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(list.getEntries().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all means no shift: the observer then never calls back.
        setTimeout(() => resolve(0), 500);
      }),
  );

test.describe("the landing's hero in the HTML", () => {
  test('a guest sees it with no script at all: it is in the HTML the server sends', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByText(PARAGRAPH)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Luthiers' })).toHaveAttribute('href', '/explore');
    await context.close();
  });

  test('a guest gets the whole landing while /api/auth/me has not answered, with no jump when React takes over', async ({
    page,
  }) => {
    const held: Route[] = [];
    await page.route('**/api/auth/me', (route) => {
      held.push(route);
    });
    await watchForHero(page);
    await page.goto('/');
    // React's landing (its later sections, the header's buttons) is on screen though /me is still unanswered.
    await expect(
      page.getByRole('heading', { name: 'One passport, the whole life of an instrument' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    expect(held.length).toBeGreaterThan(0);
    await expect(page.getByRole('status')).toHaveCount(0);
    // The HTML's hero was replaced, not duplicated: one main, one h1, for the eye and for screen readers.
    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await layoutShift(page)).toBe(0);
    expect(await heroSeen(page)).toBe(true);

    for (const route of held) await route.continue();
    await expect(page.getByRole('button', { name: 'Start Learning' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Learning' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  });

  test('a signed-in person gets their dashboard and never the hero, not even for a moment', async ({
    page,
  }) => {
    await registerPerson(page.request);
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain(`${HERO}</h1>`);
    expect(html).not.toContain(PARAGRAPH);
    expect(html).not.toContain('data-guest');

    await watchForHero(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    expect(await heroSeen(page)).toBe(false);
  });

  test("a guest's HTML has the hero; the same browser signed in gets none", async ({ page }) => {
    const guest = await (await page.request.get('/')).text();
    expect(guest).toContain(`${HERO}</h1>`);
    expect(guest).toContain(PARAGRAPH);
    expect(guest).toContain('<div id="root" data-guest>');
    await registerPerson(page.request);
    const member = await (await page.request.get('/')).text();
    expect(member).not.toContain(PARAGRAPH);
  });
});
