import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { finishClip, openClip, watchOpenedClip, type OpenedClip } from './academy-helpers';
import { completeOnboarding, registerPerson, unique } from './accounts-helpers';

type Person = Awaited<ReturnType<typeof registerPerson>>;
/** A new learner, and the clip they opened last (not yet watched through). */
type Learner = { person: Person; opened: OpenedClip };

/**
 * Learners whose clips started playing when the worker started. The server credits a watched clip only by the
 * real time since it was opened (half a minute for a one-minute clip), and nothing else may stand in for that
 * time; but it need not be spent idle inside the journey that needs the clip: here it passes while the worker
 * runs other journeys, and the journey finishes the clip itself (waiting only for what is left, if anything).
 */
export interface HeadStart {
  /** Opened course-2's first clip: once it is finished, the reading lesson after it opens. */
  reader: Promise<Learner>;
  /** Watched course-3's first clip through (1 of its 7 lessons) and opened the second. */
  reviewer: Promise<Learner>;
  /** Watched the first 40 s of course-8's free preview clip, without enrolling (a preview never enrols). */
  previewer: Promise<Learner>;
  /** Enrolled in course-8 after watching the first 50 s of its first clip: the lesson to continue. */
  keyboarder: Promise<Learner>;
}

/** How much of the previewer's clip is watched: two thirds, so the page has the last third to play. */
export const PREVIEWED_SECONDS = 40;

async function newLearner(request: APIRequestContext, kind: string): Promise<Person> {
  const person = await registerPerson(request);
  await completeOnboarding(request, `${kind}-${unique()}`);
  return person;
}

/** Starts the learners in the background; `stop` ends what is still waiting (when the worker ends first). */
export async function startHeadStart(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<{ headStart: HeadStart; stop: () => Promise<void> }> {
  const abort = new AbortController();
  const contexts = [
    await playwright.request.newContext({ baseURL }),
    await playwright.request.newContext({ baseURL }),
    await playwright.request.newContext({ baseURL }),
    await playwright.request.newContext({ baseURL }),
  ] as const;
  const [readerApi, reviewerApi, previewerApi, keyboarderApi] = contexts;
  const headStart: HeadStart = {
    reader: (async () => {
      const person = await newLearner(readerApi, 'reader');
      return { person, opened: await openClip(readerApi, 'course-2-l1') };
    })(),
    reviewer: (async () => {
      const person = await newLearner(reviewerApi, 'reviewer');
      await finishClip(reviewerApi, await openClip(reviewerApi, 'course-3-l1'), abort.signal);
      return { person, opened: await openClip(reviewerApi, 'course-3-l2') };
    })(),
    previewer: (async () => {
      const person = await newLearner(previewerApi, 'previewer');
      const opened = await openClip(previewerApi, 'course-8-l1');
      const saved = await watchOpenedClip(previewerApi, opened, PREVIEWED_SECONDS, abort.signal);
      expect(saved.completed).toBe(false);
      return { person, opened };
    })(),
    keyboarder: (async () => {
      const person = await newLearner(keyboarderApi, 'keyboarder');
      const opened = await openClip(keyboarderApi, 'course-8-l1');
      const saved = await watchOpenedClip(keyboarderApi, opened, 50, abort.signal);
      expect(saved.completed).toBe(false);
      expect((await keyboarderApi.post('/api/lms/courses/course-8/enroll')).ok()).toBe(true);
      return { person, opened };
    })(),
  };
  // A journey that needs a learner sees its failure; nobody else should.
  const settled = Promise.allSettled(Object.values(headStart));
  return {
    headStart,
    stop: async () => {
      abort.abort();
      await settled;
      await Promise.all(contexts.map((c) => c.dispose()));
    },
  };
}
