import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Lesson } from '../../../contract/academy';
import type { Db } from '../../db/client';
import { courseSections, courses, lessonResources, lessons } from '../../db/schema';

export type LessonRow = Lesson & { durationSeconds: number };

/** A lesson as its page shows it, with its neighbours in the course and its length in seconds. */
export async function findLesson(db: Db, lessonId: string): Promise<LessonRow | null> {
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      courseTitle: courses.title,
      sectionTitle: courseSections.title,
      title: lessons.title,
      description: lessons.description,
      videoUrl: lessons.videoUrl,
      captionsUrl: lessons.captionsUrl,
      reading: lessons.reading,
      duration: lessons.durationMinutes,
      free: lessons.isFree,
      orderIndex: lessons.orderIndex,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.id, lessonId));
  if (!row) return null;
  const neighbour = (direction: 'previous' | 'next') =>
    db
      .select({ id: lessons.id, free: lessons.isFree })
      .from(lessons)
      .where(
        and(
          eq(lessons.courseId, row.courseId),
          direction === 'next'
            ? gt(lessons.orderIndex, row.orderIndex)
            : lt(lessons.orderIndex, row.orderIndex),
        ),
      )
      .orderBy(direction === 'next' ? asc(lessons.orderIndex) : desc(lessons.orderIndex))
      .limit(1);
  const [resources, previous, next] = await Promise.all([
    db
      .select()
      .from(lessonResources)
      .where(eq(lessonResources.lessonId, lessonId))
      .orderBy(asc(lessonResources.title)),
    neighbour('previous'),
    neighbour('next'),
  ]);
  const { orderIndex: _o, ...lesson } = row;
  return {
    ...lesson,
    resources,
    previousLessonId: previous[0]?.id ?? null,
    nextLessonId: next[0]?.id ?? null,
    nextLessonFree: next[0]?.free ?? false,
    durationSeconds: row.duration * 60,
  };
}
