import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CourseLanding, LearningStats, Review, ReviewList } from '../../../contract/academy';
import { LearnPage } from '../../pages/learn';
import { CourseLandingPage } from '../../pages/course-landing';
import { AUTH_OPEN_EVENT } from '../../lib/auth';
import { myCourse } from '../../test/academy-fixtures';
import { mockFetch, renderRoutes, testUser } from '../../test/render';
import { ContinueLearningCard } from './continue-learning';

const me = testUser();
const course = myCourse;
const stats: LearningStats = {
  coursesEnrolled: 2,
  coursesCompleted: 0,
  lessonsCompleted: 3,
  timeSpentMinutes: 75,
  timeSpentSeconds: 75 * 60 + 30,
  streakDays: 4,
};
const routes = [
  { path: '/learn', element: <LearnPage /> },
  { path: '/listing/:slug', element: <CourseLandingPage /> },
  { path: '/dash', element: <ContinueLearningCard /> },
  { path: '/courses/:courseId', element: <p>Course page</p> },
  { path: '/', element: <p>Home page</p> },
];

describe('Learning dashboard', () => {
  it('sends guests home with the Unauthorized toast', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, { path: '/learn' });
    expect(await screen.findByText('Please sign in to access your learning dashboard.')).toBeInTheDocument();
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('greets by first name, shows the course to continue, your courses, available ones and stats', async () => {
    mockFetch({
      'GET /api/lms/my-courses': () => ({
        json: [
          course('a', { enrolled: true, progress: 0, instructorHandle: 'ruth' }),
          course('b', {
            enrolled: true,
            started: true,
            progress: 33,
            completedLessons: 2,
            nextLessonTitle: 'Relief',
          }),
          course('c', { bookmarked: true, instructor: 'Chidi', instructorHandle: 'chidi' }),
          course('e', {
            enrolled: true,
            started: true,
            progress: 100,
            completedLessons: 6,
            nextLessonId: null,
          }),
        ],
      }),
      'GET /api/lms/stats': () => ({ json: stats }),
      'GET /api/lms/certificates': () => ({
        json: [
          {
            id: 'ABCDEFGHJKMNPQRS',
            course: { id: 'd', slug: 'd', title: 'Title d' },
            learnerName: 'Sam Carter',
            issuedAt: '2026-11-02T10:00:00Z',
            showOnProfile: false,
            builds: null,
            instruments: [],
          },
        ],
      }),
    });
    renderRoutes(routes, { path: '/learn', me });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam!' })).toBeInTheDocument();
    const certificates = screen.getByRole('region', { name: 'Your Certificates' });
    expect(within(certificates).getByText('Completed November 2, 2026')).toBeInTheDocument();
    expect(within(certificates).getByRole('link', { name: 'View certificate: Title d' })).toHaveAttribute(
      'href',
      '/certificates/ABCDEFGHJKMNPQRS',
    );
    const cont = screen.getByRole('region', { name: 'Continue Where You Left Off' });
    expect(within(cont).getByText('Title b')).toBeInTheDocument();
    expect(within(cont).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/lessons/b-l1?courseId=b',
    );
    const mine = screen.getByRole('region', { name: 'Your Courses' });
    expect(within(mine).getByRole('link', { name: 'Start Title a' })).toHaveAttribute('href', '/courses/a');
    // An instructor with a handle links to their profile; one without stays plain text.
    const [courseA, courseB] = within(mine).getAllByRole('listitem');
    expect(within(courseA!).getByRole('link', { name: 'Ruth' })).toHaveAttribute('href', '/u/ruth');
    expect(within(courseB!).getByText('by Ruth')).toBeInTheDocument();
    expect(within(courseB!).queryByRole('link', { name: 'Ruth' })).not.toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Continue Title b' })).toHaveAttribute(
      'href',
      '/courses/b',
    );
    const available = screen.getByRole('region', { name: 'Available Courses' });
    // Every lesson done: the course is there to review, not to continue.
    expect(within(mine).getByRole('link', { name: 'Review Title e' })).toHaveAttribute('href', '/courses/e');
    expect(within(mine).queryByRole('link', { name: 'Continue Title e' })).not.toBeInTheDocument();
    expect(within(courseB!).getByText('2 of 6 lessons completed')).toBeInTheDocument();
    // No publication date is known, so no course claims to be new.
    expect(within(available).queryByText('New')).not.toBeInTheDocument();
    expect(within(available).getByText('Saved')).toBeInTheDocument();
    expect(within(available).getByRole('link', { name: 'Learn More about Title c' })).toHaveAttribute(
      'href',
      '/listing/c-slug',
    );
    expect(within(available).getByRole('link', { name: 'Chidi' })).toHaveAttribute('href', '/u/chidi');
    expect(screen.getByText('1h 15m')).toBeInTheDocument();
    expect(screen.getByText('4 days')).toBeInTheDocument();
  });
});

describe('ContinueLearningCard', () => {
  it('offers a Start learning link when nothing is in progress, else Continue', async () => {
    mockFetch({ 'GET /api/lms/my-courses': () => ({ json: [course('a', { enrolled: true })] }) });
    renderRoutes(routes, { path: '/dash', me });
    expect(await screen.findByRole('link', { name: 'Start learning' })).toHaveAttribute('href', '/explore');
  });

  it('links to the next lesson of the course in progress', async () => {
    mockFetch({
      // Started but nothing completed yet: in progress at 0 %.
      'GET /api/lms/my-courses': () => ({
        json: [course('b', { enrolled: true, started: true, progress: 0 })],
      }),
    });
    renderRoutes(routes, { path: '/dash', me });
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/lessons/b-l1?courseId=b',
    );
    expect(screen.getByText('0%')).toBeInTheDocument();
  });
});

describe('Course landing', () => {
  const listing: CourseLanding = {
    id: 'course-1',
    slug: 'intro',
    title: 'Intro course',
    description: 'Short',
    instructor: {
      name: 'Antonio Ruiz',
      handle: 'antonio-ruiz',
      bio: 'Maker',
      avatar: null,
      courses: 1,
      students: 7,
    },
    instructorHandle: 'antonio-ruiz',
    level: 'beginner',
    category: 'classical',
    duration: '6-8 weeks',
    lessons: 2,
    students: 7,
    rating: 4.5,
    reviewCount: 2,
    price: 299,
    originalPrice: 399,
    tags: ['classical'],
    coverImage: null,
    fullDescription: 'Long',
    enrolled: false,
    bookmarked: false,
    curriculum: [
      {
        id: 's1',
        title: 'Wood',
        lessons: [
          { id: 'course-1-l1', title: 'Welcome', duration: 1, free: true, captionsMissing: false },
          { id: 'course-1-l2', title: 'Tops', duration: 1, free: false, captionsMissing: true },
        ],
      },
    ],
    features: ['Lifetime access'],
    requirements: ['Bench'],
    builds: { instrumentType: 'guitar', category: 'classical', numberOfStrings: 6 },
  };

  const review = (id: string, rating: number, text: string, mine = false): Review => ({
    id,
    rating,
    text,
    author: { name: `Author ${id}`, handle: null },
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    mine,
    editableUntil: '2099-01-01T00:00:00Z',
  });
  const reviews = (extra: Partial<ReviewList> = {}): ReviewList => ({
    average: 4.5,
    count: 2,
    stars: [0, 0, 0, 1, 1],
    reviews: [review('r2', 5, 'Clear and careful.'), review('r1', 4, 'Good, a bit fast.')],
    page: 1,
    pageSize: 10,
    mine: null,
    eligibility: { canReview: false, reason: 'Sign in to review this course.' },
    ...extra,
  });

  it('guests: Enroll and Save open sign-in; the sidebar shows the discount; free lessons have Preview', async () => {
    mockFetch({
      'GET /api/lms/courses/listing/intro': () => ({ json: listing }),
      'GET /api/lms/courses/course-1/reviews': () => ({ json: reviews() }),
    });
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/listing/intro' });
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    expect(screen.getByRole('link', { name: 'Antonio Ruiz' })).toHaveAttribute('href', '/u/antonio-ruiz');
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/listing/intro?enroll=1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((listener.mock.calls[1]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/listing/intro',
    });
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(screen.getByText('25% off - Limited time')).toBeInTheDocument();
    // The struck-through figure is named in words a screen reader reads (an aria-label on a plain span is not).
    const struck = screen.getByText('$399', { exact: false, selector: '.line-through' });
    expect(struck).toHaveTextContent('Original price $399');
    expect(within(struck).getByText('Original price')).toHaveClass('sr-only');
    expect(document.querySelectorAll('span[aria-label]:not([role])')).toHaveLength(0);
    // A course that builds an instrument says which.
    expect(screen.getByText('You build').nextElementSibling).toHaveTextContent(
      'A classical guitar (6 strings)',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Curriculum' }));
    expect(screen.getByRole('link', { name: 'Preview Welcome' })).toHaveAttribute(
      'href',
      '/lessons/course-1-l1',
    );
    expect(screen.queryByRole('link', { name: 'Preview Tops' })).not.toBeInTheDocument();
    // A video lesson without captions is marked on the course page; one with them is not.
    expect(screen.getAllByText('No captions')).toHaveLength(1);
    expect(screen.getByText('Tops').parentElement).toHaveTextContent('No captions');
    expect(screen.getByText('4.5 rating (2 reviews)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Clear and careful.'), expect.stringContaining('Good, a bit fast.')]);
    expect(screen.getByRole('img', { name: 'Average 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument();
  });

  it('signed in: the reason when not eligible; an eligible learner posts a review checked like the server', async () => {
    let eligible = false;
    const calls = mockFetch({
      'GET /api/lms/courses/listing/intro': () => ({ json: listing }),
      'GET /api/lms/courses/course-1/reviews': () => ({
        json: reviews({
          eligibility: eligible
            ? { canReview: true, reason: null }
            : {
                canReview: false,
                reason: 'Complete at least 25% of the course to review it (you have completed 0%).',
              },
        }),
      }),
      'POST /api/lms/courses/course-1/reviews': () => ({
        status: 201,
        json: review('r3', 5, 'Wonderful detail.', true),
      }),
    });
    renderRoutes(routes, { path: '/listing/intro', me });
    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText(/Complete at least 25% of the course/)).toBeInTheDocument();
    cleanup();
    eligible = true;
    renderRoutes(routes, { path: '/listing/intro', me });
    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Post review' }));
    expect(screen.getByText('Choose 1 to 5 stars.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(screen.getByText('Write at least 10 characters.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your review'), ' but now long enough.');
    await userEvent.click(screen.getByRole('button', { name: 'Post review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        rating: 4,
        text: 'Too short but now long enough.',
      }),
    );
  });

  it('signed in: Save bookmarks and Enroll enrols then opens the course', async () => {
    const calls = mockFetch({
      'GET /api/lms/courses/listing/intro': () => ({ json: listing }),
      'POST /api/lms/courses/course-1/bookmark': () => ({ json: { bookmarked: true } }),
      'POST /api/lms/courses/course-1/enroll': () => ({ json: { enrolled: true } }),
    });
    const { router } = renderRoutes(routes, { path: '/listing/intro', me });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/course-1'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/lms/courses/course-1/enroll');
  });

  it('back from signing up with ?enroll=1: enrols once, without a click, and opens the course', async () => {
    const calls = mockFetch({
      'GET /api/lms/courses/listing/intro': () => ({ json: listing }),
      'POST /api/lms/courses/course-1/enroll': () => ({ json: { enrolled: true } }),
    });
    const { router } = renderRoutes(routes, { path: '/listing/intro?enroll=1', me });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/course-1'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/lms/courses/course-1/enroll',
    ]);
  });

  it('already enrolled with ?enroll=1: opens the course without enrolling again', async () => {
    const calls = mockFetch({
      'GET /api/lms/courses/listing/intro': () => ({ json: { ...listing, enrolled: true } }),
    });
    const { router } = renderRoutes(routes, { path: '/listing/intro?enroll=1', me });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/course-1'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
