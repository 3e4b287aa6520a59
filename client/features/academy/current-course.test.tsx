import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseOutline, LearningStats } from '../../../contract/academy';
import { CourseProgressPage } from '../../pages/course';
import { LearnPage } from '../../pages/learn';
import { myCourse } from '../../test/academy-fixtures';
import { mockFetch, renderRoutes, testUser } from '../../test/render';
import { currentCourse, currentCourseId } from './current-course';

const me = testUser();
const course = myCourse;
const outline = (id: string, timeSpentSeconds: number): CourseOutline => ({
  course: {
    id,
    slug: `${id}-slug`,
    title: `Title ${id}`,
    instructor: 'Ruth',
    instructorHandle: null,
    coverImageUrl: null,
    overallProgress: 0,
    completedLessons: 0,
    totalLessons: 6,
    timeSpent: Math.floor(timeSpentSeconds / 60),
    timeSpentSeconds,
    description: '',
    enrolled: true,
    certificateId: null,
  },
  sections: [],
  streakDays: 1,
  resources: [],
});
const stats: LearningStats = {
  coursesEnrolled: 3,
  coursesCompleted: 1,
  lessonsCompleted: 7,
  timeSpentMinutes: 1,
  timeSpentSeconds: 60,
  streakDays: 1,
};

describe('the current course', () => {
  // Server order: enrolled courses, most recent activity first.
  const finished = course('done', { enrolled: true, started: true, completedLessons: 6, progress: 100 });
  const notStarted = course('fresh', { enrolled: true });
  const previewed = course('preview', { started: true, completedLessons: 1 });
  const inProgress = course('b', { enrolled: true, started: true, completedLessons: 2, progress: 33 });
  const older = course('c', { enrolled: true, started: true, completedLessons: 1, progress: 17 });

  it('is the first enrolled course started and not finished, else none (course-1 for /course-progress)', () => {
    expect(currentCourse([finished, notStarted, previewed, inProgress, older])?.id).toBe('b');
    // Started at 0 %: the first lesson half watched is progress too.
    expect(currentCourse([course('z', { enrolled: true, started: true })])?.id).toBe('z');
    expect(currentCourse([finished, notStarted, previewed])).toBeNull();
    expect(currentCourseId([finished, notStarted, previewed, inProgress, older])).toBe('b');
    expect(currentCourseId([finished, previewed])).toBe('course-1');
    expect(currentCourseId([])).toBe('course-1');
  });

  it('/learn continues the course /course-progress opens, and both show time spent to the minute', async () => {
    const courses = [finished, notStarted, previewed, inProgress, older];
    mockFetch({
      'GET /api/lms/my-courses': () => ({ json: courses }),
      'GET /api/lms/stats': () => ({ json: stats }),
      'GET /api/lms/certificates': () => ({ json: [] }),
      'GET /api/lms/courses/b/outline': () => ({ json: outline('b', 60) }),
    });
    renderRoutes([{ path: '/learn', element: <LearnPage /> }], { path: '/learn', me });
    const cont = await screen.findByRole('region', { name: 'Continue Where You Left Off' });
    expect(within(cont).getByText('Title b')).toBeInTheDocument();
    // A fully watched one-minute lesson is "1m", never "0h 0m".
    expect(screen.getByText('1m')).toBeInTheDocument();
    expect(screen.queryByText('0h 0m')).not.toBeInTheDocument();
    cleanup();

    renderRoutes([{ path: '/course-progress', element: <CourseProgressPage /> }], {
      path: '/course-progress',
      me,
    });
    expect(await screen.findByRole('heading', { name: 'Title b', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('1m')).toBeInTheDocument();
  });

  it('/course-progress opens course-1 when nothing is in progress, and the asked course when named', async () => {
    mockFetch({
      'GET /api/lms/my-courses': () => ({ json: [finished] }),
      'GET /api/lms/courses/course-1/outline': () => ({ json: outline('course-1', 45) }),
      'GET /api/lms/courses/c/outline': () => ({ json: outline('c', 3900) }),
    });
    renderRoutes([{ path: '/course-progress', element: <CourseProgressPage /> }], {
      path: '/course-progress',
      me,
    });
    expect(await screen.findByRole('heading', { name: 'Title course-1', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('45s')).toBeInTheDocument();
    cleanup();
    renderRoutes([{ path: '/course-progress', element: <CourseProgressPage /> }], {
      path: '/course-progress?courseId=c',
      me,
    });
    expect(await screen.findByRole('heading', { name: 'Title c', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('1h 5m')).toBeInTheDocument();
  });
});
