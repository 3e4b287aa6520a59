import type { Page, Request } from '@playwright/test';
import { completeOnboarding, registerPerson, unique } from './accounts-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import { finishClip, signInAs } from './academy-helpers';
import { expect, test } from './fixtures';

type SaveBody = { videoProgressSeconds: number; eventData?: { totalTime?: number; ranges?: number[][] } };
type Progress = {
  timeSpent: number;
  lastPosition: number;
  progressPercent: number;
  watchedRanges: number[][];
};

/** Every progress save the page sends, with the moment it left. */
function recordSaves(page: Page) {
  const saves: { at: number; body: SaveBody }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/video-progress'))
      saves.push({ at: Date.now(), body: request.postDataJSON() as SaveBody });
  });
  return saves;
}

async function progressOf(page: Page, lessonId: string): Promise<Progress> {
  const res = await page.request.get(`/api/lms/lessons/${lessonId}/progress`);
  return (await res.json()) as Progress;
}

async function newLearner(page: Page) {
  const person = await registerPerson(page.request);
  await completeOnboarding(page.request, `learner-${unique()}`);
  return person;
}

/** The time-spent figure the page shows, in seconds. */
async function shownSeconds(page: Page): Promise<number> {
  const [m = '0', s = '0'] = ((await page.getByTestId('time-spent').textContent()) ?? '').split(':');
  return Number(m) * 60 + Number(s);
}
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/*
 * Real time, a few seconds of it: the page counts while a clip plays or a reading timer runs, saves on pause, and
 * then shows exactly what the server stored. The counting itself, second by second, the 30-second saves and the
 * completion gates are checked under a fake clock in client/features/academy/lesson-tracker-time.test.tsx.
 */
test.describe('academy: honest time and watched ranges', () => {
  test('a clip played for a few seconds shows the time the server stored, and resumes in a second browser', async ({
    page,
    browser,
  }) => {
    const person = await newLearner(page);
    const saves = recordSaves(page);
    await page.goto('/lessons/course-1-l1?courseId=course-1');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the workshop' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeDisabled();
    await expect(page.getByTestId('time-spent')).toHaveText('0:00');

    const video = page.locator('video');
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    // The page counts the seconds while the clip plays.
    await expect.poll(() => shownSeconds(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const paused = page.waitForResponse((r) => r.url().endsWith('/video-progress') && r.ok());
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await paused;
    const stored = await progressOf(page, 'course-1-l1');
    const sent = saves.at(-1)?.body;
    // The save carried the page's count and position; the server credited them by its own clock.
    expect(sent?.eventData?.totalTime).toBeGreaterThanOrEqual(5);
    expect(stored.timeSpent).toBeGreaterThanOrEqual(4);
    expect(stored.timeSpent).toBeLessThanOrEqual(sent?.eventData?.totalTime ?? 0);
    expect(stored.lastPosition).toBeGreaterThan(3);
    expect(stored.progressPercent).toBeGreaterThanOrEqual(5);
    expect(stored.progressPercent).toBeLessThan(95);

    // At rest the page shows what the server stored, to the second: what a reload shows.
    await expect(page.getByTestId('time-spent')).toHaveText(clock(stored.timeSpent));
    await expect(page.getByText(`Progress: ${stored.progressPercent}%`)).toBeVisible();
    await page.screenshot({ path: 'test-results/academy-lesson-after-play-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/academy-lesson-after-play-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Back to Course' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Welcome to the workshop' });
    await expect(row.getByText(`· ${stored.progressPercent}%`)).toBeVisible();
    await expect(page.getByText('0/9 lessons completed', { exact: false }).first()).toBeVisible();

    // A second browser, the same learner: the lesson resumes where the first stopped, with the stored time.
    const other = await browser.newContext();
    const second = await other.newPage();
    const login = await second.request.post('/api/auth/login', {
      data: { email: person.email, password: person.password },
    });
    expect(login.ok()).toBe(true);
    await second.goto('/lessons/course-1-l1?courseId=course-1');
    await expect(second.getByText(`Resume at ${clock(Math.floor(stored.lastPosition))}`)).toBeVisible();
    await expect(second.getByTestId('time-spent')).toHaveText(clock(stored.timeSpent));
    await expect
      .poll(() => second.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(stored.lastPosition - 1);
    await other.close();
  });

  test('a reading lesson shows its notes, its timer saves on pause with the time shown, and it is not complete yet', async ({
    page,
    headStart,
  }) => {
    // The one-minute clip before it opens the reading, and the server credits a clip by real time: the worker's
    // reader opened it when the worker started, so what is left of that half minute (if anything) is waited here.
    test.setTimeout(90_000);
    const { person, opened } = await headStart.reader;
    await signInAs(page.request, person);
    await finishClip(page.request, opened);
    await page.goto('/lessons/course-2-l2?courseId=course-2');
    await expect(page.getByRole('heading', { level: 1, name: 'Deflection testing a top' })).toBeVisible();
    // What the timer is for: the lesson's notes, steps and measurements.
    const notes = page.getByRole('article', { name: 'Notes' });
    await expect(
      notes.getByRole('table', { name: 'Targets for a joined top (1 kg load, 400 mm span)' }),
    ).toBeVisible();
    await expect(notes.getByRole('rowheader', { name: 'Spruce, classical' })).toBeVisible();
    await expectNoAxeViolations(page, 'a reading lesson with its notes');
    // On a phone the page does not scroll sideways: the table scrolls in its own box, the timer stays whole.
    await page.setViewportSize({ width: 375, height: 667 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    const timer = await page.getByRole('button', { name: 'Start timer' }).boundingBox();
    expect(timer!.x + timer!.width).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Start timer' }).click();
    await expect.poll(() => shownSeconds(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    const paused = page.waitForResponse((r) => r.url().endsWith('/video-progress') && r.ok());
    await page.getByRole('button', { name: 'Pause timer' }).click();
    await paused;
    const stored = await progressOf(page, 'course-2-l2');
    expect(stored.timeSpent).toBeGreaterThanOrEqual(2);
    expect(stored.timeSpent).toBeLessThan(30);
    // A few seconds of a five-minute reading.
    expect(stored.progressPercent).toBeGreaterThanOrEqual(1);
    expect(stored.progressPercent).toBeLessThanOrEqual(10);
    await expect(page.getByText(`Progress: ${stored.progressPercent}%`)).toBeVisible();
    await expect(page.getByTestId('time-spent')).toHaveText(clock(stored.timeSpent));
    // Mark as Complete waits for half the lesson's length (2:30) of reading, and says what is left.
    const complete = page.getByRole('button', { name: 'Mark as Complete' });
    await expect(complete).toBeDisabled();
    await expect(complete).toHaveAccessibleDescription(
      'Read for 3 more minutes to mark it complete: the timer runs while you read.',
    );
    // The server holds to the same: asked directly, it refuses and says why.
    const refused = await page.request.post('/api/lms/lessons/course-2-l2/complete');
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Read for 3 more minutes /);
  });

  test('a lesson the course has not opened yet says so and leads to the one before', async ({ page }) => {
    await newLearner(page);
    await page.goto('/lessons/course-2-l3?courseId=course-2');
    await expect(
      page.getByText('Finish the previous lesson first: this lesson opens once it is completed.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the previous lesson' }).click();
    await expect(page).toHaveURL(/\/lessons\/course-2-l2\?courseId=course-2$/);
  });
});
