import { setTimeout as sleep } from 'node:timers/promises';
// Not from ./fixtures: the fixtures' head start uses these helpers.
import { expect, type APIRequestContext } from '@playwright/test';

/** The sample's video lessons are one-minute clips (docs/decisions/005-learning-progress.md). */
const CLIP_SECONDS = 60;

/**
 * The real time before the server takes the first `seconds` of a clip as watched: it credits coverage at up to
 * 2× the seconds since the lesson was opened plus a two-second grace, and a second and a half more leaves room
 * for the requests' own delay (30.5 s for a whole clip, of which 95 % completes it).
 */
const realMs = (seconds: number) => ((seconds - 2) / 2 + 1.5) * 1000;

/** A video lesson opened by a learner, and when: the moment the server's clock for it started. */
export type OpenedClip = { lessonId: string; openedAt: number };

/** Opens a video lesson for the learner signed in on `request` (the lesson must be open to them). */
export async function openClip(request: APIRequestContext, lessonId: string): Promise<OpenedClip> {
  expect((await request.post(`/api/lms/lessons/${lessonId}/start`)).ok()).toBe(true);
  // Read after the answer, so never earlier than the server's own start.
  return { lessonId, openedAt: Date.now() };
}

/**
 * Saves the first `seconds` of an opened clip as watched, the honest way: waits until they could have played at
 * the 2× speed the server accepts since the clip was opened (only what is left of that, when it was opened a
 * while ago), then saves them. Answers what the server stored.
 */
export async function watchOpenedClip(
  request: APIRequestContext,
  { lessonId, openedAt }: OpenedClip,
  seconds = CLIP_SECONDS,
  signal?: AbortSignal,
): Promise<{ completed: boolean; progressPercent: number }> {
  const left = openedAt + realMs(seconds) - Date.now();
  if (left > 0) await sleep(left, undefined, { signal });
  const res = await request.post(`/api/lms/lessons/${lessonId}/video-progress`, {
    data: {
      videoProgressSeconds: seconds,
      eventData: { totalTime: Math.floor(seconds / 2), ranges: [[0, seconds]] },
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { completed: boolean; progressPercent: number };
}

/** Watches an opened one-minute clip through: the server must take it as completed. */
export async function finishClip(request: APIRequestContext, clip: OpenedClip, signal?: AbortSignal) {
  expect((await watchOpenedClip(request, clip, CLIP_SECONDS, signal)).completed).toBe(true);
}

/** Signs `request` (and a page whose request it is) in as a learner made elsewhere, such as the head start's. */
export async function signInAs(request: APIRequestContext, person: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(res.ok()).toBe(true);
}
