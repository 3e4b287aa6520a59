import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';

async function signIn(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
}

test('a visitor finds a maker by her own name, opens her shop and sees her instruments', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Find luthiers by name, place or speciality' }).click();
  await expect(page).toHaveURL(/\/luthiers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luthiers' })).toBeVisible();
  await page.getByLabel('Search makers').fill('Elena');
  await expect(page).toHaveURL(/q=Elena/);
  const cards = page.getByRole('list', { name: 'Makers' }).getByRole('article');
  // The exact match first; makers whose names are only close to the word may follow it.
  await expect(cards.first()).toContainText('Elena Marquez');
  await expect(cards.first()).toContainText(/\d+ registered instruments?/);
  await expectNoAxeViolations(page, '/luthiers');
  // The card links the shop and, separately, the person's own page.
  await expect(cards.first().getByRole('link', { name: 'Elena Marquez' })).toHaveAttribute(
    'href',
    '/u/elena-marquez',
  );
  await cards.first().getByRole('link', { name: 'Marquez Guitar Workshop' }).click();
  await expect(page).toHaveURL(/\/l\/elena-marquez$/);
  const made = page.getByRole('list', { name: 'Instruments by this maker' }).getByRole('link');
  await expect(made.first()).toBeVisible();
  await expect(made.first()).toHaveAttribute('href', /^\/p\//);
  await expect(page.getByText('Published')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Elena Marquez' })).toHaveAttribute('href', '/u/elena-marquez');
  await expectNoAxeViolations(page, '/l/elena-marquez');
});

test("a signed-in enthusiast writes to the maker; it reaches the maker's inbox, and the maker answers in the app", async ({
  page,
}) => {
  await signIn(page, 'enthusiast@example.com', 'enthusiast-demo-2026');
  await page.goto('/l/elena-marquez');
  const text = `Would you build me a parlour guitar? ${Date.now()}`;
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent.' })).toContainText(
    'Open the conversation to follow the maker’s answer.',
  );

  await signIn(page, 'luthier@example.com', 'luthier-demo-2026');
  const inbox = await page.request.get('/api/notifications');
  expect(inbox.status()).toBe(200);
  const body = await inbox.text();
  expect(body).toContain(text);
  expect(body).not.toContain('enthusiast@example.com');
  await page.goto('/notifications');
  await expect(page.getByText(text)).toBeVisible();

  // The maker answers from the inbox, by keyboard: Reply opens a form whose text field takes focus.
  const message = page.getByRole('listitem').filter({ hasText: text });
  await message.getByRole('button', { name: 'Reply' }).focus();
  await page.keyboard.press('Enter');
  const field = message.getByLabel('Your reply');
  await expect(field).toBeFocused();
  const answer = `Yes, a parlour with a cedar top. ${Date.now()}`;
  await field.fill(answer);
  await expectNoAxeViolations(page, '/notifications with the reply form open');
  await message.getByRole('button', { name: 'Send' }).click();
  await expect(message.getByRole('status')).toContainText('Reply sent');

  // The writer finds the answer in their inbox, from the shop, with neither email shown.
  await signIn(page, 'enthusiast@example.com', 'enthusiast-demo-2026');
  const theirs = await page.request.get('/api/notifications');
  const theirBody = await theirs.text();
  expect(theirBody).toContain(answer);
  expect(theirBody).not.toContain('luthier@example.com');
  expect(theirBody).not.toContain('enthusiast@example.com');
  await page.goto('/notifications');
  const reply = page.getByRole('listitem').filter({ hasText: answer });
  await expect(reply).toContainText(/Reply from /);
  await expect(reply.getByRole('button', { name: 'Reply' })).toBeVisible();
});

test('registry filters and pages live in the URL; Back returns to the previous filter', async ({ page }) => {
  await page.goto('/registry');
  await expect(page.getByText(/\d+\+? instruments found/)).toBeVisible();
  // The sample registry holds more than one page (24 a page): page 2 and Back to page 1.
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeVisible();
  await page.getByLabel('Sort').selectOption('year-asc');
  await expect(page).toHaveURL(/sort=year-asc/);
  await page.getByLabel('Type').selectOption('guitar');
  await expect(page).toHaveURL(/sort=year-asc&type=guitar|type=guitar.*sort=year-asc/);
  await expect(page.getByRole('button', { name: 'Remove filter Guitar' })).toBeVisible();
  const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
  if (await next.isVisible()) {
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page).toHaveURL(/type=guitar/);
  }
  await page.goBack();
  await expect(page).toHaveURL(/sort=year-asc/);
  await expect(page).not.toHaveURL(/type=guitar/);
  await expect(page.getByLabel('Sort')).toHaveValue('year-asc');
  await expect(page.getByLabel('Type')).toHaveValue('all');
  await page.goForward();
  await expect(page.getByLabel('Type')).toHaveValue('guitar');
  await page.getByRole('button', { name: 'Remove filter Guitar' }).click();
  await expect(page).not.toHaveURL(/type=guitar/);
});

test('the static pages are linked from the footer and pass axe', async ({ page }) => {
  await page.goto('/registry');
  for (const [name, heading] of [
    ['About', 'About Luthier Registry'],
    ['Privacy', 'Privacy'],
    ['Terms', 'Terms of use'],
    ['Contact', 'Contact'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page, name);
  }
});
