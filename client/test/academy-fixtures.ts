import type { MyCourse } from '../../contract/academy';

/** One of GET /api/lms/my-courses' items, whole (the contract check refuses partial ones), with `extra` over it. */
export const myCourse = (id: string, extra: Partial<MyCourse> = {}): MyCourse => ({
  id,
  slug: `${id}-slug`,
  title: `Title ${id}`,
  description: '',
  instructor: 'Ruth',
  instructorHandle: null,
  level: 'beginner',
  duration: '3 weeks',
  lessons: 6,
  rating: 4.8,
  progress: 0,
  completedLessons: 0,
  started: false,
  enrolled: false,
  bookmarked: false,
  coverImage: null,
  nextLessonId: `${id}-l1`,
  nextLessonTitle: 'First lesson',
  lastActivityAt: null,
  ...extra,
});
