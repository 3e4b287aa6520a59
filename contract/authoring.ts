import { z } from 'zod';
import { COURSE_CATEGORIES, COURSE_LEVELS } from './academy-values';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';

// Course authoring: a luthier writes a course (a draft), its sections and lessons, and publishes it. Authored
// courses are free. Reading lessons are structured blocks (never HTML), rendered by the client as elements.

export const COURSE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export const LESSON_KINDS = ['video', 'reading'] as const;
export const MEASUREMENT_UNITS = ['mm', 'cm', 'm', 'in', 'g', 'kg', 'oz', 'lb', 'Hz', '°C', '%'] as const;

export const AUTHORING_LIMITS = {
  title: 120,
  description: 300,
  fullDescription: 10_000,
  tags: 10,
  tag: 40,
  /** "Requirements" and "What you will learn": this many items of at most listItem characters. */
  listItems: 12,
  listItem: 200,
  sectionDescription: 1000,
  lessonDescription: 1000,
  /** A reading lesson: at most this many blocks. */
  blocks: 60,
  paragraph: 3000,
  blockListItems: 20,
  blockListItem: 300,
  tableColumns: 6,
  tableRows: 24,
  tableCell: 60,
  report: 1000,
  unpublishReason: 1000,
  /** Sections in a course, lessons in a section. */
  sections: 50,
  lessonsPerSection: 100,
} as const;

/** Words a minute used to estimate a reading lesson's length (and so its reading timer). */
export const READING_WORDS_PER_MINUTE = 200;

/** A one-line text (title, tag, label): trimmed, bounded, no invisible characters. */
const line = (max: number, required = 'This is required.') =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters.`)
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE);
/** A longer text: line breaks allowed. */
const text = (max: number, required = 'This is required.', min = 1) =>
  z
    .string({ message: required })
    .trim()
    .min(min, required)
    .max(max, `At most ${max} characters.`)
    .refine(isCleanText, CONTROL_CHAR_MESSAGE);
const list = (max: number, itemMax: number, label: string) =>
  z.array(line(itemMax, 'Remove the empty item.')).max(max, `At most ${max} ${label}.`);

export const courseStatusSchema = z.enum(COURSE_STATUSES);
export const lessonKindSchema = z.enum(LESSON_KINDS);
export type LessonKind = z.infer<typeof lessonKindSchema>;

const level = z.enum(COURSE_LEVELS, { message: 'Choose a level.' });
const category = z.enum(COURSE_CATEGORIES, { message: 'Choose a category.' });

/** Body of POST /api/lms/authoring/courses. */
export const courseDraftInputSchema = z.object({
  title: line(AUTHORING_LIMITS.title, 'Give the course a title.'),
  description: text(AUTHORING_LIMITS.description, 'Describe the course in a sentence or two.'),
  level,
  category,
});
export type CourseDraftInput = z.input<typeof courseDraftInputSchema>;

/**
 * Body of PATCH /api/lms/authoring/courses/{id}: a JSON merge patch, every field optional (left out stays as it
 * is). coverImage takes only null (removes the cover); a cover is set by uploading one.
 */
export const courseDraftPatchSchema = z.object({
  title: line(AUTHORING_LIMITS.title, 'Give the course a title.').optional(),
  description: text(AUTHORING_LIMITS.description, 'Describe the course in a sentence or two.').optional(),
  fullDescription: text(AUTHORING_LIMITS.fullDescription, '', 0).optional(),
  level: level.optional(),
  category: category.optional(),
  tags: list(AUTHORING_LIMITS.tags, AUTHORING_LIMITS.tag, 'tags').optional(),
  requirements: list(AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem, 'requirements').optional(),
  learn: list(AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem, 'points').optional(),
  coverImage: z.null().optional(),
});
export type CourseDraftPatch = z.input<typeof courseDraftPatchSchema>;

/** Body of POST /api/lms/authoring/courses/{id}/sections. */
export const sectionInputSchema = z.object({
  title: line(AUTHORING_LIMITS.title, 'Give the section a title.'),
  description: text(AUTHORING_LIMITS.sectionDescription, '', 0).optional(),
});
/** Body of PATCH /api/lms/authoring/sections/{id} (merge patch). */
export const sectionPatchSchema = sectionInputSchema.partial();

/** Body of POST /api/lms/authoring/sections/{id}/lessons. */
export const lessonInputSchema = z.object({
  title: line(AUTHORING_LIMITS.title, 'Give the lesson a title.'),
  kind: lessonKindSchema,
  /** A free preview: open to anyone, signed in or not. */
  free: z.boolean().optional(),
});
/** Body of PATCH /api/lms/authoring/lessons/{id} (merge patch). A lesson's kind is chosen once. */
export const lessonPatchSchema = z.object({
  title: line(AUTHORING_LIMITS.title, 'Give the lesson a title.').optional(),
  description: text(AUTHORING_LIMITS.lessonDescription, '', 0).optional(),
  free: z.boolean().optional(),
});

/** Bodies of the reorder operations: every id once, in the new order. */
export const sectionOrderSchema = z.object({
  sectionIds: z.array(z.string().max(40)).min(1).max(AUTHORING_LIMITS.sections),
});
/**
 * Every lesson the section is to hold, in order: a lesson of another section of the same course moves here
 * (dragged between sections). Lessons of this section left out are refused (400): delete them instead.
 */
export const lessonOrderSchema = z.object({
  lessonIds: z.array(z.string().max(40)).max(AUTHORING_LIMITS.lessonsPerSection),
});

// Reading lessons: blocks, each a kind of element the client renders itself.
const cell = z
  .string()
  .trim()
  .max(AUTHORING_LIMITS.tableCell, `A cell is at most ${AUTHORING_LIMITS.tableCell} characters.`)
  .refine(isCleanLine, CONTROL_CHAR_MESSAGE);
/** An image uploaded for this course (POST .../courses/{id}/images): only the app's own media addresses. */
export const MEDIA_URL_PATTERN = /^\/media\/[0-9a-f-]{36}\/\d{2,5}\.webp$/;
export const readingBlockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('heading'),
    level: z.union([z.literal(2), z.literal(3)]),
    text: line(AUTHORING_LIMITS.title, 'Write the heading.'),
  }),
  z.object({ type: z.literal('paragraph'), text: text(AUTHORING_LIMITS.paragraph, 'Write the paragraph.') }),
  z.object({
    type: z.literal('list'),
    ordered: z.boolean(),
    items: z
      .array(text(AUTHORING_LIMITS.blockListItem, 'Remove the empty item.'))
      .min(1, 'A list needs an item.')
      .max(AUTHORING_LIMITS.blockListItems, `At most ${AUTHORING_LIMITS.blockListItems} items.`),
  }),
  z.object({
    type: z.literal('table'),
    caption: line(
      AUTHORING_LIMITS.title,
      'Give the table a caption (it names the table for screen readers).',
    ),
    head: z
      .array(cell)
      .min(1, 'A table needs a heading row.')
      .max(AUTHORING_LIMITS.tableColumns, `At most ${AUTHORING_LIMITS.tableColumns} columns.`),
    rows: z
      .array(z.array(cell).max(AUTHORING_LIMITS.tableColumns))
      .min(1, 'A table needs a row.')
      .max(AUTHORING_LIMITS.tableRows, `At most ${AUTHORING_LIMITS.tableRows} rows.`),
  }),
  z.object({
    type: z.literal('image'),
    src: z.string().max(80).regex(MEDIA_URL_PATTERN, 'Upload the image first.'),
    alt: line(300, 'Describe the image for people who cannot see it.'),
    caption: line(300).optional(),
  }),
  z.object({
    type: z.literal('measurement'),
    label: line(AUTHORING_LIMITS.title, 'Say what is measured.'),
    value: z.number({ message: 'Enter a number.' }).finite().min(-1e6).max(1e6),
    unit: z.enum(MEASUREMENT_UNITS, { message: 'Choose a unit.' }),
    /** ± this much, in the same unit. */
    tolerance: z.number().finite().min(0).max(1e6).optional(),
  }),
]);
export type ReadingBlock = z.infer<typeof readingBlockSchema>;
export const readingBlocksSchema = z
  .array(readingBlockSchema)
  .min(1, 'Write something: a reading lesson needs text.')
  .max(AUTHORING_LIMITS.blocks, `At most ${AUTHORING_LIMITS.blocks} blocks.`);

/** Body of PUT /api/lms/authoring/lessons/{id}/reading. */
export const readingInputSchema = z.object({ body: readingBlocksSchema });
export type ReadingInput = z.input<typeof readingInputSchema>;

/** Body of POST /api/lms/courses/{id}/reports (anyone signed in). */
export const courseReportInputSchema = z.object({
  reason: text(AUTHORING_LIMITS.report, 'Say what is wrong with this course.'),
});
export type CourseReportInput = z.input<typeof courseReportInputSchema>;
/** Body of POST /api/admin/courses/{id}/unpublish: the reason the author is told. */
export const adminUnpublishInputSchema = z.object({
  reason: text(AUTHORING_LIMITS.unpublishReason, 'Tell the author why the course is unpublished.'),
});
export type AdminUnpublishInput = z.input<typeof adminUnpublishInputSchema>;

/** One thing a course lacks before it can be published; `field` names where (cover, sections, lesson.{id}). */
export const publishProblemSchema = z.object({
  field: z.string(),
  message: z.string(),
  lessonId: z.string().nullable(),
});
export type PublishProblem = z.infer<typeof publishProblemSchema>;
/** The publish check: the course is ready when nothing is missing. */
export const publishCheckSchema = z.object({ ready: z.boolean(), missing: z.array(publishProblemSchema) });
export type PublishCheck = z.infer<typeof publishCheckSchema>;

/** Why a course is not published (after it was): by its author, or by an admin with the reason shown. */
export const unpublishedSchema = z.object({
  by: z.enum(['author', 'admin']),
  reason: z.string().nullable(),
  at: z.string(),
});

export const authoringLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: lessonKindSchema,
  free: z.boolean(),
  /** Minutes: a video's length, or a reading's estimate from its words. */
  durationMinutes: z.number(),
  videoUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  /** A reading lesson's blocks (null until written, and for a video lesson). */
  reading: z.array(readingBlockSchema).nullable(),
});
export type AuthoringLesson = z.infer<typeof authoringLessonSchema>;

export const authoringSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  lessons: z.array(authoringLessonSchema),
});
export type AuthoringSection = z.infer<typeof authoringSectionSchema>;

/** A course as its author edits it: every field, its outline, its state and what publishing still needs. */
export const authoringCourseSchema = z.object({
  id: z.string(),
  /** Its listing page once published: /learn/courses/{slug}. */
  slug: z.string(),
  status: courseStatusSchema,
  publishedAt: z.string().nullable(),
  unpublished: unpublishedSchema.nullable(),
  title: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  level: z.enum(COURSE_LEVELS),
  category: z.enum(COURSE_CATEGORIES),
  tags: z.array(z.string()),
  requirements: z.array(z.string()),
  learn: z.array(z.string()),
  coverImage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sections: z.array(authoringSectionSchema),
  publishCheck: publishCheckSchema,
});
export type AuthoringCourse = z.infer<typeof authoringCourseSchema>;

/** A row of GET /api/lms/authoring/courses (the caller's courses). */
export const authoringCourseSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: courseStatusSchema,
  unpublished: unpublishedSchema.nullable(),
  coverImage: z.string().nullable(),
  sections: z.number(),
  lessons: z.number(),
  /** Learners enrolled. */
  students: z.number(),
  updatedAt: z.string(),
});
export type AuthoringCourseSummary = z.infer<typeof authoringCourseSummarySchema>;
export const authoringCourseListSchema = z.array(authoringCourseSummarySchema);

/** An uploaded image (cover or reading-lesson image): its address (largest variant) and size. */
export const authoringImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** A report in the admins' queue. */
export const courseReportSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  courseSlug: z.string(),
  courseStatus: courseStatusSchema,
  reason: z.string(),
  reporterName: z.string(),
  createdAt: z.string(),
});
export type CourseReport = z.infer<typeof courseReportSchema>;
export const courseReportListSchema = z.array(courseReportSchema);
