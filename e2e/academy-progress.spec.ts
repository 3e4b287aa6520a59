import type { Page, Request } from '@playwright/test';
import { completeOnboarding, registerPerson, unique } from './accounts-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import { watchClip } from './academy-helpers';
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

test.describe('academy: honest time and watched ranges', () => {
  test.setTimeout(150_000);

  test('a clip played for 40 s saves during playback, counts ~40 s and resumes in a second browser', async ({
    page,
    browser,
  }) => {
    const person = await newLearner(page);
    const saves = recordSaves(page);
    await page.goto('/lessons/course-1-l1?courseId=course-1');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the workshop' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeDisabled();

    const video = page.locator('video');
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    const started = Date.now();
    await page.waitForTimeout(40_000);
    // The 30-second save left while the clip was still playing, with the real time in it.
    const during = saves.filter((s) => s.at - started > 25_000 && s.at - started < 39_000);
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during[0]?.body.eventData?.totalTime).toBeGreaterThanOrEqual(28);
    expect(during[0]?.body.eventData?.totalTime).toBeLessThanOrEqual(34);

    const paused = page.waitForResponse((r) => r.url().endsWith('/video-progress') && r.ok());
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await paused;
    const stored = await progressOf(page, 'course-1-l1');
    expect(stored.timeSpent).toBeGreaterThanOrEqual(37);
    expect(stored.timeSpent).toBeLessThanOrEqual(44);
    expect(stored.lastPosition).toBeGreaterThan(36);
    expect(stored.lastPosition).toBeLessThan(44);
    expect(stored.progressPercent).toBeGreaterThanOrEqual(60);
    expect(stored.progressPercent).toBeLessThan(75);

    // What the page shows is what the server stored.
    const shownTime = await page.getByTestId('time-spent').textContent();
    const [m = '0', s = '0'] = (shownTime ?? '').split(':');
    expect(Math.abs(Number(m) * 60 + Number(s) - stored.timeSpent)).toBeLessThanOrEqual(1);
    await expect(page.getByText(`Progress: ${stored.progressPercent}%`)).toBeVisible();
    await page.screenshot({ path: 'test-results/academy-lesson-after-40s-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/academy-lesson-after-40s-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Back to Course' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Welcome to the workshop' });
    await expect(row.getByText(`· ${stored.progressPercent}%`)).toBeVisible();
    await expect(page.getByText('0/9 lessons completed', { exact: false }).first()).toBeVisible();

    // A second browser, the same learner: the lesson resumes where the first stopped.
    const other = await browser.newContext();
    const second = await other.newPage();
    const login = await second.request.post('/api/auth/login', {
      data: { email: person.email, password: person.password },
    });
    expect(login.ok()).toBe(true);
    await second.goto('/lessons/course-1-l1?courseId=course-1');
    const at = Math.floor(stored.lastPosition);
    await expect(second.getByText(`Resume at 0:${String(at).padStart(2, '0')}`)).toBeVisible();
    await expect
      .poll(() => second.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(stored.lastPosition - 1);
    await other.close();
  });

  test('a reading lesson timed for 35 s saves at 30 s and on pause, counts ~35 s, and is not complete yet', async ({
    page,
  }) => {
    await newLearner(page);
    // The reading follows a one-minute clip, which opens it once watched.
    await watchClip(page.request, 'course-2-l1');
    const saves = recordSaves(page);
    await page.goto('/lessons/course-2-l2?courseId=course-2');
    await expect(page.getByRole('heading', { level: 1, name: 'Deflection testing a top' })).toBeVisible();
    // What the timer is for: the lesson's notes, steps and measurements.
    const notes = page.getByRole('article', { name: 'Notes' });
    await expect(
      notes.getByRole('table', { name: 'Targets for a joined top (1 kg load, 400 mm span)' }),
    ).toBeVisible();
    await expect(notes.getByRole('rowheader', { name: 'Spruce, classical' })).toBeVisible();
    await expectNoAxeViolations(page, 'a reading lesson with its notes');
    await page.getByRole('button', { name: 'Start timer' }).click();
    const started = Date.now();
    await page.waitForTimeout(35_000);
    const during = saves.filter((s) => s.at - started > 25_000);
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during[0]?.body.eventData?.totalTime).toBeGreaterThanOrEqual(28);

    const paused = page.waitForResponse((r) => r.url().endsWith('/video-progress') && r.ok());
    await page.getByRole('button', { name: 'Pause timer' }).click();
    await paused;
    const stored = await progressOf(page, 'course-2-l2');
    expect(stored.timeSpent).toBeGreaterThanOrEqual(33);
    expect(stored.timeSpent).toBeLessThanOrEqual(38);
    // 35 s of a five-minute reading: 11 or 12 %.
    expect(stored.progressPercent).toBeGreaterThanOrEqual(10);
    expect(stored.progressPercent).toBeLessThanOrEqual(13);
    await expect(page.getByText(`Progress: ${stored.progressPercent}%`)).toBeVisible();
    await expect(page.getByTestId('time-spent')).toHaveText(`0:${String(stored.timeSpent).padStart(2, '0')}`);
    // Mark as Complete waits for half the lesson's length (2:30) of reading, and says what is left.
    const complete = page.getByRole('button', { name: 'Mark as Complete' });
    await expect(complete).toBeDisabled();
    await expect(complete).toHaveAccessibleDescription(
      'Read for 2 more minutes to mark it complete: the timer runs while you read.',
    );
    // The server holds to the same: asked directly, it refuses and says why.
    const refused = await page.request.post('/api/lms/lessons/course-2-l2/complete');
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Read for 2 more minutes /);
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
