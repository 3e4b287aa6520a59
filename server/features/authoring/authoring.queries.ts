import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AuthoringCourse,
  AuthoringCourseSummary,
  AuthoringLesson,
  AuthoringSection,
  PublishCheck,
  PublishProblem,
  ReadingBlock,
} from '../../../contract/authoring';
import type { Db } from '../../db/client';
import { courseSections, courses, enrollments, lessons, media } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { durationLabel } from './reading-time';

type CourseRow = typeof courses.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
type SectionRow = typeof courseSections.$inferSelect;

/** A short random id with a readable prefix: `c-…` courses, `s-…` sections, `l-…` lessons (never "listing"). */
export const newId = (prefix: 'c' | 's' | 'l') =>
  `${prefix}-${crypto
    .randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')}`;

/** A listing address from a title: lower-case words joined by dashes, with a random tail so two never clash. */
export function slugFor(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || 'course'}-${crypto.randomBytes(3).toString('hex')}`;
}

/** The author and the admins may see and change a course that is not published; nobody else learns it exists. */
export const mayEdit = (
  course: Pick<CourseRow, 'instructorUserId'>,
  user: Pick<SessionUser, 'id' | 'role'>,
) => user.role === 'admin' || course.instructorUserId === user.id;

const missing = () => notFound('Course not found.');

/** The course if `user` may edit it, else 404 (whether it exists or not). */
export async function editableCourse(db: Db, courseId: string, user: SessionUser): Promise<CourseRow> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!row || !mayEdit(row, user)) throw missing();
  return row;
}

export async function editableSection(db: Db, sectionId: string, user: SessionUser) {
  const [row] = await db
    .select({ section: courseSections, course: courses })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.id, sectionId))
    .limit(1);
  if (!row || !mayEdit(row.course, user)) throw notFound('Section not found.');
  return row;
}

export async function editableLesson(db: Db, lessonId: string, user: SessionUser) {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row || !mayEdit(row.course, user)) throw notFound('Lesson not found.');
  return row;
}

export function lessonView(l: LessonRow): AuthoringLesson {
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    kind: l.kind,
    free: l.isFree,
    durationMinutes: l.durationMinutes,
    videoUrl: l.videoUrl,
    captionsUrl: l.captionsUrl,
    reading: l.reading?.blocks ?? null,
  };
}

export function sectionView(s: SectionRow, sectionLessons: LessonRow[]): AuthoringSection {
  return { id: s.id, title: s.title, description: s.description, lessons: sectionLessons.map(lessonView) };
}

/** What publishing still needs: a cover, a section, lessons in every section, each with its content. */
export function publishCheck(course: CourseRow, sections: SectionRow[], all: LessonRow[]): PublishCheck {
  const problems: PublishProblem[] = [];
  const add = (field: string, message: string, lessonId: string | null = null) =>
    problems.push({ field, message, lessonId });
  if (!course.coverImageUrl) add('cover', 'Add a cover image.');
  if (sections.length === 0) add('sections', 'Add at least one section with a lesson.');
  for (const s of sections) {
    const own = all.filter((l) => l.sectionId === s.id);
    if (own.length === 0) add(`section.${s.id}`, `Section “${s.title}” has no lessons.`);
    for (const l of own) {
      if (l.kind === 'video' && !l.videoUrl) add(`lesson.${l.id}`, `Lesson “${l.title}” has no video.`, l.id);
      if (l.kind === 'reading' && !l.reading?.blocks?.length && !l.reading?.intro)
        add(`lesson.${l.id}`, `Lesson “${l.title}” has no text.`, l.id);
    }
  }
  return { ready: problems.length === 0, missing: problems };
}

async function outline(db: Db, courseId: string) {
  const [sections, all] = await Promise.all([
    db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.orderIndex)),
    db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.orderIndex)),
  ]);
  return { sections, all };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The course as its author edits it. */
export async function authoringCourse(db: Db, courseId: string): Promise<AuthoringCourse> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw missing();
  const { sections, all } = await outline(db, courseId);
  return {
    id: course.id,
    slug: course.slug,
    status: course.status,
    publishedAt: iso(course.publishedAt),
    unpublished: unpublishedOf(course),
    title: course.title,
    description: course.description,
    fullDescription: course.fullDescription,
    level: course.level,
    category: course.category,
    tags: course.tags,
    requirements: course.requirements,
    learn: course.learn,
    coverImage: course.coverImageUrl,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
    sections: sections.map((s) =>
      sectionView(
        s,
        all.filter((l) => l.sectionId === s.id),
      ),
    ),
    publishCheck: publishCheck(course, sections, all),
  };
}

const unpublishedOf = (c: CourseRow) =>
  c.status === 'unpublished' && c.unpublishedBy && c.unpublishedAt
    ? { by: c.unpublishedBy, reason: c.unpublishReason, at: c.unpublishedAt.toISOString() }
    : null;

/** The courses a person teaches, newest change first. */
export async function myAuthoredCourses(db: Db, userId: string): Promise<AuthoringCourseSummary[]> {
  const rows = await db
    .select({
      course: courses,
      sections: sql<number>`(select count(*)::int from course_sections s where s.course_id = "courses"."id")`,
      lessons: sql<number>`(select count(*)::int from lessons l where l.course_id = "courses"."id")`,
      students: sql<number>`(select count(*)::int from enrollments e where e.course_id = "courses"."id")`,
    })
    .from(courses)
    .where(eq(courses.instructorUserId, userId))
    .orderBy(desc(courses.updatedAt), asc(courses.id));
  return rows.map((r) => ({
    id: r.course.id,
    slug: r.course.slug,
    title: r.course.title,
    status: r.course.status,
    unpublished: unpublishedOf(r.course),
    coverImage: r.course.coverImageUrl,
    sections: r.sections,
    lessons: r.lessons,
    students: r.students,
    updatedAt: r.course.updatedAt.toISOString(),
  }));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * After any change of the outline: lessons numbered 1..n across the course in section order (unlocking follows
 * this order), the card's length label, and the change time. Lesson ids never change, so progress stays.
 */
export async function renumber(tx: Tx | Db, courseId: string): Promise<void> {
  const sections = await tx
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.orderIndex));
  const all = await tx
    .select({ id: lessons.id, sectionId: lessons.sectionId, minutes: lessons.durationMinutes })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.orderIndex));
  const ordered = sections.flatMap((s) => all.filter((l) => l.sectionId === s.id));
  // Two steps: out of the way (negative), then 1..n, so the unique (course, order) index never sees a clash.
  await tx
    .update(lessons)
    .set({ orderIndex: sql`-${lessons.orderIndex} - 1` })
    .where(eq(lessons.courseId, courseId));
  for (const [i, l] of ordered.entries())
    await tx
      .update(lessons)
      .set({ orderIndex: i + 1 })
      .where(eq(lessons.id, l.id));
  const minutes = all.reduce((n, l) => n + l.minutes, 0);
  await tx
    .update(courses)
    .set({ durationLabel: durationLabel(minutes), updatedAt: new Date() })
    .where(eq(courses.id, courseId));
}

/** Sets the sections' order; false when the ids are not exactly the course's sections. */
export async function orderSections(db: Db, courseId: string, ids: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId));
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      return false;
    await tx
      .update(courseSections)
      .set({ orderIndex: sql`-${courseSections.orderIndex} - 1` })
      .where(eq(courseSections.courseId, courseId));
    for (const [i, id] of ids.entries())
      await tx
        .update(courseSections)
        .set({ orderIndex: i + 1 })
        .where(eq(courseSections.id, id));
    await renumber(tx, courseId);
    return true;
  });
}

/**
 * Puts `ids` in the section in this order: every lesson of the section, plus any moved here from another
 * section of the course. Null when done, else what is wrong (an id of another course, twice, or one left out).
 */
export async function orderLessons(
  db: Db,
  courseId: string,
  sectionId: string,
  ids: string[],
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: lessons.id, sectionId: lessons.sectionId })
      .from(lessons)
      .where(eq(lessons.courseId, courseId));
    const inCourse = new Map(rows.map((r) => [r.id, r.sectionId]));
    if (new Set(ids).size !== ids.length) return 'A lesson is listed twice.';
    if (!ids.every((id) => inCourse.has(id))) return 'A lesson is not one of this course’s.';
    const left = rows.filter((r) => r.sectionId === sectionId && !ids.includes(r.id));
    if (left.length) return 'Every lesson of the section must be listed (delete a lesson to remove it).';
    // Order within the course is rebuilt by renumber: here each lesson gets its section and a rank in it.
    for (const [i, id] of ids.entries())
      await tx
        .update(lessons)
        .set({ sectionId, orderIndex: sql`-1000000 - ${i}` })
        .where(eq(lessons.id, id));
    await renumberWithin(tx, courseId, sectionId, ids);
    return null;
  });
}

/** renumber, with one section's lessons in the order given. */
async function renumberWithin(tx: Tx, courseId: string, sectionId: string, ids: string[]) {
  const sections = await tx
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.orderIndex));
  const all = await tx
    .select({ id: lessons.id, sectionId: lessons.sectionId, order: lessons.orderIndex })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.orderIndex));
  const ordered = sections.flatMap((s) =>
    s.id === sectionId ? ids : all.filter((l) => l.sectionId === s.id).map((l) => l.id),
  );
  await tx
    .update(lessons)
    .set({ orderIndex: sql`-2000000 - ${lessons.orderIndex}` })
    .where(eq(lessons.courseId, courseId));
  for (const [i, id] of ordered.entries())
    await tx
      .update(lessons)
      .set({ orderIndex: i + 1 })
      .where(eq(lessons.id, id));
  await renumber(tx, courseId);
}

/** The next free place at the end: sections by their order, lessons after every lesson of the course. */
export async function nextSectionIndex(db: Db | Tx, courseId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${courseSections.orderIndex}), 0)::int` })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId));
  return (row?.max ?? 0) + 1;
}

export async function sectionCount(db: Db, courseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId));
  return row?.n ?? 0;
}

export async function lessonCount(db: Db, sectionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lessons).where(eq(lessons.sectionId, sectionId));
  return row?.n ?? 0;
}

export async function enrolledCount(db: Db, courseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
  return row?.n ?? 0;
}

/** Every image block's upload is in the media store and was uploaded by one of `owners`. */
export async function imagesAreOwn(db: Db, blocks: ReadingBlock[], owners: string[]): Promise<boolean> {
  const ids = blocks.flatMap((b) => (b.type === 'image' ? [b.src.split('/')[2]!] : []));
  if (ids.length === 0) return true;
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, [...new Set(ids)]), inArray(media.ownerId, owners)));
  return rows.length === new Set(ids).size;
}
