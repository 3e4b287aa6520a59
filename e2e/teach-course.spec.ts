import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { completeOnboarding, registerPerson, unique } from './accounts-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test } from './fixtures';

const LUTHIER = { email: 'luthier@example.com', password: 'luthier-demo-2026', name: 'Elena Marquez' };

/** A screenshot at both widths, axe at each, and nothing scrolls sideways on the phone. */
async function checkWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/teach-${name}-${width}.png`, fullPage: true });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a luthier writes and publishes a course; a learner takes it to the certificate', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Voicing a top by ear ${unique()}`;
  expect((await page.request.post('/api/auth/login', { data: LUTHIER })).status()).toBe(200);

  // Teach, from the dashboard: the courses I write and a new one.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Teach' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teach' })).toBeVisible();
  await page.getByRole('button', { name: 'New course' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Short description').fill('Tap, listen and thin a spruce top until it rings.');
  await page.getByLabel('Level').selectOption('intermediate');
  await page.getByLabel('Category').selectOption('acoustic');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/teach\/courses\/[^/]+$/);
  const courseUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Publishing' }).getByText('Draft')).toBeVisible();

  // A section and a reading lesson in it.
  await page.getByLabel('New section title').fill('Listening');
  await page.getByRole('button', { name: 'Add section' }).click();
  const sections = page.getByRole('list', { name: 'Sections' });
  await expect(sections.getByRole('heading', { name: 'Listening' })).toBeVisible();
  await page.getByLabel('New lesson title').fill('Tap tones');
  await page.getByLabel('Kind').selectOption('reading');
  await page.getByRole('button', { name: 'Add lesson' }).click();
  const lessons = page.getByRole('list', { name: 'Lessons of Listening' });
  await expect(lessons.getByRole('link', { name: 'Tap tones' })).toBeVisible();
  await expect(lessons.getByText('No text yet')).toBeVisible();

  // Publishing now is refused, with the server's list of what is missing.
  await page.getByRole('button', { name: 'Publish' }).click();
  const missing = page.getByRole('alert').filter({ hasText: 'The course cannot be published yet' });
  await expect(missing).toBeVisible();
  await expect(missing.getByRole('listitem')).not.toHaveCount(0);
  await expect(missing.getByRole('link', { name: 'Tap tones' })).toBeVisible();

  // The reading: blocks beside a preview drawn as learners see it.
  await lessons.getByRole('link', { name: 'Tap tones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tap tones' })).toBeVisible();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.getByLabel('Heading text').fill('What to listen for');
  await page.getByRole('button', { name: 'Paragraph', exact: true }).click();
  await page
    .getByLabel('Paragraph', { exact: true })
    .fill('Hold the top at a node and tap near the bridge patch: <b>a clear ring</b> means it is ready.');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await page.getByLabel('Items').fill('Tap\nListen\nThin');
  await page.getByLabel('Numbered (steps in order)').check();
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await page.getByLabel('Table caption').fill('Target thickness');
  await page.getByLabel('Rows').fill('Wood | Edge | Centre\nSpruce | 2.4 mm | 2.8 mm');
  await page.getByRole('button', { name: 'Measurement', exact: true }).click();
  await page.getByLabel('What is measured').fill('Top thickness at the centre');
  await page.getByLabel('Value').fill('2.8');
  await page.getByLabel('± (optional)').fill('0.1');
  const preview = page.getByRole('region', { name: 'Preview' }).getByRole('article', { name: 'Notes' });
  await expect(preview.getByRole('heading', { name: 'What to listen for' })).toBeVisible();
  // The author's text is text: the tag shows as typed, nothing is bold.
  await expect(preview.getByText('<b>a clear ring</b> means it is ready.', { exact: false })).toBeVisible();
  await expect(preview.locator('b')).toHaveCount(0);
  await expect(preview.getByRole('listitem')).toHaveText(['Tap', 'Listen', 'Thin']);
  await expect(preview.getByRole('table', { name: 'Target thickness' })).toBeVisible();
  await expect(preview.getByRole('rowheader', { name: 'Spruce' })).toBeVisible();
  await expect(preview.getByText('2.8 mm ± 0.1 mm')).toBeVisible();
  await page.getByRole('button', { name: 'Save text' }).click();
  await expect(page.getByText('Text saved').first()).toBeVisible();
  await expect(page.getByText(/^Reading time: about 1 min/)).toBeVisible();
  await checkWidths(page, 'reading-editor');

  // The cover, then Publish.
  await page.goto(courseUrl);
  const cover = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#a0672b' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(/^Upload a cover/)
    .setInputFiles({ name: 'top.jpg', mimeType: 'image/jpeg', buffer: cover });
  await expect(page.getByRole('img', { name: "The course's cover" })).toBeVisible();
  await checkWidths(page, 'course-editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByRole('region', { name: 'Publishing' }).getByText('Published', { exact: true }),
  ).toBeVisible();

  // The preview is the learners' page: title, the numbers, the lesson's notes.
  await page.getByRole('link', { name: 'Preview as a learner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('1 lesson', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Notes' }).getByText('2.8 mm ± 0.1 mm')).toBeVisible();
  await checkWidths(page, 'preview');

  await page.goto('/teach');
  const mine = page
    .getByRole('list', { name: 'Your courses' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(mine.getByText('Published')).toBeVisible();
  await expect(mine.getByText('1 section · 1 lesson · 0 learners', { exact: false })).toBeVisible();
  await checkWidths(page, 'list');

  // A learner finds it in Explore, enrols, reads the lesson and gets the certificate.
  const context = await browser.newContext();
  const learner = await context.newPage();
  const person = await registerPerson(learner.request);
  await completeOnboarding(learner.request, `teach-${unique()}`);
  await learner.goto(`/explore?q=${encodeURIComponent(title)}`);
  await learner.getByRole('link', { name: title }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(learner.getByRole('link', { name: LUTHIER.name }).first()).toBeVisible();
  await expect(learner.getByText('1 lesson', { exact: true }).first()).toBeVisible();
  await learner.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(learner).toHaveURL(/\/courses\//);
  await expect(learner.getByText('0/1 lessons completed')).toBeVisible();
  await expect(learner.getByText('0%', { exact: true }).first()).toBeVisible();

  await learner.getByRole('button', { name: 'Start Tap tones' }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: 'Tap tones' })).toBeVisible();
  await expect(learner.getByRole('article', { name: 'Notes' }).getByText('2.8 mm ± 0.1 mm')).toBeVisible();
  await learner.getByRole('button', { name: 'Start timer' }).click();
  // Half of a one-minute reading, in real time.
  const complete = learner.getByRole('button', { name: 'Mark as Complete' });
  await expect(complete).toBeEnabled({ timeout: 60_000 });
  await complete.click();
  const done = learner.getByRole('status').filter({ hasText: 'Course completed.' });
  await expect(done).toBeVisible();
  await expect(learner.getByText('Progress: 100%')).toBeVisible();
  await done.getByRole('link', { name: 'View your certificate' }).click();
  await expect(learner.getByText('Signature verified in your browser.')).toBeVisible();
  await expect(
    learner.getByText(
      new RegExp(`${person.displayName} completed “${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`),
    ),
  ).toBeVisible();
  await expect(
    learner.getByText(`The course was written by ${LUTHIER.name}.`, { exact: false }),
  ).toBeVisible();
  await context.close();
});
