import { finishClip, signInAs } from './academy-helpers';
import { expect, test } from './fixtures';

test('a learner reviews a course once a quarter of it is done, then edits the review', async ({
  page,
  headStart,
}) => {
  // The worker's reviewer has watched the course's first clip and opened the second; if the worker started only
  // now, the two clips still take their real time here (about a minute).
  test.setTimeout(120_000);
  const { person, opened } = await headStart.reviewer;
  await signInAs(page.request, person);
  await page.goto('/listing/guitar-setup-fundamentals');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  // One lesson of seven is not a quarter.
  await expect(
    page.getByText('Complete at least 25% of the course to review it (you have completed 14%).', {
      exact: true,
    }),
  ).toBeVisible();
  const list = page.getByRole('list', { name: 'Reviews', exact: true });
  const before = await list.getByRole('listitem').count();
  expect(before).toBeGreaterThan(0);

  // The second clip watched through: two of the seven lessons.
  await finishClip(page.request, opened);
  await page.reload();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('radio', { name: '5 stars' }).click();
  await page.getByLabel('Your review').fill('The relief and action checks are exactly what I needed.');
  await page.getByRole('button', { name: 'Post review' }).click();
  const mine = list.getByRole('listitem').filter({ hasText: person.displayName });
  await expect(mine).toContainText('The relief and action checks are exactly what I needed.');
  await expect(list.getByRole('listitem').first()).toContainText(person.displayName);
  await expect(list.getByRole('listitem')).toHaveCount(before + 1);

  await page.getByRole('button', { name: 'Edit review' }).click();
  await page.getByRole('radio', { name: '4 stars' }).click();
  await page.getByLabel('Your review').fill('Good measurements; the truss rod lesson could be longer.');
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(mine).toContainText('the truss rod lesson could be longer.');
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await page.screenshot({ path: 'test-results/academy-reviews-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/academy-reviews-375.png', fullPage: true });
});
