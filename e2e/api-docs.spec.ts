import { expectAccessibleAtWidths } from './a11y-helpers';
import { expect, test } from './fixtures';

// The API reference is a page of the app like any other: served under the site's CSP, with its style sheet from
// the app, readable by keyboard and screen reader.
test('the API reference renders with no CSP violation and no axe finding', async ({ page }, testInfo) => {
  // Every operation of the API on one page: axe needs longer than on the app's pages.
  test.setTimeout(300_000);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { cspViolations?: string[] };
      (w.cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const css: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/docs.css') css.push(response.status());
  });

  const res = await page.goto('/api/docs', { waitUntil: 'load' });
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: /Luthier Registry API/ })).toBeVisible();
  expect(css).toEqual([200]);
  // The style sheet applied: an operation's box has its border.
  const border = await page
    .locator('.operation')
    .first()
    .evaluate((el) => getComputedStyle(el).borderTopWidth);
  expect(border).toBe('1px');

  // The contents list leads to each operation.
  const nav = page.getByRole('navigation', { name: 'Contents' });
  await nav.getByRole('link', { name: 'GET /api/registry/instruments/{id}', exact: true }).click();
  await expect(page).toHaveURL(/#op-getRegistryInstrumentsById$/);
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: 'GET /api/registry/instruments/{id}',
      exact: true,
    }),
  ).toBeInViewport();

  // A schema opens in place.
  const operation = page.locator('section.operation', { has: page.locator('#op-postAuthRegister') });
  await operation.getByText('application/json schema').first().click();
  await expect(operation.locator('pre').first()).toContainText('"displayName"');

  expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
  // Every operation on one long page, the same markup repeated: axe at the desktop width, reflow at both.
  await expectAccessibleAtWidths(page, '/api/docs', { axeWidths: [1280] });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/docs#tag-registry');
    await page.screenshot({ path: testInfo.outputPath(`api-docs-${width}.png`) });
  }
});
