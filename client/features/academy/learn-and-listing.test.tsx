import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CourseListing, LearningStats, MyCourse } from '../../../contract/academy';
import { LearnPage } from '../../pages/learn';
import { ListingPage } from '../../pages/listing';
import { AUTH_OPEN_EVENT } from '../../lib/auth';
import { mockFetch, renderRoutes } from '../../test/render';
import { ContinueLearningCard } from './continue-learning';

const me = {
  id: 'u1',
  email: 'sam@example.test',
  displayName: 'Sam Carter',
  firstName: 'Sam',
  lastName: 'Carter',
  role: 'user',
  onboardingComplete: true,
  handle: null,
};
const course = (id: string, extra: Partial<MyCourse> = {}): MyCourse => ({
  id,
  slug: `${id}-slug`,
  title: `Title ${id}`,
  description: '',
  instructor: 'Ruth',
  level: 'beginner',
  duration: '3 weeks',
  lessons: 6,
  rating: 4.8,
  progress: 0,
  completedLessons: 0,
  enrolled: false,
  bookmarked: false,
  coverImage: null,
  nextLessonId: `${id}-l1`,
  nextLessonTitle: 'First lesson',
  lastActivityAt: null,
  ...extra,
});
const stats: LearningStats = {
  coursesEnrolled: 2,
  coursesCompleted: 0,
  lessonsCompleted: 3,
  timeSpentMinutes: 75,
  streakDays: 4,
};
const routes = [
  { path: '/learn', element: <LearnPage /> },
  { path: '/listing/:slug', element: <ListingPage /> },
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
          course('a', { enrolled: true, progress: 0 }),
          course('b', { enrolled: true, progress: 40, completedLessons: 2, nextLessonTitle: 'Relief' }),
          course('c', { bookmarked: true }),
        ],
      }),
      'GET /api/lms/stats': () => ({ json: stats }),
    });
    renderRoutes(routes, { path: '/learn', me });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam!' })).toBeInTheDocument();
    const cont = screen.getByRole('region', { name: 'Continue Where You Left Off' });
    expect(within(cont).getByText('Title b')).toBeInTheDocument();
    expect(within(cont).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/lessons/b-l1?courseId=b',
    );
    const mine = screen.getByRole('region', { name: 'Your Courses' });
    expect(within(mine).getByRole('link', { name: 'Start Title a' })).toHaveAttribute('href', '/courses/a');
    expect(within(mine).getByRole('link', { name: 'Continue Title b' })).toHaveAttribute(
      'href',
      '/courses/b',
    );
    const available = screen.getByRole('region', { name: 'Available Courses' });
    expect(within(available).getByText('New')).toBeInTheDocument();
    expect(within(available).getByText('Saved')).toBeInTheDocument();
    expect(within(available).getByRole('link', { name: 'Learn More about Title c' })).toHaveAttribute(
      'href',
      '/listing/c-slug',
    );
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
      'GET /api/lms/my-courses': () => ({ json: [course('b', { enrolled: true, progress: 30 })] }),
    });
    renderRoutes(routes, { path: '/dash', me });
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/lessons/b-l1?courseId=b',
    );
    expect(screen.getByText('30%')).toBeInTheDocument();
  });
});

describe('Listing', () => {
  const listing: CourseListing = {
    id: 'course-1',
    slug: 'intro',
    title: 'Intro course',
    description: 'Short',
    instructor: { name: 'Antonio Ruiz', bio: 'Maker', avatar: null, courses: 1, students: 7 },
    level: 'beginner',
    category: 'classical',
    duration: '6-8 weeks',
    lessons: 2,
    students: 7,
    rating: 4.9,
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
          { id: 'course-1-l1', title: 'Welcome', duration: 1, free: true },
          { id: 'course-1-l2', title: 'Tops', duration: 1, free: false },
        ],
      },
    ],
    features: ['Lifetime access'],
    requirements: ['Bench'],
  };

  it('guests: Enroll and Save open sign-in; the sidebar shows the discount; free lessons have Preview', async () => {
    mockFetch({ 'GET /api/lms/courses/listing/intro': () => ({ json: listing }) });
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/listing/intro' });
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/courses/course-1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((listener.mock.calls[1]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/listing/intro',
    });
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(screen.getByText('25% off - Limited time')).toBeInTheDocument();
    expect(screen.getByText('$399')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Curriculum' }));
    expect(screen.getByRole('link', { name: 'Preview Welcome' })).toHaveAttribute(
      'href',
      '/lessons/course-1-l1',
    );
    expect(screen.queryByRole('link', { name: 'Preview Tops' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByText('Reviews coming soon...')).toBeInTheDocument();
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
});
