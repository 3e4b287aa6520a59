import { and, asc, eq, sql } from 'drizzle-orm';
import type { CourseOutline, LearningStats, LessonResource, MyCourse } from '../../../contract/academy';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { courseBookmarks, courses, enrollments, lessonProgress, lessons } from '../../db/schema';
import { instructorHandleSql, lessonCountSql, published, ratingSql } from './catalog.queries';
import {
  courseSummary,
  isDone,
  nextLesson,
  shownPercent,
  unlockedLessons,
  type ProgressFields,
} from './progress-definition';
import { currentStreak, latestDayAnywhere, recentDaysSql, streakFromRecent } from './streaks';

async function progressFor(db: Db, userId: string, courseId?: string) {
  const rows = await db
    .select()
    .from(lessonProgress)
    .where(
      courseId
        ? and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId))
        : eq(lessonProgress.userId, userId),
    );
  return new Map(rows.map((r) => [r.lessonId, r]));
}

/** Every course with the caller's progress: enrolled ones first (most recent activity first), then the rest. */
export async function myCourses(db: Db, userId: string): Promise<MyCourse[]> {
  const [courseRows, lessonRows, enrolled, progress, saved] = await Promise.all([
    db
      .select({
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        description: courses.description,
        instructor: courses.instructorName,
        instructorHandle: instructorHandleSql,
        level: courses.level,
        duration: courses.durationLabel,
        lessons: lessonCountSql,
        rating: ratingSql,
        coverImage: courses.coverImageUrl,
      })
      .from(courses)
      .where(published)
      .orderBy(asc(courses.title)),
    db
      .select({ id: lessons.id, courseId: lessons.courseId, title: lessons.title, free: lessons.isFree })
      .from(lessons)
      .orderBy(asc(lessons.courseId), asc(lessons.orderIndex)),
    db.select().from(enrollments).where(eq(enrollments.userId, userId)),
    progressFor(db, userId),
    db
      .select({ courseId: courseBookmarks.courseId })
      .from(courseBookmarks)
      .where(eq(courseBookmarks.userId, userId)),
  ]);
  const bookmarked = new Set(saved.map((b) => b.courseId));
  const enrolledAt = new Map(enrolled.map((e) => [e.courseId, e.enrolledAt]));
  const list = courseRows.map((c) => {
    const own = lessonRows.filter((l) => l.courseId === c.id);
    const summary = courseSummary(
      own.map((l) => l.id),
      progress,
    );
    const next = nextLesson(own, progress);
    const activity = own
      .map((l) => progress.get(l.id)?.updatedAt.getTime() ?? 0)
      .reduce((a, b) => Math.max(a, b), enrolledAt.get(c.id)?.getTime() ?? 0);
    return {
      ...c,
      progress: summary.progress,
      completedLessons: summary.completedLessons,
      started: summary.started,
      enrolled: enrolledAt.has(c.id),
      bookmarked: bookmarked.has(c.id),
      nextLessonId: next?.id ?? null,
      nextLessonTitle: next?.title ?? null,
      lastActivityAt: activity ? new Date(activity).toISOString() : null,
    };
  });
  const mine = list
    .filter((c) => c.enrolled)
    .sort((a, b) => (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? ''));
  // Saved courses lead the ones not enrolled in yet.
  const rest = list.filter((c) => !c.enrolled).sort((a, b) => Number(b.bookmarked) - Number(a.bookmarked));
  return [...mine, ...rest];
}

export async function learningStats(db: Db, userId: string): Promise<LearningStats> {
  const courses = await myCourses(db, userId);
  const progress = await progressFor(db, userId);
  const rows = [...progress.values()];
  const mine = courses.filter((c) => c.enrolled);
  const seconds = rows.reduce((a, p) => a + p.timeSpentSeconds, 0);
  return {
    coursesEnrolled: mine.length,
    coursesCompleted: mine.filter((c) => c.lessons > 0 && c.completedLessons === c.lessons).length,
    lessonsCompleted: rows.filter(isDone).length,
    timeSpentMinutes: Math.floor(seconds / 60),
    timeSpentSeconds: seconds,
    streakDays: await currentStreak(db, userId),
  };
}

interface OutlineSection {
  id: string;
  title: string;
  description: string;
  orderIndex: number;
}

const userParam = sql.placeholder('userId');
const courseParam = sql.placeholder('courseId');

/**
 * The course with the caller's enrolment, time zone, recent learning days, its sections and its resources (JSON
 * columns). Prepared once: every visit to a course page runs it.
 */
const outlineCourse = preparedStatements('outline_course', (db, _key, name) =>
  db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      instructorName: courses.instructorName,
      instructorHandle: instructorHandleSql,
      coverImageUrl: courses.coverImageUrl,
      description: courses.description,
      enrolled: sql<boolean>`exists (select 1 from enrollments e where e.user_id = ${userParam} and e.course_id = ${courseParam})`,
      timeZone: sql<string | null>`(select u.time_zone from users u where u.id = ${userParam})`,
      certificateId: sql<
        string | null
      >`(select c.id from certificates c where c.user_id = ${userParam} and c.course_id = ${courseParam})`,
      recentDays: recentDaysSql(userParam, sql.placeholder('latestDay')),
      sections: sql<OutlineSection[]>`(select coalesce(json_agg(json_build_object(
          'id', s.id, 'title', s.title, 'description', s.description, 'orderIndex', s.order_index
        ) order by s.order_index), '[]'::json)
        from course_sections s where s.course_id = ${courseParam})`,
      resources: sql<LessonResource[]>`(select coalesce(json_agg(json_build_object(
          'id', r.id, 'lessonId', r.lesson_id, 'title', r.title, 'url', r.url, 'fileType', r.file_type,
          'sizeBytes', r.size_bytes
        ) order by r.title, r.id), '[]'::json)
        from lesson_resources r join lessons l on l.id = r.lesson_id where l.course_id = ${courseParam})`,
    })
    .from(courses)
    .where(eq(courses.id, courseParam))
    .prepare(name),
);

/** The course's lessons with the caller's progress on each, prepared once like outlineCourse. */
const outlineLessons = preparedStatements('outline_lessons', (db, _key, name) =>
  db
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      title: lessons.title,
      durationMinutes: lessons.durationMinutes,
      isFree: lessons.isFree,
      progress: {
        completed: lessonProgress.completed,
        progressPercent: lessonProgress.progressPercent,
        timeSpentSeconds: lessonProgress.timeSpentSeconds,
        completedAt: lessonProgress.completedAt,
      },
    })
    .from(lessons)
    .leftJoin(
      lessonProgress,
      and(
        eq(lessonProgress.lessonId, lessons.id),
        eq(lessonProgress.userId, userParam),
        eq(lessonProgress.courseId, lessons.courseId),
      ),
    )
    .where(eq(lessons.courseId, courseParam))
    .orderBy(asc(lessons.orderIndex))
    .prepare(name),
);

/**
 * The course page with unlock flags (a lesson is open when it is the first, the one before it is done, or a
 * free preview). Two prepared statements, sent together: outlineCourse and outlineLessons. The route sends
 * courseOutlineJson's text instead (one statement, built as JSON by the database); this is the reference it is
 * held to, byte for byte (outline-json.test.ts).
 */
export async function courseOutline(db: Db, courseId: string, userId: string): Promise<CourseOutline | null> {
  const now = new Date();
  const [[course], lessonRows] = await Promise.all([
    outlineCourse(db, '').execute({ userId, courseId, latestDay: latestDayAnywhere(now) }),
    outlineLessons(db, '').execute({ userId, courseId }),
  ]);
  if (!course) return null;
  const progress = new Map<string, ProgressFields>();
  for (const l of lessonRows) if (l.progress) progress.set(l.id, l.progress);
  const { sections, resources } = course;
  const unlocked = unlockedLessons(
    lessonRows.map((l) => ({ id: l.id, free: l.isFree })),
    progress,
  );
  const summary = courseSummary(
    lessonRows.map((l) => l.id),
    progress,
  );
  return {
    course: {
      id: course.id,
      slug: course.slug,
      title: course.title,
      instructor: course.instructorName,
      instructorHandle: course.instructorHandle,
      coverImageUrl: course.coverImageUrl,
      overallProgress: summary.progress,
      completedLessons: summary.completedLessons,
      totalLessons: lessonRows.length,
      timeSpent: Math.floor(summary.timeSpentSeconds / 60),
      timeSpentSeconds: summary.timeSpentSeconds,
      description: course.description,
      enrolled: course.enrolled,
      certificateId: course.certificateId,
    },
    sections: sections.map((s) => {
      const own = lessonRows.filter((l) => l.sectionId === s.id);
      const sum = courseSummary(
        own.map((l) => l.id),
        progress,
      );
      return {
        id: s.id,
        title: s.title,
        description: s.description,
        orderIndex: s.orderIndex,
        completedLessons: sum.completedLessons,
        totalLessons: own.length,
        progressPercent: sum.progress,
        lessons: own.map((l) => {
          const p = progress.get(l.id);
          return {
            id: l.id,
            title: l.title,
            duration: l.durationMinutes,
            progressPercent: shownPercent(p),
            completed: isDone(p),
            completedAt: p?.completedAt?.toISOString() ?? null,
            free: l.isFree,
            unlocked: unlocked.has(l.id),
          };
        }),
      };
    }),
    streakDays: streakFromRecent(course.recentDays, course.timeZone ?? 'UTC', now),
    resources,
  };
}
