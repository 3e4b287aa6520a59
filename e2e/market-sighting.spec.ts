import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';
import { completeOnboarding, registerPerson, unique } from './accounts-helpers';

// A stolen check that helps: a stranger types the passport code loosely, is told the instrument is stolen with its
// name and passport, and passes on what they saw; the owner finds it in their notifications, without the stranger
// ever learning who the owner is.

test('a stolen-check sighting reaches the owner’s notifications', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = unique();
  const ownerPage = await (await browser.newContext()).newPage();
  const owner = await registerPerson(ownerPage.request, 'luthier');
  await completeOnboarding(ownerPage.request, `s-${tag}`, `Sighting Bench ${tag}`);
  const name = `Sighted Mandolin ${tag}`;
  const made = await ownerPage.request.post('/api/registry/instruments', {
    data: { name, instrumentType: 'mandolin', category: 'acoustic', yearMade: 2023 },
  });
  expect(made.status()).toBe(201);
  const { id, passportCode } = (await made.json()) as { id: string; passportCode: string };
  const reported = await ownerPage.request.post(`/api/registry/instruments/${id}/report-stolen`, {
    data: { date: '2026-11-01', place: 'Lyon, France' },
  });
  expect(reported.status()).toBe(200);
  expect((await ownerPage.request.post('/api/notifications/read-all')).status()).toBe(200);

  // Typed in lower case and without dashes, the code still finds it.
  await page.goto('/check');
  await page.getByLabel('Passport code or serial number').fill(passportCode.replace(/-/g, '').toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`${name} (2023) was reported stolen on`);
  await expect(alert.getByRole('link', { name: `Open passport ${passportCode}` })).toBeVisible();
  await expectNoAxeViolations(page, '/check with a stolen result');
  const seen = `Seen in a pawn shop window on the quay. ${tag}`;
  await alert.getByRole('button', { name: 'I have information' }).click();
  await alert.getByLabel('What did you see, and where?').fill(seen);
  await alert.getByRole('button', { name: 'Send to the owner' }).click();
  await expect(page.getByRole('status')).toContainText('Your message was passed on to the owner');
  await expect(page.locator('body')).not.toContainText(owner.displayName);

  // The owner: exactly the check and the sighting are new, and the sighting says what was seen.
  await ownerPage.goto('/notifications');
  await expect(ownerPage.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  const item = ownerPage.getByRole('listitem').filter({ hasText: `Information about your stolen ${name}` });
  await expect(item).toContainText(seen);
  await expect(item).toContainText('They left no way to reach them.');
  await expect(
    ownerPage.getByRole('listitem').filter({ hasText: `Someone checked your stolen ${name}` }),
  ).toBeVisible();
  await ownerPage.context().close();
});
