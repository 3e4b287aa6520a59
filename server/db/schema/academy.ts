import type { Reading } from '../../../contract/academy';
import type { CourseBuild } from '../../../contract/certificates';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** A course of the free academy. Ids are readable (`course-1`), the slug names its listing page. */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    fullDescription: text('full_description').notNull(),
    instructorName: text('instructor_name').notNull(),
    instructorBio: text('instructor_bio').notNull().default(''),
    instructorAvatarUrl: text('instructor_avatar_url'),
    /** The maker who teaches it, when they have an account; the course outlives their account. */
    instructorUserId: uuid('instructor_user_id').references(() => users.id, { onDelete: 'set null' }),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    category: text('category', { enum: ['classical', 'acoustic', 'electric', 'repair'] }).notNull(),
    durationLabel: text('duration_label').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    rating: doublePrecision('rating').notNull().default(0),
    tags: textArray('tags'),
    coverImageUrl: text('cover_image_url'),
    features: textArray('features'),
    requirements: textArray('requirements'),
    /** Set for a course that builds an instrument: its certificate opens a passport prefilled from this. */
    builds: jsonb('builds').$type<CourseBuild>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Only a published course is seen by anyone but its author and the admins (explore, listing, outline, lessons,
     * progress, reviews). The sample's courses are published; an authored one starts as a draft.
     */
    status: text('status', { enum: ['draft', 'published', 'unpublished'] })
      .notNull()
      .default('published'),
    /** First published (kept when it is unpublished and published again). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Who took it out of the academy (its author, or an admin with a reason the author is told), and when. */
    unpublishedBy: text('unpublished_by', { enum: ['author', 'admin'] }),
    unpublishReason: text('unpublish_reason'),
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    /** What a learner will learn (authored courses). */
    learn: textArray('learn'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courses_slug_key').on(t.slug),
    index('courses_status_idx').on(t.status),
    index('courses_category_level_idx').on(t.category, t.level),
    index('courses_level_idx').on(t.level),
    index('courses_instructor_idx').on(t.instructorUserId),
    index('courses_instructor_name_idx').on(t.instructorName),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    orderIndex: integer('order_index').notNull(),
  },
  (t) => [uniqueIndex('course_sections_course_order_key').on(t.courseId, t.orderIndex)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: text('id').primaryKey(),
    /** Denormalised from the section so course-wide lesson order is one index scan. */
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    /** Position in the whole course (not only the section): unlock rules follow it. */
    orderIndex: integer('order_index').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A film or a timed reading; an authored video lesson is a video lesson before its file is uploaded. */
    kind: text('kind', { enum: ['video', 'reading'] })
      .notNull()
      .default('video'),
    /** A file served by the app (/videos/...) or an external URL; null means a timed reading lesson. */
    videoUrl: text('video_url'),
    /** English captions of the video (WebVTT, served by the app); its cues are the transcript under the player. */
    captionsUrl: text('captions_url'),
    /** A reading lesson's text, diagrams and measurements (contract/academy.ts, readingSchema). */
    reading: jsonb('reading').$type<Reading>(),
    durationMinutes: integer('duration_minutes').notNull(),
    isFree: boolean('is_free').notNull().default(false),
  },
  (t) => [
    uniqueIndex('lessons_course_order_key').on(t.courseId, t.orderIndex),
    index('lessons_section_idx').on(t.sectionId),
  ],
);

export const lessonResources = pgTable(
  'lesson_resources',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    fileType: text('file_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [index('lesson_resources_lesson_idx').on(t.lessonId)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('enrollments_course_idx').on(t.courseId)],
);

export const courseBookmarks = pgTable(
  'course_bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_bookmarks_course_idx').on(t.courseId),
  ],
);

/** One row per learner and lesson; see docs/decisions/005-learning-progress.md for the save rules. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** 0 to 100, only ever raised. */
    progressPercent: doublePrecision('progress_percent').notNull().default(0),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    lastPositionSeconds: doublePrecision('last_position_seconds').notNull().default(0),
    /** The parts of the video (or reading timer) actually played, merged: [[startSec, endSec], ...] in order. */
    watchedRanges: jsonb('watched_ranges')
      .$type<[number, number][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last save of any kind. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When time was last credited: the next save may add at most the real seconds since then. */
    timeCreditedAt: timestamp('time_credited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_user_course_idx').on(t.userId, t.courseId),
    index('lesson_progress_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

/**
 * One learner's clock across all their lessons: watched coverage and time are credited against the real time
 * since these marks, so lessons played side by side share one budget instead of each having their own.
 */
export const learningClocks = pgTable('learning_clocks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The last save that carried watched ranges. */
  coverageAt: timestamp('coverage_at', { withTimezone: true }).notNull().defaultNow(),
  /** When time was last credited on any lesson. */
  timeCreditedAt: timestamp('time_credited_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Days (in the learner's time zone) on which they saved progress; streaks are runs of these. */
export const learningDays = pgTable(
  'learning_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One review per learner and course; the course's rating on every card is the mean of these. */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_key').on(t.courseId, t.userId),
    index('course_reviews_course_created_idx').on(t.courseId, t.createdAt),
    check('course_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A certificate of completion, issued once when a learner completes every lesson of a course: an Open Badges 3.0
 * credential kept as issued (the signed compact VC-JWT and the credential it carries), so a later key rotation or
 * course rename never changes what was signed. Ids are random (a link cannot be guessed).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    kid: text('kid').notNull(),
    jwt: text('jwt').notNull(),
    credential: jsonb('credential').$type<Record<string, unknown>>().notNull(),
    /** The learner lists it on their public profile. */
    showOnProfile: boolean('show_on_profile').notNull().default(false),
  },
  (t) => [
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId),
    index('certificates_course_idx').on(t.courseId),
  ],
);

/**
 * Every certificate key, by its RFC 7638 thumbprint. Those that signed a certificate are published in the JWKS
 * (so certificates signed before a rotation still verify) until revoked. New certificates are signed with RS256;
 * the Ed25519 (EdDSA) keys of the first certificates were retired when RS256 came and stay published.
 * `seed` is the private key, kept only for a key the app generated itself (a key from CERTIFICATE_SIGNING_KEY
 * stays in the environment): an Ed25519 seed, or an RSA key as base64 PKCS#8 DER.
 */
export const certificateKeys = pgTable('certificate_keys', {
  kid: text('kid').primaryKey(),
  /** RS256 or EdDSA. */
  alg: text('alg').notNull().default('EdDSA'),
  /** Ed25519: the base64url `x`; RSA: the public JWK (`kty`, `n`, `e`) as JSON. */
  publicKey: text('public_key').notNull(),
  seed: text('seed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When it first signed a certificate: from then on it is published (a key that signed nothing is not). */
  firstSignedAt: timestamp('first_signed_at', { withTimezone: true }),
  /** An operator retired it: it signs nothing more and stays published for what it signed. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  /** An operator revoked it: it signs nothing more, leaves the JWKS, and what it signed verifies as revoked. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** A signed-in person's report of a course to the admins; one per person and course (a new one replaces it). */
export const courseReports = pgTable(
  'course_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_reports_course_reporter_key').on(t.courseId, t.reporterId),
    index('course_reports_created_idx').on(t.createdAt),
  ],
);
