import type { Locator, Page } from '@playwright/test';
import { signInAs } from './academy-helpers';
import { expectToast, unique } from './accounts-helpers';
import {
  ACCOUNTS,
  expect,
  expectLoaded,
  expectNoAxeViolations,
  expectVisibleFocus,
  test,
} from './a11y-helpers';

// Keyboard-only journeys: after page.goto nothing is clicked; every step is a key press, and wherever focus
// lands it is visible.

/** A short description of the focused element, to compare focus positions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${el.getAttribute('role') ?? ''}] ${name}`;
  });

/** Presses Tab (or Shift+Tab) until `target` has focus, checking that every stop on the way shows focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  const path: string[] = [];
  for (let presses = 0; ; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    if (presses === max)
      throw new Error(
        `${max} × ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()}: ${path.join(' → ')}`,
      );
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    path.push(await focused(page));
    await expectVisibleFocus(page);
  }
}

/** On a freshly loaded page the first Tab stop is "Skip to content", which moves focus to main. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

test.describe('keyboard: the header', () => {
  for (const width of [1280, 375])
    test(`every main link shows its whole focus outline at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/registry');
      await expectLoaded(page);
      // On a phone the links sit behind the Menu button, which opens by keyboard like any button.
      if (width < 768) {
        await tabTo(page, page.getByRole('button', { name: 'Menu' }));
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
      }
      const nav = page.getByRole('navigation', { name: width < 768 ? 'Menu' : 'Main' });
      // tabTo checks every stop on the way, the skip link and each main link included.
      await tabTo(page, nav.getByRole('link', { name: 'For Luthiers' }));
    });
});

test.describe('keyboard: the sign-in dialog', () => {
  test('opens from the header, traps focus, switches tabs with arrows, closes with Escape, signs in', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const opener = page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(dialog).toBeVisible();
    const tabs = dialog.getByRole('tab');
    // Focus moves into the dialog, onto the selected tab.
    await expect(tabs.filter({ hasText: 'Sign in' })).toBeFocused();
    await expectVisibleFocus(page);

    // Tab runs through the dialog's controls and wraps around without ever leaving it.
    const first = await focused(page);
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        'focus stays in the dialog',
      ).toBe(true);
      await expectVisibleFocus(page);
      const now = await focused(page);
      if (now === first) break;
      seen.push(now);
    }
    expect(await focused(page), `Tab wrapped around after ${seen.join(' → ')}`).toBe(first);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page), 'Shift+Tab from the first control goes to the last').toBe(seen.at(-1));
    await page.keyboard.press('Tab');

    // Arrow keys move between the tabs and select them.
    for (const [key, name, title] of [
      ['ArrowRight', 'Sign up', 'Join Luthier Registry'],
      ['ArrowRight', 'Reset', 'Reset your password'],
      ['ArrowRight', 'Sign in', 'Welcome back'],
      ['ArrowLeft', 'Reset', 'Reset your password'],
      ['ArrowLeft', 'Sign up', 'Join Luthier Registry'],
      ['ArrowLeft', 'Sign in', 'Welcome back'],
    ] as const) {
      await page.keyboard.press(key);
      const tab = page.getByRole('dialog').getByRole('tab', { name, exact: true });
      await expect(tab).toBeFocused();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await expectVisibleFocus(page);
    }

    // Escape closes it and focus goes back to the header button that opened it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expectVisibleFocus(page);

    // Open again and sign in without a mouse.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('Email'), { max: 2 });
    await page.keyboard.type(ACCOUNTS.enthusiast.email);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type(ACCOUNTS.enthusiast.password);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Welcome, Sam!', "You're successfully signed in.");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectLoaded(page);
    await expectNoAxeViolations(page, 'the dashboard with the welcome toast');
  });
});

test.describe('keyboard: onboarding', () => {
  test('a new luthier signs up and completes every step of the wizard by keyboard', async ({ page }) => {
    // The longest keyboard journey, and each Next now saves the step to the account: past 60 s when the whole
    // suite shares the machine (15 s alone).
    test.slow();
    const tag = unique();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Sign in' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Sign up', selected: true })).toBeFocused();

    for (const [label, text] of [
      ['Display name', `Kai Lindqvist ${tag}`],
      ['Email', `kai-${tag}@example.test`],
      ['Password', 'keyboard journey 2026'],
    ] as const) {
      // From the tab, the first stop is the tab panel itself (Radix makes it focusable), then its fields.
      await tabTo(page, dialog.getByLabel(label), { max: 2 });
      await page.keyboard.type(text);
    }
    // The role cards are a radio group: Tab enters at the checked one, arrows choose, Space keeps the choice.
    await page.keyboard.press('Tab');
    const enthusiast = dialog.getByRole('radio', { name: /Music Enthusiast/ });
    const luthier = dialog.getByRole('radio', { name: /^Luthier/ });
    await expect(enthusiast).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowRight');
    await expect(luthier).toBeFocused();
    await expect(luthier).toBeChecked();
    await page.keyboard.press('Space');
    await expect(luthier).toBeChecked();
    await expectVisibleFocus(page);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Create account' })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');

    await expectToast(page, 'Welcome, Kai!', "Let's set up your profile.");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Step 1 of 4: About you')).toBeVisible();

    // Step 1: text fields and the experience select. Focus was on the dialog's button, which is gone: the next
    // Tab stops continue from there into the new page.
    await tabTo(page, page.getByLabel('Bio'));
    await page.keyboard.type('I build archtops by ear.');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Location')).toBeFocused();
    await page.keyboard.type('Gothenburg, Sweden');
    await page.keyboard.press('Tab');
    const experience = page.getByLabel('Experience level');
    await expect(experience).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    await expect(experience).not.toHaveValue('');
    const next = page.getByRole('button', { name: 'Next' });
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    // Step 2: focus moves to the new step's heading; chips toggle with Space.
    await expect(page.getByText('Step 2 of 4: Your craft')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your craft' })).toBeFocused();
    await expectVisibleFocus(page);
    const acoustic = page.getByRole('button', { name: 'acoustic', exact: true });
    await tabTo(page, acoustic);
    await page.keyboard.press('Space');
    await expect(acoustic).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    // Step 3, then Back to step 2 (the choice is kept) and forward again.
    await expect(page.getByText('Step 3 of 4: Your first instrument')).toBeVisible();
    const back = page.getByRole('button', { name: 'Back' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 2 of 4: Your craft')).toBeVisible();
    await expect(acoustic).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 3 of 4: Your first instrument')).toBeVisible();
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    // Step 4: the handle field, a taken handle, a suggestion chosen with Enter, then Complete Setup.
    await expect(page.getByText('Step 4 of 4: Your shop handle')).toBeVisible();
    const handle = page.getByLabel('Your handle');
    await tabTo(page, handle);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('dashboard');
    await expect(page.getByText(/That handle is taken/)).toBeVisible();
    const suggestion = page.getByRole('list', { name: 'Suggestions' }).getByRole('button').first();
    await tabTo(page, suggestion);
    const chosen = (await suggestion.textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(handle).toHaveValue(chosen);
    await expect(page.getByText('Available! 🎉')).toBeVisible();
    await expectVisibleFocus(page);
    const complete = page.getByRole('button', { name: 'Complete Setup' });
    await tabTo(page, complete);
    await page.keyboard.press('Enter');

    // Where the mouse journey ends: home, now the signed-in dashboard.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Kai/ })).toBeVisible();
  });
});

/**
 * Plays and pauses the lesson from the keyboard: a video lesson through the player's own controls (Space on the
 * focused video), a reading lesson through its timer button (Space, then Enter).
 */
async function playAndPause(page: Page) {
  const video = page.locator('video');
  if (await video.count()) {
    await tabTo(page, video);
    await page.keyboard.press('Space');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
      .toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(video).toBeFocused();
    await expectVisibleFocus(page);
    return;
  }
  await tabTo(page, page.getByRole('button', { name: /^(Start|Resume) timer$/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause timer' })).toBeFocused();
  await expectVisibleFocus(page);
  // The timer counts (a second goes by) before it is paused.
  const clock = page.getByText(/^\d+:\d\d \/ \d+:\d\d$/);
  const before = await clock.textContent();
  await expect(clock).not.toHaveText(before ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Resume timer' })).toBeFocused();
  await expectVisibleFocus(page);
}

test.describe('keyboard: the lesson player', () => {
  test('opens a lesson from the outline, plays and pauses, completes it and moves on', async ({
    page,
    headStart,
  }) => {
    // The worker's keyboarder enrolled in the course after watching 50 s of its first one-minute clip, in real
    // time: the rest plays here at double speed, a few seconds (a worker that started just now waits for the 50 s).
    test.setTimeout(90_000);
    const { person } = await headStart.keyboarder;
    await signInAs(page.request, person);
    const courseId = 'course-8';
    const mine = (await (await page.request.get('/api/lms/my-courses')).json()) as {
      id: string;
      nextLessonTitle: string | null;
    }[];
    const title = mine.find((c) => c.id === courseId)?.nextLessonTitle ?? '';
    expect(title).toBe('Ladder, fan and X');
    await page.goto(`/course-progress?courseId=${courseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLoaded(page);
    await skipToContent(page);
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await tabTo(page, page.getByRole('button', { name: new RegExp(`^(Start|Continue) ${escaped}$`) }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/lessons\//);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectLoaded(page);

    await playAndPause(page);

    // A video lesson completes once 95 % of it has been watched: the rest plays at double speed (the most the
    // server credits), and the lesson completes by itself.
    const video = page.locator('video');
    await expect(video).toHaveCount(1);
    await video.evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 2;
      void v.play();
    });
    await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled({ timeout: 30_000 });

    const nextLesson = page.getByRole('link', { name: 'Next lesson' });
    await tabTo(page, nextLesson);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/lessons\/.*courseId=/);
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeVisible();

    await playAndPause(page);
  });
});
