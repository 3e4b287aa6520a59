import { expect, test } from './fixtures';

test.describe('academy explore', () => {
  test('a guest filters Explore to nothing and back with Clear All, then opens a listing', async ({
    page,
  }) => {
    await page.goto('/explore');
    const count = page.getByText(/^\d+ courses found$/);
    await expect(count).toBeVisible();
    const all = Number((await count.textContent())?.split(' ')[0]);
    expect(all).toBeGreaterThanOrEqual(8);

    await page.getByLabel('Level').selectOption('advanced');
    await page.getByLabel('Category').selectOption('acoustic');
    await expect(page.getByRole('heading', { name: 'No courses found' })).toBeVisible();
    await expect(page.getByText('0 courses found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter Advanced' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByText(`${all} courses found`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear All' })).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search' }).fill('french polish');
    await expect(page.getByText('1 course found')).toBeVisible();
    await expect(page).toHaveURL(/q=french\+polish/);
    await page.getByLabel('Sort by').selectOption('price-low');
    await page.getByRole('link', { name: 'French Polishing and Finishing' }).click();
    await expect(page).toHaveURL(/\/listing\/french-polishing-and-finishing$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'French Polishing and Finishing' }),
    ).toBeVisible();
    await expect(page.getByText('25% off - Limited time')).toBeVisible();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    // Reviews are real: the sample learners' reviews, and for a guest no form.
    await expect(
      page.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Post review' })).toHaveCount(0);
  });

  test('the search box is filled from ?q=', async ({ page }) => {
    await page.goto('/explore?q=setup');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('setup');
    await expect(page.getByRole('link', { name: 'Guitar Setup Fundamentals' })).toBeVisible();
  });
});
