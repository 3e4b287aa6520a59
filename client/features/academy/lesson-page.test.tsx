import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseOutline, Lesson } from '../../../contract/academy';
import { CourseProgressPage } from '../../pages/course';
import { LessonPage } from '../../pages/lesson';
import { myCourse } from '../../test/academy-fixtures';
import { mockFetch, renderRoutes, testUser } from '../../test/render';

const me = testUser();
const lesson: Lesson = {
  id: 'course-1-l2',
  courseId: 'course-1',
  courseTitle: 'Classical',
  sectionTitle: 'Wood',
  title: 'Choosing tops',
  description: 'Spruce or cedar.',
  videoUrl: null,
  captionsUrl: null,
  reading: null,
  duration: 2,
  free: true,
  resources: [],
  previousLessonId: 'course-1-l1',
  nextLessonId: null,
  nextLessonFree: false,
};
const progress = {
  lessonId: 'course-1-l2',
  progressPercent: 0,
  timeSpent: 0,
  lastPosition: 0,
  watchedRanges: [] as [number, number][],
  completed: false,
  completedAt: null,
  startedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
/** A free lesson's page asks whether the signed-in learner is enrolled (the preview card): here they are. */
const enrolled = {
  'GET /api/lms/my-courses': () => ({ json: [myCourse('course-1', { enrolled: true, started: true })] }),
};
const routes = [
  { path: '/lessons/:lessonId', element: <LessonPage /> },
  { path: '/course-progress', element: <CourseProgressPage /> },
  { path: '/', element: <p>Home page</p> },
];

describe('Lesson page', () => {
  it('guests get the Premium Lesson panel on a 403 requiresAuth, without retrying', async () => {
    const calls = mockFetch({
      'GET /api/public/lessons/course-1-l3': () => ({
        status: 403,
        json: { error: 'Sign in to watch this lesson.', code: 'LESSON_REQUIRES_AUTH', requiresAuth: true },
      }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l3' });
    expect(await screen.findByRole('heading', { name: 'Premium Lesson' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In to Access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Explore' })).toHaveAttribute('href', '/explore');
    expect(calls).toHaveLength(1);
  });

  it('guests see a free lesson with the Guest Preview panel and no Mark as Complete', async () => {
    mockFetch({ 'GET /api/public/lessons/course-1-l2': () => ({ json: lesson }) });
    renderRoutes(routes, { path: '/lessons/course-1-l2' });
    expect(await screen.findByRole('heading', { name: 'Choosing tops' })).toBeInTheDocument();
    expect(screen.getByText('Free Preview')).toBeInTheDocument();
    expect(screen.getByText('Guest Preview')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In to Track Progress' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute('href', '/');
  });

  it('a missing lesson shows Lesson Not Found', async () => {
    mockFetch({
      'GET /api/lms/lessons/nope': () => ({
        status: 404,
        json: { error: 'Lesson not found.', code: 'NOT_FOUND' },
      }),
    });
    renderRoutes(routes, { path: '/lessons/nope', me });
    expect(await screen.findByRole('heading', { name: 'Lesson Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The lesson you're looking for doesn't exist or you don't have access to it."),
    ).toBeInTheDocument();
  });

  it('signed in with no progress record: starts the lesson, then Mark as Complete completes it once', async () => {
    const calls = mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: lesson }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: null }),
      // A minute of the two already read (recorded on another visit): Mark as Complete is open.
      'POST /api/lms/lessons/course-1-l2/start': () => ({
        json: { ...progress, timeSpent: 60, completedNow: false, certificateId: null },
      }),
      'POST /api/lms/lessons/course-1-l2/complete': () => ({
        json: {
          ...progress,
          timeSpent: 60,
          progressPercent: 100,
          completed: true,
          completedAt: '2026-01-01T00:01:00Z',
          completedNow: true,
          certificateId: null,
        },
      }),
    });
    renderRoutes(routes, {
      path: '/lessons/course-1-l2?courseId=course-1',
      me,
    });
    const button = await screen.findByRole('button', { name: 'Mark as Complete' });
    expect(calls.filter((c) => c.url.endsWith('/start'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute(
      'href',
      '/course-progress?courseId=course-1',
    );
    expect(screen.getByText('2 minutes')).toBeInTheDocument();
    expect(screen.getByText('1:00')).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText('Lesson completed!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(screen.getByText('Progress: 100%')).toBeInTheDocument();
  });

  it('a free preview of a course not enrolled in says so and enrols only on Enroll Now', async () => {
    let enrolled = false;
    const calls = mockFetch({
      'GET /api/lms/lessons/course-1-l2': () => ({ json: lesson }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: null }),
      'POST /api/lms/lessons/course-1-l2/start': () => ({
        json: { ...progress, completedNow: false, certificateId: null },
      }),
      'GET /api/lms/my-courses': () => ({ json: [myCourse('course-1', { enrolled })] }),
      'POST /api/lms/courses/course-1/enroll': () => {
        enrolled = true;
        return { json: { enrolled: true } };
      },
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2?courseId=course-1', me });
    expect(await screen.findByRole('heading', { name: 'Free preview' })).toBeInTheDocument();
    expect(screen.getByText(/Watching a preview does not enrol you in Classical/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/start'))).toHaveLength(1));
    expect(calls.filter((c) => c.url.endsWith('/enroll'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Free preview' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/enroll'))).toHaveLength(1);
  });

  it('a failed complete shows the error toast', async () => {
    mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: lesson }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: { ...progress, timeSpent: 60 } }),
      'POST /api/lms/lessons/course-1-l2/complete': () => ({
        status: 500,
        json: { error: 'x', code: 'INTERNAL_ERROR' },
      }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2', me });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Failed to complete lesson. Please try again.')).toBeInTheDocument();
  });

  it("a refused complete shows the server's reason where the button is", async () => {
    const reason =
      'Read for 45 more seconds to complete this lesson: the timer has to run for at least half of its length.';
    mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: lesson }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: { ...progress, timeSpent: 60 } }),
      'POST /api/lms/lessons/course-1-l2/complete': () => ({
        status: 409,
        json: { error: reason, code: 'LESSON_NOT_READ' },
      }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2', me });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
  });

  it('a reading lesson not read for half its length says how long is left under Mark as Complete', async () => {
    mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: { ...lesson, duration: 6 } }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: { ...progress, timeSpent: 45 } }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2', me });
    const button = await screen.findByRole('button', { name: 'Mark as Complete' });
    expect(button).toBeDisabled();
    // Three minutes needed, 45 s read: 2 min 15 s left, said as 3 more minutes.
    expect(button).toHaveAccessibleDescription(
      'Read for 3 more minutes to mark it complete: the timer runs while you read.',
    );
  });

  it('a lesson the course has not opened yet says why and leads to the previous lesson', async () => {
    const calls = mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: { ...lesson, free: false } }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: null }),
      'POST /api/lms/lessons/course-1-l2/start': () => ({
        status: 403,
        json: {
          error: 'Finish the previous lesson first: this lesson opens once it is completed.',
          code: 'LESSON_LOCKED',
        },
      }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2?courseId=course-1', me });
    expect(await screen.findByRole('heading', { name: 'Choosing tops' })).toBeInTheDocument();
    expect(
      screen.getByText('Finish the previous lesson first: this lesson opens once it is completed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the previous lesson' })).toHaveAttribute(
      'href',
      '/lessons/course-1-l1?courseId=course-1',
    );
    expect(screen.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/video-progress'))).toHaveLength(0);
  });
});

describe('Video lesson gates', () => {
  it('Mark as Complete waits for 95 % watched (reason shown), Next lesson for completion; Resume at the record', async () => {
    const clip = { ...lesson, videoUrl: '/videos/clip.webm', duration: 1, nextLessonId: 'course-1-l3' };
    mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: clip }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({
        json: { ...progress, progressPercent: 70, lastPosition: 42, watchedRanges: [[0, 42]], timeSpent: 45 },
      }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2?courseId=course-1', me });
    const button = await screen.findByRole('button', { name: 'Mark as Complete' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Watch the rest of the video to mark it complete (70% watched, 95% needed).',
    );
    expect(screen.getByText('Resume at 0:42')).toBeInTheDocument();
    expect(screen.getByText('0:45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next lesson' })).toBeDisabled();
    expect(screen.getByText('Complete this lesson to unlock the next one.')).toBeInTheDocument();
  });
});

describe('Reading lessons', () => {
  it('show their notes: steps, a table of measurements with its caption, and the diagram', async () => {
    const reading = {
      intro: 'Relief first, then the saddle.',
      steps: ['Tune to pitch.', 'Measure at the 12th fret.'],
      table: {
        caption: 'Action at the 12th fret',
        head: ['Guitar', 'Bass'],
        rows: [['Classical', '3.8 mm']],
      },
      figure: {
        src: '/courses/diagrams/relief-and-action.svg',
        alt: 'Measuring relief',
        caption: 'Relief at fret 7.',
      },
    };
    mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: { ...lesson, reading } }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: progress }),
    });
    renderRoutes(routes, { path: '/lessons/course-1-l2?courseId=course-1', me });
    const notes = await screen.findByRole('article', { name: 'Notes' });
    expect(notes).toHaveTextContent('Relief first, then the saddle.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Tune to pitch.', 'Measure at the 12th fret.']),
    );
    const table = screen.getByRole('table', { name: 'Action at the 12th fret' });
    expect(table).toHaveTextContent('Classical3.8 mm');
    expect(screen.getByRole('rowheader', { name: 'Classical' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Measuring relief' })).toHaveAttribute(
      'src',
      '/courses/diagrams/relief-and-action.svg',
    );
  });
});

const videoOf = (container: HTMLElement) => container.querySelector('video')!;

describe('Captions', () => {
  it('plays the English captions in the player and lists them as a transcript whose times move the video', async () => {
    const clip = {
      ...lesson,
      videoUrl: '/videos/clip.webm',
      captionsUrl: '/videos/clip.en.vtt',
      duration: 1,
    };
    mockFetch({
      ...enrolled,
      'GET /api/lms/lessons/course-1-l2': () => ({ json: clip }),
      'GET /api/lms/lessons/course-1-l2/progress': () => ({ json: progress }),
      'GET /videos/clip.en.vtt': () => ({
        text: 'WEBVTT\n\n00:00.000 --> 00:07.000\nRelief first.\n\n00:07.500 --> 00:15.000\nThen <i>action</i>.\n',
      }),
    });
    const { container } = renderRoutes(routes, { path: '/lessons/course-1-l2?courseId=course-1', me });
    await screen.findByText('Relief first.');
    const track = container.querySelector('video track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/videos/clip.en.vtt');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(screen.getByText('Transcript')).toBeInTheDocument();
    expect(screen.getByText('Then action.')).toBeInTheDocument();
    // Video, then the lesson's title and description, then the transcript (not a minute of captions first).
    const title = screen.getByRole('heading', { level: 1, name: clip.title });
    const order = [
      videoOf(container),
      title,
      screen.getByText(clip.description),
      screen.getByText('Transcript'),
    ];
    const inDocumentOrder = [...order].sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    expect(inDocumentOrder).toEqual(order);
    const video = container.querySelector('video')!;
    await userEvent.click(screen.getByRole('button', { name: 'Play from 0:07' }));
    expect(video.currentTime).toBe(7.5);
  });
});

describe('Course page', () => {
  it('guests get the Unauthorized toast and go to sign-in after 500 ms', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, { path: '/course-progress?courseId=course-2' });
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/course-progress');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
    expect(router.state.location.search).toBe(
      `?auth=signin&next=${encodeURIComponent('/course-progress?courseId=course-2')}`,
    );
  });

  it('shows Course Not Found when the outline fails', async () => {
    mockFetch({
      'GET /api/lms/my-courses': () => ({ json: [] }),
      'GET /api/lms/courses/course-1/outline': () => ({
        status: 404,
        json: { error: 'Course not found.', code: 'NOT_FOUND' },
      }),
    });
    renderRoutes(routes, { path: '/course-progress', me });
    expect(await screen.findByRole('heading', { name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Course not found or failed to load.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('names the instructor with a link to their profile, or as text when they have no handle', async () => {
    const outline = (instructorHandle: string | null): CourseOutline => ({
      course: {
        id: 'course-1',
        slug: 'classical',
        title: 'Classical',
        instructor: 'Ruth Calloway',
        instructorHandle,
        coverImageUrl: null,
        overallProgress: 0,
        completedLessons: 0,
        totalLessons: 1,
        timeSpent: 0,
        timeSpentSeconds: 0,
        description: 'Build a classical guitar.',
        enrolled: true,
        certificateId: null,
      },
      sections: [
        {
          id: 's1',
          title: 'Wood',
          description: '',
          orderIndex: 0,
          completedLessons: 0,
          totalLessons: 1,
          progressPercent: 0,
          lessons: [
            {
              id: 'course-1-l1',
              title: 'Choosing tops',
              duration: 2,
              progressPercent: 0,
              completed: false,
              completedAt: null,
              free: true,
              unlocked: true,
            },
          ],
        },
      ],
      streakDays: 0,
      resources: [],
    });
    mockFetch({
      'GET /api/lms/courses/course-1/outline': () => ({ json: outline('ruth-calloway') }),
      'GET /api/lms/courses/course-2/outline': () => ({ json: outline(null) }),
    });
    renderRoutes(routes, { path: '/course-progress?courseId=course-1', me });
    expect(await screen.findByRole('link', { name: 'Ruth Calloway' })).toHaveAttribute(
      'href',
      '/u/ruth-calloway',
    );
    cleanup();
    renderRoutes(routes, { path: '/course-progress?courseId=course-2', me });
    expect(await screen.findByText('by Ruth Calloway')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ruth Calloway' })).not.toBeInTheDocument();
  });
});
