import { z } from 'zod';
import { COURSE_LEVELS, COURSE_CATEGORIES, COURSE_SORTS, MAX_RANGES_PER_SAVE } from './academy-values';
import { readingBlockSchema } from './authoring';
import { courseBuildSchema } from './certificates';
import { savedRanges, storedRanges } from './range-lists';

export * from './academy-values';
export * from './academy-reviews';

export const courseLevelSchema = z.enum(COURSE_LEVELS);
export const courseCategorySchema = z.enum(COURSE_CATEGORIES);
export type CourseSort = (typeof COURSE_SORTS)[number];

/** Query of GET /api/lms/courses/explore; "all" (or nothing) means no filter. */
export const exploreQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters.').optional(),
  category: z.enum(['all', ...COURSE_CATEGORIES]).optional(),
  level: z.enum(['all', ...COURSE_LEVELS]).optional(),
  sort: z.enum(COURSE_SORTS).optional(),
});
export type ExploreQuery = z.infer<typeof exploreQuerySchema>;

/** A course card. */
export const courseCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  instructor: z.string(),
  /** The instructor's profile handle (/u/{handle}), when they have one. */
  instructorHandle: z.string().nullable(),
  level: courseLevelSchema,
  category: courseCategorySchema,
  duration: z.string(),
  lessons: z.number(),
  students: z.number(),
  /** Mean of the course's reviews (0 when it has none). */
  rating: z.number(),
  reviewCount: z.number(),
  price: z.number(),
  originalPrice: z.number(),
  tags: z.array(z.string()),
  coverImage: z.string().nullable(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;
export const exploreResponseSchema = z.array(courseCardSchema);

export const curriculumLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  duration: z.number(),
  free: z.boolean(),
  /** A video lesson whose video has no captions yet (the course page says so). */
  captionsMissing: z.boolean().optional(),
});
export const courseLandingSchema = courseCardSchema.extend({
  fullDescription: z.string(),
  instructor: z.object({
    name: z.string(),
    handle: z.string().nullable(),
    bio: z.string(),
    avatar: z.string().nullable(),
    courses: z.number(),
    students: z.number(),
  }),
  enrolled: z.boolean(),
  bookmarked: z.boolean(),
  curriculum: z.array(
    z.object({ id: z.string(), title: z.string(), lessons: z.array(curriculumLessonSchema) }),
  ),
  features: z.array(z.string()),
  requirements: z.array(z.string()),
  /** What a learner will learn (authored courses; empty for the sample's). */
  learn: z.array(z.string()).optional(),
  /** The instructor's shop (/l/{slug}) when the course was written by a luthier in the registry. */
  instructorShop: z.object({ name: z.string(), slug: z.string() }).nullable().optional(),
  /** The instrument the course builds, if it builds one (its certificate then opens a prefilled passport). */
  builds: courseBuildSchema.nullable(),
});
export type CourseLanding = z.infer<typeof courseLandingSchema>;

export const bookmarkResponseSchema = z.object({ bookmarked: z.boolean() });
export const enrollResponseSchema = z.object({ enrolled: z.boolean() });

/** A course on the learning dashboard. */
export const myCourseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  instructor: z.string(),
  /** The instructor's profile handle (/u/{handle}), when they have one. */
  instructorHandle: z.string().nullable(),
  level: courseLevelSchema,
  duration: z.string(),
  lessons: z.number(),
  rating: z.number(),
  progress: z.number(),
  completedLessons: z.number(),
  /** Some lesson has been opened and worked on (time or percent above 0). */
  started: z.boolean(),
  enrolled: z.boolean(),
  /** Saved from its listing (course_bookmarks). */
  bookmarked: z.boolean(),
  coverImage: z.string().nullable(),
  /** The lesson to continue with: the first in progress, else the first not completed. */
  nextLessonId: z.string().nullable(),
  nextLessonTitle: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;
export const myCoursesResponseSchema = z.array(myCourseSchema);

export const learningStatsSchema = z.object({
  coursesEnrolled: z.number(),
  coursesCompleted: z.number(),
  lessonsCompleted: z.number(),
  timeSpentMinutes: z.number(),
  /** The same time to the second, so a short course shows "1m 5s" rather than "0h 1m". */
  timeSpentSeconds: z.number(),
  streakDays: z.number(),
});
export type LearningStats = z.infer<typeof learningStatsSchema>;

export const resourceSchema = z.object({
  id: z.string(),
  lessonId: z.string(),
  title: z.string(),
  url: z.string(),
  fileType: z.string(),
  sizeBytes: z.number(),
});
export type LessonResource = z.infer<typeof resourceSchema>;

export const outlineLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  duration: z.number(),
  progressPercent: z.number(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  free: z.boolean(),
  /** Unlocked: the first lesson, the previous one completed, or a free preview. */
  unlocked: z.boolean(),
});
export type OutlineLesson = z.infer<typeof outlineLessonSchema>;

/** The course outline, computed from the caller's progress. */
export const courseOutlineSchema = z.object({
  course: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    instructor: z.string(),
    /** The instructor's profile handle (/u/{handle}), when they have one. */
    instructorHandle: z.string().nullable(),
    coverImageUrl: z.string().nullable(),
    overallProgress: z.number(),
    completedLessons: z.number(),
    totalLessons: z.number(),
    /** Minutes (the seed's unit); timeSpentSeconds is the same to the second. */
    timeSpent: z.number(),
    timeSpentSeconds: z.number(),
    description: z.string(),
    enrolled: z.boolean(),
    /** The learner's certificate for this course, once every lesson is completed. */
    certificateId: z.string().nullable(),
  }),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      orderIndex: z.number(),
      completedLessons: z.number(),
      totalLessons: z.number(),
      progressPercent: z.number(),
      lessons: z.array(outlineLessonSchema),
    }),
  ),
  streakDays: z.number(),
  resources: z.array(resourceSchema),
});
export type CourseOutline = z.infer<typeof courseOutlineSchema>;

export const lessonProgressSchema = z.object({
  lessonId: z.string(),
  progressPercent: z.number(),
  timeSpent: z.number(),
  lastPosition: z.number(),
  /** Merged [startSec, endSec] pairs actually played; progressPercent is their share of the lesson. */
  watchedRanges: storedRanges(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/** The answer to start, complete and video-progress: the record, and whether this call completed it. */
export const progressSaveResponseSchema = lessonProgressSchema.extend({
  completedNow: z.boolean(),
  /** The certificate this save issued (it completed the course's last lesson), else null. */
  certificateId: z.string().nullable(),
});
export type ProgressSaveResponse = z.infer<typeof progressSaveResponseSchema>;

/** A reading lesson's text: what to know, the steps, the measurements and a diagram (all optional but the intro). */
export const readingSchema = z.object({
  intro: z.string(),
  steps: z.array(z.string()).optional(),
  table: z
    .object({ caption: z.string(), head: z.array(z.string()), rows: z.array(z.array(z.string())) })
    .optional(),
  figure: z.object({ src: z.string(), alt: z.string(), caption: z.string() }).optional(),
  /**
   * A course author's text (contract/authoring.ts): headings, paragraphs, lists, tables, images, measurements, in
   * order. An authored reading has these and an empty intro; the sample's readings have no blocks.
   */
  blocks: z.array(readingBlockSchema).optional(),
});
export type Reading = z.infer<typeof readingSchema>;

export const lessonSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  sectionTitle: z.string(),
  title: z.string(),
  description: z.string(),
  videoUrl: z.string().nullable(),
  /** English captions of the video (WebVTT); null without a video or without captions. */
  captionsUrl: z.string().nullable(),
  /** The frame shown before an uploaded video plays (absent for the sample's clips). */
  posterUrl: z.string().nullable().optional(),
  /** The text of a reading lesson (null for a video lesson or one without text). */
  reading: readingSchema.nullable(),
  duration: z.number(),
  free: z.boolean(),
  resources: z.array(resourceSchema),
  previousLessonId: z.string().nullable(),
  nextLessonId: z.string().nullable(),
  /** A free next lesson is open whatever the learner's progress. */
  nextLessonFree: z.boolean(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/**
 * Body of POST /video-progress. videoProgressSeconds is the playback position (or the timer);
 * eventData.totalTime is the client's running total of seconds spent on the lesson.
 */
export const videoProgressSchema = z.object({
  videoProgressSeconds: z
    .number()
    .min(0)
    .max(24 * 3600),
  eventData: z
    .object({
      totalTime: z
        .number()
        .min(0)
        .max(10 * 24 * 3600)
        .optional(),
      progressPercent: z.number().min(0).max(100).optional(),
      /** The parts played, [startSec, endSec]; the server merges them and caps new coverage by real time. */
      ranges: savedRanges(MAX_RANGES_PER_SAVE).optional(),
    })
    .optional(),
});
export type VideoProgressInput = z.infer<typeof videoProgressSchema>;
