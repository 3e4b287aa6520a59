import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nativeStatements } from '../../db/prepared';
import { courses } from '../../db/schema';
import { instructorHandleSql } from './catalog.queries';
import { latestDayAnywhere, recentDaysSql, streakFromRecent } from './streaks';

const userParam = sql.placeholder('userId');
const courseParam = sql.placeholder('courseId');

/** An ISO 8601 instant as JavaScript's toISOString writes it (milliseconds, `Z`). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The course's lessons with the caller's progress and what the outline derives from it, by the rules of
 * progress-definition.ts: done (completed, or 100 percent watched), the percent shown (100 when completed, else
 * the watched share rounded down, at most 100) and unlocked (the first lesson, a free preview, or the one before
 * it done).
 */
const lessonsCte = sql`l as (
  select l.id, l.section_id, l.title, l.duration_minutes, l.is_free, l.order_index,
    coalesce(p.time_spent_seconds, 0) as spent,
    coalesce(p.completed or p.progress_percent >= 100, false) as done,
    case when p.user_id is null then 0 when p.completed then 100
      else least(100, floor(p.progress_percent))::int end as shown,
    p.completed_at
  from lessons l left join lesson_progress p
    on p.lesson_id = l.id and p.user_id = ${userParam} and p.course_id = l.course_id
  where l.course_id = "courses"."id"),
o as (
  select l.*, (row_number() over w = 1 or l.is_free or coalesce(lag(l.done) over w, false)) as unlocked
  from l window w as (order by l.order_index))`;

/** A share of lessons done, rounded down (courseSummary): 0 for none. */
const percent = (done: string, total: string) =>
  `case when ${total} = 0 then 0 else (${done} * 100 / ${total})::int end`;

/** Rows of `from`, each as compact JSON (row_to_json of `columns`), joined in `order`, in brackets. */
const jsonArray = (columns: string, from: string, order: string) =>
  `'[' || coalesce((select string_agg(j, ',' order by ord) from (
    select ${order} as ord, (select row_to_json(x)::text from (select ${columns}) x) as j from ${from}) z), '') || ']'`;

const lessonJson = jsonArray(
  `o.id, o.title, o.duration_minutes as duration, o.shown as "progressPercent", o.done as completed,
   ${iso('o.completed_at')} as "completedAt", o.is_free as free, o.unlocked`,
  'o where o.section_id = sec.id',
  'o.order_index',
);

/**
 * The outline's answer up to its sections, as JSON text in the contract's field order (courseOutlineSchema):
 * `{"course":{...},"sections":[...]` — the streak and the resources follow (courseOutlineJson).
 */
const headSql = sql`(with ${lessonsCte},
sums as (select count(*)::int as total, count(*) filter (where o.done)::int as done,
  coalesce(sum(o.spent), 0)::int as spent from o),
sec as (
  select s.id, s.title, s.description, s.order_index,
    (select count(*) filter (where o.done) from o where o.section_id = s.id)::int as done,
    (select count(*) from o where o.section_id = s.id)::int as total
  from course_sections s where s.course_id = "courses"."id")
select '{"course":' || (select row_to_json(x)::text from (select
    "courses"."id", "courses"."slug", "courses"."title", "courses"."instructor_name" as instructor,
    ${instructorHandleSql} as "instructorHandle", "courses"."cover_image_url" as "coverImageUrl",
    ${sql.raw(percent('sums.done', 'sums.total'))} as "overallProgress", sums.done as "completedLessons",
    sums.total as "totalLessons", sums.spent / 60 as "timeSpent", sums.spent as "timeSpentSeconds",
    "courses"."description",
    exists (select 1 from enrollments e where e.user_id = ${userParam} and e.course_id = "courses"."id") as enrolled,
    (select c.id from certificates c where c.user_id = ${userParam} and c.course_id = "courses"."id")
      as "certificateId") x)
  || ',"sections":' || ${sql.raw(
    jsonArray(
      `sec.id, sec.title, sec.description, sec.order_index as "orderIndex", sec.done as "completedLessons",
       sec.total as "totalLessons", ${percent('sec.done', 'sec.total')} as "progressPercent",
       (${lessonJson})::json as lessons`,
      'sec',
      'sec.order_index',
    ),
  )}
from sums)`;

/** The course's resources by title (as the outline lists them), compact JSON in resourceSchema's order. */
const resourcesSql = sql`(select '[' || coalesce(string_agg(row_to_json(x)::text, ',' order by x.title, x.id), '') || ']'
  from (select r.id, r.lesson_id as "lessonId", r.title, r.url, r.file_type as "fileType", r.size_bytes as "sizeBytes"
    from lesson_resources r join lessons l on l.id = r.lesson_id where l.course_id = "courses"."id") x)`;

/**
 * The whole outline but the streak in one prepared statement: no row of lessons reaches JavaScript. Run natively
 * (pg's own named statement, decision 027): its columns are head, resources, timeZone, recentDays.
 */
const outlineJsonStatement = nativeStatements('outline_json', (db) =>
  db
    .select({
      head: sql<string>`${headSql}`,
      resources: sql<string>`${resourcesSql}`,
      timeZone: sql<string | null>`(select u.time_zone from users u where u.id = ${userParam})`,
      recentDays: recentDaysSql(userParam, sql.placeholder('latestDay')),
    })
    .from(courses)
    .where(eq(courses.id, courseParam)),
);

/**
 * The course outline as the JSON text the route sends (the same answer as courseOutline, which
 * outline-json.test.ts compares it with, byte for byte, on both backends); null when there is no such course.
 * The streak is the one figure computed here: it needs the learner's calendar day in their time zone.
 */
export async function courseOutlineJson(db: Db, courseId: string, userId: string): Promise<string | null> {
  const now = new Date();
  const [row] = await outlineJsonStatement(db, '')({ userId, courseId, latestDay: latestDayAnywhere(now) });
  if (!row) return null;
  const [head, resources, timeZone, recentDays] = row as [string, string, string | null, string[]];
  const streak = streakFromRecent(recentDays, timeZone ?? 'UTC', now);
  return `${head},"streakDays":${streak},"resources":${resources}}`;
}
