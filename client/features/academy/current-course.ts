import type { MyCourse } from '../../../contract/academy';

/** The seed's course for /course-progress when the learner has no course in progress. */
export const DEFAULT_COURSE_ID = 'course-1';

/**
 * The learner's current course, the one rule behind "Continue Where You Left Off" on /learn, the dashboard's card
 * and /course-progress without a courseId: the first enrolled course in progress (started, some lesson still to
 * complete), in the server's order (most recent activity first). Progress is the share of lessons completed, so
 * a course whose first lesson is half watched is in progress at 0 %.
 */
export const currentCourse = (courses: readonly MyCourse[]): MyCourse | null =>
  courses.find((c) => c.enrolled && c.started && c.completedLessons < c.lessons) ?? null;

/** The course /course-progress opens without a courseId: the current course, else the seed's default. */
export const currentCourseId = (courses: readonly MyCourse[]): string =>
  currentCourse(courses)?.id ?? DEFAULT_COURSE_ID;
