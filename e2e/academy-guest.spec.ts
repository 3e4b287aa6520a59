import { expect, test } from './fixtures';

test.describe('academy guest preview', () => {
  test('a guest watches a free preview and is asked to log in to track progress', async ({ page }) => {
    await page.goto('/listing/introduction-to-classical-guitar-building');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page).toHaveURL(/\/lessons\/course-1-l1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the workshop' })).toBeVisible();
    await expect(page.getByText('Free Preview', { exact: true })).toBeVisible();
    await expect(page.getByText('Guest Preview', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toHaveCount(0);

    // English captions: a track the player loads (its cues become active), served by the app as WebVTT, and the
    // same lines as a transcript under the video.
    const video = page.locator('video');
    const captions = video.locator('track[kind="captions"][srclang="en"]');
    const src = await captions.getAttribute('src');
    expect(src).toMatch(/^\/videos\/[a-z-]+\.en\.vtt$/);
    const vtt = await page.request.get(src!);
    expect(vtt.status()).toBe(200);
    expect(vtt.headers()['content-type']).toMatch(/^text\/vtt/);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0))
      .toBeGreaterThan(5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing');
    const transcript = page.getByRole('group').filter({ hasText: 'Transcript' });
    await expect(transcript.getByText(/^Tonewood and bracing: /)).toBeVisible();
    await expect(transcript.getByRole('button', { name: /^Play from / })).toHaveCount(8);

    // The real clip plays; the percent on screen follows the playback. At 2× at most: faster than that, the
    // tracker counts the jumps as seeks (nothing watched), by the rule the server applies too.
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.playbackRate = 2;
      await v.play();
    });
    await expect(page.getByText(/^Progress: ([1-9]\d?)%$/)).toBeVisible();

    await page.evaluate(() => {
      window.addEventListener('auth:open', (e) => {
        (window as unknown as { lastAuth: unknown }).lastAuth = (e as CustomEvent).detail;
      });
    });
    await page.getByRole('button', { name: 'Log In to Track Progress' }).click();
    expect(await page.evaluate(() => (window as unknown as { lastAuth: unknown }).lastAuth)).toEqual({
      mode: 'signin',
      next: '/learn',
    });
  });

  test('a guest on the learning dashboard is told to sign in and sent home', async ({ page }) => {
    await page.goto('/learn');
    await expect(
      page.getByText('Please sign in to access your learning dashboard.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
