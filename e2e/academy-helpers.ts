import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Watches a one-minute video lesson through the API the honest way: opens it, waits while it would play at the
 * 2× speed the server accepts, then saves the whole clip as watched. The lesson must be open to the learner.
 */
export async function watchClip(request: APIRequestContext, lessonId: string) {
  expect((await request.post(`/api/lms/lessons/${lessonId}/start`)).ok()).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 30_500));
  const res = await request.post(`/api/lms/lessons/${lessonId}/video-progress`, {
    data: { videoProgressSeconds: 60, eventData: { totalTime: 30, ranges: [[0, 60]] } },
  });
  expect(res.ok()).toBe(true);
  expect(((await res.json()) as { completed: boolean }).completed).toBe(true);
}
