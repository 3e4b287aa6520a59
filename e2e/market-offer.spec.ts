import sharp from 'sharp';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';
import {
  completeOnboarding,
  linkFromOutbox,
  registerPerson,
  unique,
  urlFromOutbox,
} from './accounts-helpers';

// A buyer who can claim: the seller offers a listed instrument to someone with no account; the buyer follows the
// mail to the offer, sees what it is before anything else, signs up from it and comes back to it (not to
// onboarding), confirms the address, accepts, and the sold instrument leaves the listing.

test('an offer to a new buyer, from the mail to sign-up to accept', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const sellerPage = await (await browser.newContext()).newPage();
  const seller = await registerPerson(sellerPage.request, 'luthier');
  await completeOnboarding(sellerPage.request, `o-${tag}`, `Offer Bench ${tag}`);
  const name = `Offered Violin ${tag}`;
  const made = await sellerPage.request.post('/api/registry/instruments', {
    data: { name, instrumentType: 'violin', category: 'classical', yearMade: 2024 },
  });
  expect(made.status()).toBe(201);
  const { id, passportCode } = (await made.json()) as { id: string; passportCode: string };
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#9c5b2e' } })
    .jpeg()
    .toBuffer();
  const uploaded = await sellerPage.request.post(`/api/registry/instruments/${id}/images`, {
    multipart: { file: { name: 'viola.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const listed = await sellerPage.request.put(`/api/registry/instruments/${id}/listing`, {
    data: { status: 'for-sale', price: '6200', currency: 'GBP' },
  });
  expect(listed.status()).toBe(200);
  const buyerEmail = `e2e-buyer-${tag}@example.test`;
  const offered = await sellerPage.request.post(`/api/registry/instruments/${id}/transfers`, {
    data: { recipient: buyerEmail, method: 'purchase' },
  });
  expect(offered.status()).toBe(201);

  // The mail's link shows a guest the passport preview and how to answer.
  const offerLink = await urlFromOutbox(buyerEmail, /https?:\/\/\S+\/transfers\/[\w-]+/);
  const offerPath = new URL(offerLink).pathname;
  await page.goto(offerPath);
  const offer = page.getByRole('article', { name: `Offer of ${name}` });
  await expect(offer.getByRole('heading', { name })).toBeVisible();
  await expect(offer.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
  await expect(offer).toContainText(`Journey ${seller.tag} offers you its ownership, as a sale.`);
  await expect(offer.getByText(passportCode)).toBeVisible();
  await expect(offer.getByRole('link', { name: 'read its public passport' })).toHaveAttribute(
    'href',
    `/p/${passportCode}`,
  );
  await expectNoAxeViolations(page, '/transfers/{id} as a guest');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The header is sticky: a page left scrolled would be captured with it drawn over the middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/market-offer-guest-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sign-up from the offer returns to it, where what is missing is said: the address's confirmation.
  await page.getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Display name').fill(`Buyer ${tag}`);
  await dialog.getByLabel('Email').fill(buyerEmail);
  await dialog.getByLabel('Password').fill('a buyer passphrase 1');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Confirm your email to answer this offer.')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(offerPath);
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(page, '/transfers/{id} before the address is confirmed');

  // The confirmation leads back to the offer, which the buyer accepts.
  const verify = new URL(await linkFromOutbox(buyerEmail, 'verify-email'));
  await page.goto(`${verify.pathname}${verify.search}`);
  await page.getByRole('link', { name: `Answer the offer of ${name}` }).click();
  const transfer = page.getByRole('article', { name: `Transfer of ${name}` });
  await transfer.getByRole('button', { name: 'Accept' }).click();
  await expect(transfer.getByText('Accepted')).toBeVisible();

  // Sold: the instrument left the listing, and the offer kept what the listing asked.
  const forSale = (await (
    await page.request.get(`/api/registry/instruments?forSale=true&search=${encodeURIComponent(name)}`)
  ).json()) as { name: string }[];
  expect(forSale.filter((i) => i.name === name)).toEqual([]);
  const answered = (await (
    await page.request.get(`/api${offerPath.replace('/transfers', '/registry/transfers')}`)
  ).json()) as {
    listing: { price: string | null } | null;
  };
  expect(answered.listing).toMatchObject({ price: '6200.00', currency: 'GBP' });
  await sellerPage.context().close();
});
