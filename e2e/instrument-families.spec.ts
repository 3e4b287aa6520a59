import { expectAccessibleAtWidths, expectLoaded } from './a11y-helpers';
import { expect, test } from './fixtures';

// A maker of the violin family registers a cello: the category choices follow the type, the drawing of the type
// shows in the form and stands in for the photos on the public passport, which names it "Baroque cello".
test('a luthier registers a baroque cello and its passport names and draws it', async ({ page }, info) => {
  test.setTimeout(120_000);
  const shot = async (name: string) =>
    page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
  const res = await page.request.post('/api/auth/login', {
    data: { email: 'luthier@example.com', password: 'luthier-demo-2026' },
  });
  expect(res.status()).toBe(200);

  await page.goto('/instruments/new');
  const type = page.getByLabel('Type', { exact: true });
  const category = page.getByLabel('Category (required)');
  await expect(type).toHaveValue('guitar');
  await type.selectOption('cello');
  await expect(category).toHaveValue('');
  await expect(category.locator('option')).toHaveText([
    'Choose a category',
    'Classical',
    'Baroque',
    'Electric',
  ]);
  // No category is chosen for the maker: registering without one says which fit, and sends nothing.
  await page.getByRole('button', { name: 'Register instrument' }).click();
  await expect(category).toHaveAccessibleDescription(
    'Choose a category of cello: classical, baroque or electric.',
  );
  await expect(page).toHaveURL(/\/instruments\/new$/);
  await category.selectOption('baroque');
  await expect(page.locator('form svg[data-instrument-drawing="cello"]')).toBeVisible();
  await expect(page.getByText('Baroque cello')).toBeVisible();
  const name = `Baroque Cello ${Date.now().toString(36)}`;
  await page.getByLabel('Name (required)').fill(name);
  await page.getByLabel('Year made (required)').fill('2024');
  await expectAccessibleAtWidths(page, 'the register form with a cello');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(`form-cello-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Register instrument' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Baroque cello · 2024/)).toBeVisible();

  const id = page.url().split('/').pop() ?? '';
  const { passportCode } = (await (await page.request.get(`/api/registry/instruments/${id}`)).json()) as {
    passportCode: string;
  };
  // The registry's type filter finds it among the cellos.
  await page.goto('/registry?type=cello&category=baroque');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(page.getByLabel('Category', { exact: true }).first().locator('option')).toHaveText([
    'All categories',
    'Classical',
    'Baroque',
    'Electric',
  ]);

  await page.context().clearCookies();
  await page.goto(`/p/${passportCode}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectLoaded(page);
  await expect(page.getByText('Baroque cello', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Drawing of a cello' })).toBeVisible();
  await expectAccessibleAtWidths(page, 'the public passport of a cello');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(`passport-cello-${width}`);
  }
});
