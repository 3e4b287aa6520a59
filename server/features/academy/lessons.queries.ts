import { eq, sql } from 'drizzle-orm';
import type { Lesson, LessonResource } from '../../../contract/academy';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { courseSections, courses, lessons } from '../../db/schema';

export type LessonRow = Lesson & {
  durationSeconds: number;
  /** Only a published course's lessons are open to learners; the author and admins may preview the others. */
  courseStatus: 'draft' | 'published' | 'unpublished';
  courseAuthorId: string | null;
};

/**
 * The lesson's neighbour in its course on one side: its id and whether it is free, as JSON (null at an end).
 * Qualified names: inside a select Drizzle may render a column without its table, which the subquery's own
 * `lessons` would then capture.
 */
const neighbourSql = (direction: 'previous' | 'next') =>
  sql<{ id: string; free: boolean } | null>`(select json_build_object('id', n.id, 'free', n.is_free)
    from lessons n where n.course_id = "lessons"."course_id"
    and n.order_index ${direction === 'next' ? sql`>` : sql`<`} "lessons"."order_index"
    order by n.order_index ${direction === 'next' ? sql`asc` : sql`desc`} limit 1)`;

/**
 * One statement, prepared once: the lesson, its course and section titles, its resources and both neighbours
 * (every progress save reads it, so it is one round trip rather than four).
 */
const lessonStatement = preparedStatements('find_lesson', (db, _key, name) =>
  db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      courseTitle: courses.title,
      courseStatus: courses.status,
      courseAuthorId: courses.instructorUserId,
      sectionTitle: courseSections.title,
      title: lessons.title,
      description: lessons.description,
      videoUrl: lessons.videoUrl,
      captionsUrl: lessons.captionsUrl,
      reading: lessons.reading,
      duration: lessons.durationMinutes,
      free: lessons.isFree,
      resources: sql<LessonResource[]>`(select coalesce(json_agg(json_build_object(
          'id', r.id, 'lessonId', r.lesson_id, 'title', r.title, 'url', r.url, 'fileType', r.file_type,
          'sizeBytes', r.size_bytes
        ) order by r.title), '[]'::json)
        from lesson_resources r where r.lesson_id = "lessons"."id")`,
      previous: neighbourSql('previous'),
      next: neighbourSql('next'),
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.id, sql.placeholder('lessonId')))
    .prepare(name),
);

/** A lesson as its page shows it, with its neighbours in the course and its length in seconds. */
export async function findLesson(db: Db, lessonId: string): Promise<LessonRow | null> {
  const [row] = await lessonStatement(db, '').execute({ lessonId });
  if (!row) return null;
  const { previous, next, ...lesson } = row;
  return {
    ...lesson,
    previousLessonId: previous?.id ?? null,
    nextLessonId: next?.id ?? null,
    nextLessonFree: next?.free ?? false,
    durationSeconds: row.duration * 60,
  };
}
