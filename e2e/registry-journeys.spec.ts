import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { recordService } from './registry-helpers';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
}

const photo = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

test('a guest filters the registry to violins', async ({ page }) => {
  await page.goto('/registry');
  await expect(page.getByRole('heading', { name: 'Instrument Registry' })).toBeVisible();
  await expect(page.getByText(/\d+\+? instruments found/)).toBeVisible();
  await page.getByLabel('Type').selectOption('violin');
  await expect(page).toHaveURL(/type=violin/);
  const cards = page.getByRole('list', { name: 'Instruments' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText('Failed to fetch instruments')).toHaveCount(0);
  // The previous list stays on screen while the filtered one loads: wait for the violins to replace it.
  await expect
    .poll(async () => {
      const texts = await cards.allInnerTexts();
      return texts.length > 2 && texts.every((text) => text.includes('· Violin ·'));
    })
    .toBe(true);
  await expectNoAxeViolations(page);
  // A guest's card opens the public passport.
  // The card's own link is its name (the maker's shop is a second link on the card).
  const first = cards.first();
  await first
    .getByRole('link', { name: (await first.getAttribute('aria-label')) ?? '', exact: true })
    .click();
  await expect(page).toHaveURL(/\/p\/LR-/);
  await expect(page.getByRole('heading', { name: 'Provenance' })).toBeVisible();
  await page.goBack();
  await page.getByLabel('Search').fill('zzzz-no-such-instrument');
  await expect(page.getByRole('heading', { name: 'No instruments found' })).toBeVisible();
});

test('register, photograph, service, transfer, accept, verify', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Journey Violin ${Date.now().toString(36)}`;

  // The demo luthier registers an instrument from the dashboard.
  await signIn(page, 'luthier@example.com', 'luthier-demo-2026');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Register instrument' }).click();
  await expect(page.getByRole('heading', { name: 'Register instrument' })).toBeVisible();
  await page.getByLabel('Name (required)').fill(name);
  await page.getByLabel('Type', { exact: true }).selectOption('violin');
  await page.getByLabel('Category (required)').selectOption('classical');
  await page.getByLabel('Body wood').fill('Flamed maple');
  await page.getByLabel('Scale length (mm)').fill('328');
  await page.getByLabel('Year made (required)').fill('2025');
  // The maker's estimate, in yen: the passport keeps the currency and reads it back without decimals.
  await page.getByLabel('Estimated value (optional, private)').fill('350000');
  await page.getByLabel('Currency').selectOption('JPY');
  await page.getByRole('button', { name: 'Register instrument' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const passportUrl = page.url();
  await expect(
    page.getByText('Estimated value (visible only to you)').locator('xpath=following-sibling::dd'),
  ).toHaveText('¥350,000');

  // Two photos chosen at once, each with a caption, uploaded one after the other.
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await page.getByLabel(/^Photos \(/).setInputFiles([
    { name: 'Front.jpg', mimeType: 'image/jpeg', buffer: await photo('#8b4513') },
    { name: 'Scroll.jpg', mimeType: 'image/jpeg', buffer: await photo('#d2a064') },
  ]);
  await expect(page.getByAltText('Preview of Scroll.jpg')).toBeVisible();
  await page.getByLabel('Caption for Front.jpg').fill('Front');
  await page.getByLabel('Caption for Scroll.jpg').fill('Scroll');
  await page.getByRole('button', { name: 'Upload 2 photos' }).click();
  const gallery = page.getByRole('list', { name: 'Photos' });
  await expect(gallery.getByText('Scroll', { exact: true })).toBeVisible();
  await expect(gallery.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Photos to upload' })).toHaveCount(0);
  // The lightbox: open the first, step to the second with the keyboard, close with Escape.
  await gallery.getByRole('button', { name: 'Open photo 1: Front' }).click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('dialog', { name: 'Photo 2 of 2' }).getByRole('img', { name: 'Scroll' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A service record, its cost in euros.
  await page.getByRole('tab', { name: 'Service History' }).click();
  const serviceForm = page.getByRole('form', { name: 'Register service' });
  await serviceForm.getByLabel('Cost (optional, private)').fill('1200');
  await serviceForm.getByLabel('Currency').selectOption('EUR');
  await recordService(page, 'setup', 'First setup after varnish cure');
  await expect(page.getByRole('list', { name: 'Service records' })).toContainText('€1,200.00');

  // The owner (the maker) offers it to the demo enthusiast.
  await page.getByRole('button', { name: 'Transfer' }).click();
  await page.getByLabel('Recipient email or handle').fill('enthusiast@example.com');
  await page.getByLabel('Acquisition method').selectOption('purchase');
  await page.getByLabel(/^Price/).fill('8200');
  // The service form behind the dialog has a currency menu of its own.
  await page.getByRole('dialog', { name: 'Transfer ownership' }).getByLabel('Currency').selectOption('EUR');
  await page.getByRole('button', { name: 'Send offer' }).click();
  // While the offer waits, the page says so in place of Transfer, with a way to cancel it.
  await expect(page.getByRole('link', { name: 'Offer pending' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the pending offer' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The enthusiast accepts from the dashboard and then owns it.
  await signIn(page, 'enthusiast@example.com', 'enthusiast-demo-2026');
  await page.goto('/dashboard');
  const offer = page.getByRole('article', { name: `Transfer of ${name}` });
  // The private price, in the currency the seller chose.
  await expect(offer).toContainText('Purchase · €8,200');
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(offer).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Your instruments' }).getByRole('link', { name }),
  ).toBeVisible();

  // Provenance shows both owners, in order.
  await page.goto(passportUrl);
  await page.getByRole('tab', { name: 'Provenance' }).click();
  const owners = page.getByRole('list', { name: 'Owners in order' }).getByRole('listitem');
  await expect(owners).toHaveCount(2);
  await expect(owners.nth(0)).toContainText('Elena Marquez');
  await expect(owners.nth(1)).toContainText('Sam Carter');
  await expect(owners.nth(1)).toContainText('Purchase');
  await expect(page.getByText('Ownership transferred')).toBeVisible();
  await expectNoAxeViolations(page);

  // The owner names the maker's shop as the servicer: the passport calls it the owner's report until that shop
  // confirms it from its inbox.
  await page.getByRole('tab', { name: 'Service History' }).click();
  await page.getByLabel('Service type').selectOption('repair');
  await page.getByLabel('Description').fill('Open seam reglued');
  await page.getByLabel(/^Servicing shop.s handle/).fill('@elena-marquez');
  await page.getByRole('button', { name: 'Save service record' }).click();
  await expect(page.getByText('Waiting for Marquez Guitar Workshop to confirm')).toBeVisible();
  const instrumentId = passportUrl.split('/instruments/')[1] ?? '';
  const { passportCode } = (await (
    await page.request.get(`/api/registry/instruments/${instrumentId}`)
  ).json()) as { passportCode: string };

  // The maker, no longer the owner, is told to ask the owner about photos, and confirms the service.
  await signIn(page, 'luthier@example.com', 'luthier-demo-2026');
  await page.goto(passportUrl);
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(
    page.getByText('Ask the owner: after a transfer only the owner changes the photos.'),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const claim = page
    .getByRole('dialog')
    .getByRole('listitem')
    .filter({ hasText: `Did Marquez Guitar Workshop service ${name}?` });
  await claim.getByRole('button', { name: 'Confirm' }).click();
  await expect(claim.getByText(/^You confirmed this service/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/p/${passportCode}`);
  await expect(page.getByText('by Marquez Guitar Workshop, confirmed')).toBeVisible();

  // An admin verifies it; the registry card shows the Verified badge.
  await signIn(page, 'admin@example.com', 'admin-demo-2026');
  await page.goto('/admin');
  // Verifying asks what was checked; the badge shows that note.
  await page.getByLabel('What did you check?').fill('Maker label, bracing and serial seen in person.');
  await page.getByRole('button', { name: `Verify ${name}` }).click();
  await expect(page.getByRole('button', { name: `Verify ${name}` })).toHaveCount(0);
  await page.context().clearCookies();
  await page.goto(`/registry?search=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Verified')).toBeVisible();
});
