import sharp from 'sharp';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';
import {
  completeOnboarding,
  confirmEmail,
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

// Make an offer → counter → accept the counter → the transfer at that price → accepted: the storefront shows the
// instrument sold, the listing is closed and another buyer's open offer is declined. Each step's amount is checked
// as the person sees it.
test('an offer on a listing, countered and accepted, becomes the sale', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const tag = unique();
  const handle = `po-${tag}`;
  const sellerPage = await (await browser.newContext()).newPage();
  await registerPerson(sellerPage.request, 'luthier');
  await completeOnboarding(sellerPage.request, handle, `Offer Shop ${tag}`);
  expect((await sellerPage.request.patch('/api/account/shop', { data: { published: true } })).status()).toBe(
    200,
  );
  const name = `Offer Mandolin ${tag}`;
  const made = await sellerPage.request.post('/api/registry/instruments', {
    data: { name, instrumentType: 'mandolin', category: 'acoustic', yearMade: 2023 },
  });
  expect(made.status()).toBe(201);
  const { id, passportCode } = (await made.json()) as { id: string; passportCode: string };
  const listed = await sellerPage.request.put(`/api/registry/instruments/${id}/listing`, {
    data: { status: 'for-sale', price: '5000', currency: 'EUR' },
  });
  expect(listed.status()).toBe(200);

  // Another buyer's offer, open when the sale happens.
  const rivalPage = await (await browser.newContext()).newPage();
  const rival = await registerPerson(rivalPage.request);
  await completeOnboarding(rivalPage.request, `pr-${tag}`);
  await confirmEmail(rivalPage, rival.email);
  const rivalOffer = await rivalPage.request.post(`/api/registry/instruments/${id}/purchase-offers`, {
    data: { price: 4200 },
  });
  expect(rivalOffer.status()).toBe(201);

  // The buyer makes an offer from the storefront's card.
  const buyer = await registerPerson(page.request);
  await completeOnboarding(page.request, `pb-${tag}`);
  await confirmEmail(page, buyer.email);
  await page.goto(`/l/${handle}`);
  const card = page.getByRole('list', { name: 'For sale' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('€5,000.00');
  await card.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an offer' });
  await expect(dialog).toContainText(`For ${name}, listed at €5,000.00.`);
  await expect(dialog).toContainText('The offer stays open for 7 days');
  await expect(dialog.getByLabel('Currency')).toHaveValue('EUR');
  await dialog.getByLabel('Your offer').fill('4500');
  await expect(dialog).toContainText('You offer €4,500.00.');
  await expectNoAxeViolations(page, 'make an offer dialog');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/market-offer-dialog-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Offer €4,500.00' }).click();
  await expect(dialog).toContainText('Your offer of €4,500.00 is sent.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The seller counters from their offers page.
  const s = sellerPage;
  await s.goto('/offers?role=seller');
  const asSeller = s.getByRole('listitem', { name }).filter({ hasText: buyer.displayName });
  await expect(asSeller).toContainText('€4,500.00');
  await expect(asSeller).toContainText('Waiting for your answer');
  await expect(asSeller).toContainText('listed at €5,000.00');
  await asSeller.getByRole('button', { name: 'Counter' }).click();
  const counter = s.getByRole('dialog', { name: 'Answer with another price' });
  await counter.getByLabel('Your price (EUR)').fill('4800');
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(s.getByRole('status').filter({ hasText: 'counter-offer' })).toContainText(
    `Your counter-offer of €4,800.00 is sent to ${buyer.displayName}.`,
  );
  await expect(asSeller).toContainText('Counter-offer: waiting for the buyer');

  // The buyer accepts the counter: the transfer is made with €4,800.
  await page.goto('/offers');
  const asBuyer = page.getByRole('listitem', { name });
  await expect(asBuyer).toContainText('€4,800.00');
  await expect(asBuyer).toContainText('Counter-offer: waiting for your answer');
  await expectNoAxeViolations(page, '/offers as buyer');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/market-offers-page-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await asBuyer.getByRole('button', { name: 'Accept counter-offer' }).click();
  await page
    .getByRole('dialog', { name: 'Accept €4,800.00?' })
    .getByRole('button', { name: 'Accept €4,800.00' })
    .click();
  await expect(asBuyer).toContainText('Accepted: transfer offered');
  await expect(asBuyer).toContainText('Accept the ownership transfer at €4,800.00 to complete the purchase');
  const offers = (await (await page.request.get('/api/purchase-offers?role=buyer')).json()) as {
    offers: { transferId: string | null; conversationId: string | null; instrument: { id: string } }[];
  };
  const mine = offers.offers.find((o) => o.instrument.id === id);
  expect(mine?.transferId).toBeTruthy();
  const transfer = (await (await page.request.get(`/api/registry/transfers/${mine?.transferId}`)).json()) as {
    price: number | string | null;
    currency: string | null;
  };
  expect(String(transfer.price)).toMatch(/^4800(\.0+)?$/);
  expect(transfer.currency).toBe('EUR');

  // The buyer accepts the transfer.
  await asBuyer.getByRole('link', { name: 'Review and accept the transfer' }).click();
  const t = page.getByRole('article', { name: `Transfer of ${name}` });
  await t.getByRole('button', { name: 'Accept' }).click();
  await expect(t.getByText('Accepted')).toBeVisible();

  // Each step is a line of the conversation about the instrument.
  await page.goto(`/messages/${mine?.conversationId}`);
  for (const line of [
    `Offer: €4,500.00 for "${name}"`,
    `Counter-offer: €4,800.00 for "${name}"`,
    'Accepted the counter-offer of €4,800.00',
    `"${name}" is sold to ${buyer.displayName} for €4,800.00`,
  ])
    await expect(page.getByText(line).first()).toBeVisible();

  // The storefront: sold (no price shown), no longer for sale; the other offer is declined.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/l/${handle}`);
  const sold = guest.getByRole('list', { name: 'Sold through the registry' });
  await expect(sold.getByRole('link', { name })).toHaveAttribute('href', `/p/${passportCode}`);
  await expect(sold).not.toContainText('€');
  await expect(guest.getByText('€5,000.00')).toHaveCount(0);
  await expectNoAxeViolations(guest, '/l/{handle} with a sold instrument');
  for (const width of [1280, 375]) {
    await guest.setViewportSize({ width, height: 900 });
    await guest.screenshot({ path: `test-results/market-offer-sold-${width}.png`, fullPage: true });
  }
  const theirs = (await rivalOffer.json()) as { id: string };
  const rivalNow = (await (await rivalPage.request.get(`/api/purchase-offers/${theirs.id}`)).json()) as {
    status: string;
  };
  expect(rivalNow.status).toBe('declined');
  await Promise.all([sellerPage, rivalPage, guest].map((p) => p.context().close()));
});
