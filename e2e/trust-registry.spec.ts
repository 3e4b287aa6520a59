import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeOnboarding, linkFromOutbox, registerPerson, unique } from './accounts-helpers';
import { recordService } from './registry-helpers';

// The registry's trust rules end to end: a proven email before an offer can reach it, consent to a first ownership, the
// bell, a stolen report through its dialog, and a third luthier's service record that stays private until the
// owner approves it.

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return page;
}

async function publicServiceTexts(browser: Browser, code: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/p/${code}`);
  await expect(page.getByRole('heading', { name: 'Service history' })).toBeVisible();
  const text = (await page.locator('main').textContent()) ?? '';
  await context.close();
  return text;
}

test('a first owner proves their email, accepts the maker’s offer, approves a third luthier’s service and reports a theft', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A new person, whose email is proven from the mail.
  const owner = await registerPerson(page.request);
  await completeOnboarding(page.request, `owner-${owner.tag}`);
  await page.goto(await linkFromOutbox(owner.email, 'verify-email'));
  await expect(page.getByRole('status')).toContainText(`${owner.email} is confirmed`);

  // The demo luthier registers an instrument naming them as its first owner.
  const name = `Trust Mandolin ${unique()}`;
  const maker = await signedInPage(browser, 'luthier@example.com', 'luthier-demo-2026');
  await maker.goto('/instruments/new');
  await maker.getByLabel('Name (required)').fill(name);
  await maker.getByLabel('Type', { exact: true }).selectOption('mandolin');
  await maker.getByLabel('Category (required)').selectOption('acoustic');
  await maker.getByLabel('Year made (required)').fill('2025');
  await maker.getByLabel('Email or handle').fill(owner.email);
  await maker.getByRole('button', { name: 'Register instrument' }).click();
  await expect(maker.getByRole('heading', { level: 1, name })).toBeVisible();
  const instrumentId = maker.url().split('/').pop() ?? '';
  await maker.context().close();

  // Until they answer, the maker owns it; the bell counts the offer; they accept from the dashboard.
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('dialog').getByText(`An instrument is offered to you: ${name}`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  await page.keyboard.press('Escape');
  const offer = page.getByRole('article', { name: `Transfer of ${name}` });
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(offer).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Your instruments' }).getByRole('link', { name }),
  ).toBeVisible();
  const detail = (await (await page.request.get(`/api/registry/instruments/${instrumentId}`)).json()) as {
    passportCode: string;
  };

  // A third luthier records a service: the owner is asked, and the public passport does not show it yet.
  const luthierContext = await browser.newContext();
  const luthier = await luthierContext.newPage();
  const stranger = await registerPerson(luthier.request, 'luthier');
  await completeOnboarding(luthier.request, `third-${stranger.tag}`, `Third Bench ${stranger.tag}`);
  await luthier.goto(`/instruments/${instrumentId}`);
  await recordService(luthier, 'repair', 'Reglued a loose brace');
  await expect(luthier.getByText('Waiting for approval')).toBeVisible();
  await luthierContext.close();
  expect(await publicServiceTexts(browser, detail.passportCode)).not.toContain('Reglued a loose brace');

  await page.reload();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(
    page.getByRole('dialog').getByText(`A service record for ${name} awaits your approval`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/instruments/${instrumentId}`);
  await page.getByRole('tab', { name: 'Service History' }).click();
  const records = page.getByRole('list', { name: 'Service records' });
  await expect(records.getByText('Waiting for approval')).toBeVisible();
  await records.getByRole('button', { name: 'Approve' }).click();
  await expect(records.getByText('Waiting for approval')).toHaveCount(0);
  expect(await publicServiceTexts(browser, detail.passportCode)).toContain('Reglued a loose brace');

  // Condition and value are the owner's to set, from their own dialog; the overview shows them.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Condition & value' }).click();
  const facts = page.getByRole('dialog', { name: 'Condition and value' });
  await facts.getByLabel('Condition').selectOption('excellent');
  await facts.getByLabel('Estimated value (optional, private)').fill('4200');
  // In the owner's own currency (the owner in Lyon prices in euros), shown with it.
  await facts.getByLabel('Currency').selectOption('EUR');
  await facts.getByRole('button', { name: 'Save' }).click();
  await expect(facts).toHaveCount(0);
  await expect(page.getByText('Excellent', { exact: true })).toBeVisible();
  const estimate = page
    .getByText('Estimated value (visible only to you)')
    .locator('xpath=following-sibling::dd');
  await expect(estimate).toHaveText('€4,200.00');

  // The owner reports it stolen through the dialog: date, place and a police reference.
  await page.getByRole('button', { name: 'Report stolen' }).click();
  const dialog = page.getByRole('dialog', { name: `Report “${name}” stolen` });
  await dialog.getByLabel('Date it went missing').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel('Place').fill('Lyon, France');
  await dialog.getByLabel('Police reference (optional)').fill('LY-2026-0042');
  await dialog.getByRole('button', { name: 'Confirm: report stolen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/reported stolen/i).first()).toBeVisible();
});
