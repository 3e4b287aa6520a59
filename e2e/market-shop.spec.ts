import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';
import { completeOnboarding, confirmEmail, registerPerson, unique } from './accounts-helpers';

// A shop that sells: a new luthier lists an instrument and dresses the storefront (cover, policies); a buyer finds
// it through the For sale filter and the storefront, writes about it, and the two talk in one conversation whose
// unread counts the header shows and clears.

async function newPerson(browser: Browser, role: 'user' | 'luthier', shopName?: string) {
  const page = await (await browser.newContext()).newPage();
  const person = await registerPerson(page.request, role);
  await completeOnboarding(page.request, `m-${person.tag}`, shopName);
  return { page, person, handle: `m-${person.tag}` };
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The header is sticky: a page left scrolled would be captured with it drawn over the middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/market-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a luthier lists an instrument, a buyer finds it and writes, and they talk in one conversation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const shopName = `Bench ${tag}`;
  const seller = await newPerson(browser, 'luthier', shopName);
  const name = `Market Parlour ${tag}`;
  const made = await seller.page.request.post('/api/registry/instruments', {
    data: { name, instrumentType: 'guitar', category: 'acoustic', yearMade: 2025 },
  });
  expect(made.status()).toBe(201);
  const { id, passportCode } = (await made.json()) as { id: string; passportCode: string };

  // The listing, from the instrument's working view.
  const s = seller.page;
  await s.goto(`/instruments/${id}`);
  await s.getByLabel('Show it as').selectOption('for-sale');
  await s.getByLabel('Price (empty: on request)').fill('2450');
  await s.getByLabel('Currency').selectOption('EUR');
  await s.getByRole('button', { name: 'Save listing' }).click();
  await expect(s.getByRole('heading', { name: 'Listing: For sale · €2,450.00' })).toBeVisible();

  // The storefront: published, with policies and a described cover.
  await s.goto('/settings');
  await s.getByLabel('Published (anyone can see the shop page)').check();
  await s.getByLabel('Shop policies').fill('Ships worldwide in a hard case.\nReturns within 14 days.');
  await s.getByRole('button', { name: 'Save shop' }).click();
  await expect(s.getByText('Shop saved').first()).toBeVisible();
  const cover = await sharp({ create: { width: 1600, height: 500, channels: 3, background: '#7a4a21' } })
    .jpeg()
    .toBuffer();
  await s
    .getByLabel('Choose a cover image')
    .setInputFiles({ name: 'bench.jpg', mimeType: 'image/jpeg', buffer: cover });
  await expect(s.getByRole('button', { name: 'Replace the cover' })).toBeVisible();
  await s
    .getByLabel('What the cover shows (for people who cannot see it)')
    .fill('Guitars drying by the window');
  await s.getByRole('button', { name: 'Save description' }).click();
  await expect(s.getByRole('img', { name: 'Guitars drying by the window' })).toBeVisible();

  // A buyer filters the registry to what is for sale and finds it; the card leads to the shop.
  const buyer = await newPerson(browser, 'user');
  const b = buyer.page;
  // Writing to a shop needs a confirmed address.
  await confirmEmail(b, buyer.person.email);
  await b.goto(`/registry?q=${encodeURIComponent(name)}`);
  const filter = b.getByRole('checkbox', { name: 'For sale' }).first();
  await filter.click();
  await expect(b).toHaveURL(/forSale=true/);
  await expect(filter).toBeChecked();
  const card = b.getByRole('article', { name });
  await expect(card).toContainText('For sale · €2,450.00');
  await card.getByRole('link', { name: shopName }).click();
  await expect(b).toHaveURL(new RegExp(`/l/${seller.handle}$`));
  await expect(b.getByRole('img', { name: 'Guitars drying by the window' })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Shop policies' })).toBeVisible();
  await expect(b.getByText('Returns within 14 days.', { exact: false })).toBeVisible();
  const forSale = b.getByRole('list', { name: 'For sale' });
  await expect(forSale.getByText('€2,450.00')).toBeVisible();
  await expectNoAxeViolations(b, '/l/{handle} storefront');
  await screenshots(b, 'storefront');

  // A guest on a phone follows the passport's "Write to {shop} about it": the sign-in button is in view and
  // focused, and signing in lands on the message field, in view and focused, about that instrument.
  await b.context().clearCookies();
  await b.setViewportSize({ width: 375, height: 667 });
  await b.goto(`/p/${passportCode}`);
  await b.getByRole('link', { name: `Write to ${shopName} about it` }).click();
  await expect(b).toHaveURL(new RegExp(`/l/${seller.handle}\\?about=${id}$`));
  const signIn = b.getByRole('button', { name: 'Sign in to contact the maker' });
  await expect(signIn).toBeFocused();
  await expect(signIn).toBeInViewport();
  await signIn.click();
  const dialog = b.getByRole('dialog');
  await dialog.getByLabel('Email').fill(buyer.person.email);
  await dialog.getByLabel('Password').fill(buyer.person.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(b).toHaveURL(new RegExp(`/l/${seller.handle}\\?about=${id}$`));
  const field = b.getByLabel('Your message');
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(b.getByText(name, { exact: true }).and(b.locator('strong'))).toBeVisible();
  await b.setViewportSize({ width: 1280, height: 900 });

  // Writing about the instrument opens a conversation.
  await forSale.getByRole('button', { name: `Ask about ${name}` }).click();
  const question = `Is the parlour still available? ${tag}`;
  await b.getByLabel('Your message').fill(question);
  await b.getByRole('button', { name: 'Send message' }).click();
  await b.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(b.getByRole('list', { name: 'Messages' })).toContainText(question);

  // The luthier's header counts exactly one unread message; opening the conversation clears it.
  await s.goto('/messages');
  await expect(s.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await expect(s.getByRole('link', { name: /1 unread message$/ })).toBeVisible();
  await expectNoAxeViolations(s, '/messages');
  await screenshots(s, 'messages');
  await s.getByRole('link', { name: new RegExp(`${name}`) }).click();
  await expect(s.getByRole('list', { name: 'Messages' })).toContainText(question);
  await expect(s.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expectNoAxeViolations(s, '/messages/{id}');
  await screenshots(s, 'conversation');
  const answer = `Yes, it is. It ships in its case. ${tag}`;
  await s.getByLabel(new RegExp('^Write to ')).fill(answer);
  await s.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(s.getByRole('list', { name: 'Messages' })).toContainText(answer);

  // The buyer sees one unread answer, then none once read; no address appears anywhere.
  await b.goto('/messages');
  await expect(b.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await b.getByRole('link', { name: new RegExp(shopName) }).click();
  await expect(b.getByRole('list', { name: 'Messages' })).toContainText(answer);
  await expect(b.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(b.locator('body')).not.toContainText(seller.person.email);
  await s.context().close();
  await b.context().close();
});

test('the makers’ front door passes axe', async ({ page }) => {
  await page.goto('/for-luthiers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/for-luthiers');
  await screenshots(page, 'for-luthiers');
});
