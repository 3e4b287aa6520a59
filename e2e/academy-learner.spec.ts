import type { Page } from '@playwright/test';
import { signInAs } from './academy-helpers';
import { completeOnboarding, registerPerson, unique } from './accounts-helpers';
import { expect, test } from './fixtures';
import { PREVIEWED_SECONDS } from './head-start';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

async function playFast(page: Page, rate: number) {
  await page.locator('video').evaluate(async (v: HTMLVideoElement, r: number) => {
    v.muted = true;
    v.playbackRate = r;
    await v.play();
  }, rate);
}

/** The stored percent of a lesson for the signed-in person (null record: 0). */
async function storedPercent(page: Page, lessonId: string): Promise<number> {
  const res = await page.request.get(`/api/lms/lessons/${lessonId}/progress`);
  const body = (await res.json()) as { progressPercent: number } | null;
  return body?.progressPercent ?? 0;
}

test.describe('academy learner', () => {
  test('previews a lesson, enrols from the listing, finishes the lesson to auto-completion and sees outline and /learn update', async ({
    page,
    headStart,
  }) => {
    // The worker's previewer has watched the first two thirds of the course's free first clip, in real time (a
    // worker that started just now waits 20 s for that here).
    test.setTimeout(90_000);
    const { person } = await headStart.previewer;
    await signInAs(page.request, person);
    await page.goto('/listing/acoustic-guitar-bracing-basics');
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL(/\/courses\/course-8$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Acoustic Guitar Bracing Basics' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Locked: Grain orientation' })).toBeDisabled();

    await page.getByRole('button', { name: 'Continue Ladder, fan and X' }).click();
    await expect(page).toHaveURL(/\/lessons\/course-8-l1\?courseId=course-8$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ladder, fan and X' })).toBeVisible();
    await expect(page.getByText(`Resume at ${clock(PREVIEWED_SECONDS)}`)).toBeVisible();
    await expect(page.getByText(`Progress: ${Math.floor((PREVIEWED_SECONDS * 100) / 60)}%`)).toBeVisible();
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(PREVIEWED_SECONDS - 1);
    // The rest plays at the 2× the server accepts: the page saves once its ranges reach 95 %, about 9 s on.
    await playFast(page, 2);
    await expect(page.getByText('Lesson completed!', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(page.getByText('Progress: 100%')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Course' }).click();
    await expect(page).toHaveURL(/\/course-progress\?courseId=course-8$/);
    await expect(page.getByRole('button', { name: 'Review Ladder, fan and X' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Grain orientation' })).toBeEnabled();
    await expect(page.getByText('1/2 lessons completed', { exact: false })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn' }).click();
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${person.displayName.split(' ')[0]}!` }),
    ).toBeVisible();
    const mine = page.getByRole('region', { name: 'Your Courses' });
    await expect(mine.getByText('Acoustic Guitar Bracing Basics')).toBeVisible();
    await expect(mine.getByText('1 of 6 lessons completed')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Continue Acoustic Guitar Bracing Basics' })).toBeVisible();
  });

  test('a save sent by the beacon when the tab is closed is on the server afterwards', async ({
    page,
    context,
  }) => {
    // A new learner: sample makers may have worked through this course already.
    await registerPerson(page.request);
    await completeOnboarding(page.request, `beacon-${unique()}`);
    await page.goto('/lessons/course-2-l1');
    await expect(page.getByRole('heading', { level: 1, name: 'What voicing means' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeVisible();
    await playFast(page, 2);
    await expect(page.getByText(/^Progress: ([2-9]\d)%$/)).toBeVisible({ timeout: 20_000 });
    // Nothing but the start has been saved yet: no pause, and less than 30 s of playback.
    expect(await storedPercent(page, 'course-2-l1')).toBe(0);

    await page.close({ runBeforeUnload: true });
    const other = await context.newPage();
    // Watched coverage is accepted at up to 2× the real time since the lesson was opened.
    await expect.poll(() => storedPercent(other, 'course-2-l1')).toBeGreaterThanOrEqual(15);
  });
});
