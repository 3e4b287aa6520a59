import { and, asc, count, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CourseCard, CourseLanding, ExploreQuery } from '../../../contract/academy';
import type { Db } from '../../db/client';
import { courseBookmarks, courseSections, courses, enrollments, lessons } from '../../db/schema';
import { nativeStatements, preparedStatements } from '../../db/prepared';
import { everyWordIn } from '../../db/search-fold';

// Written with qualified names: inside a select, Drizzle renders a column without its table, and `id` would
// resolve to the subquery's own table.
export const studentsSql = sql<number>`(select count(*)::int from enrollments e where e.course_id = "courses"."id")`;
/** The mean of the course's reviews, one decimal; 0 when it has none. */
export const ratingSql = sql<number>`(select coalesce(round(avg(r.rating)::numeric, 1), 0)::float8 from course_reviews r where r.course_id = "courses"."id")`;
export const reviewCountSql = sql<number>`(select count(*)::int from course_reviews r where r.course_id = "courses"."id")`;
export const instructorHandleSql = sql<
  string | null
>`(select u.handle from users u where u.id = "courses"."instructor_user_id")`;
/** Only published courses are in the catalogue: drafts and unpublished courses are their author's alone. */
export const published = eq(courses.status, 'published');

/** A course this viewer may open: a published one, or (to preview it) their own, or any for an admin. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer?.role === 'admin') return undefined;
  return viewer ? or(published, eq(courses.instructorUserId, viewer.id)) : published;
}
export type Viewer = { id: string; role: string } | null;

export const lessonCountSql = sql<number>`(select count(*)::int from lessons l where l.course_id = "courses"."id")`;

const cardColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  description: courses.description,
  instructor: courses.instructorName,
  instructorHandle: instructorHandleSql,
  level: courses.level,
  category: courses.category,
  duration: courses.durationLabel,
  lessons: lessonCountSql,
  students: studentsSql,
  rating: ratingSql,
  reviewCount: reviewCountSql,
  price: courses.price,
  originalPrice: courses.originalPrice,
  tags: courses.tags,
  coverImage: courses.coverImageUrl,
};

const ORDER: Record<NonNullable<ExploreQuery['sort']>, SQL[]> = {
  popular: [desc(studentsSql), desc(ratingSql), asc(courses.title)],
  rating: [desc(ratingSql), desc(studentsSql), asc(courses.title)],
  // The seed's "newest" orders by title.
  newest: [asc(courses.title)],
  'price-low': [asc(courses.price), asc(courses.title)],
  'price-high': [desc(courses.price), asc(courses.title)],
};

/** Explore without a search, one prepared statement per sort and filter shape (the values are placeholders). */
const exploreStatement = preparedStatements('explore', (db, key, name) => {
  const [sort, category, level] = key.split(':') as [NonNullable<ExploreQuery['sort']>, string, string];
  const where: SQL[] = [published];
  if (category === '1') where.push(eq(courses.category, sql.placeholder('category')));
  if (level === '1') where.push(eq(courses.level, sql.placeholder('level')));
  return db
    .select(cardColumns)
    .from(courses)
    .where(and(...where))
    .orderBy(...ORDER[sort])
    .prepare(name);
});

/** The same orders over the columns of explore's JSON subquery (`c`, named as the card's fields). */
const JSON_ORDER: Record<NonNullable<ExploreQuery['sort']>, SQL> = {
  popular: sql`c."students" desc, c."rating" desc, c."title" asc`,
  rating: sql`c."rating" desc, c."students" desc, c."title" asc`,
  newest: sql`c."title" asc`,
  'price-low': sql`c."price" asc, c."title" asc`,
  'price-high': sql`c."price" desc, c."title" asc`,
};

/** Each card column under its field's name, so that row_to_json writes the card's own keys in its order. */
const namedCardColumns = Object.fromEntries(
  Object.entries(cardColumns).map(([key, column]) => [key, sql`${column}`.as(key)]),
);

/**
 * Explore's answer as one JSON text built by the database: the cards in the contract's field order (each row's
 * row_to_json, compact, joined in the sort's order). No row reaches JavaScript: the route sends the text as it is.
 * Its equivalence with the contract's schema (exploreResponseSchema) is checked by catalog-json.test.ts.
 */
export function exploreJsonSelect(
  db: Db,
  where: SQL | undefined,
  sort: NonNullable<ExploreQuery['sort']>,
  q?: string,
) {
  const cards = db.select(namedCardColumns).from(courses).where(where).as('c');
  const first = q
    ? sql`${exactFirst(q, sql`c."title"`, sql`c."description"`, sql`c."instructor"`)}, `
    : sql``;
  return db
    .select({
      body: sql<string>`coalesce('[' || string_agg(row_to_json(c)::text, ',' order by ${first}${JSON_ORDER[sort]}) || ']', '[]')`,
    })
    .from(cards);
}

/**
 * Explore's JSON without a search, one statement per sort and filter shape, like exploreStatement, run natively
 * (pg's own named statement, not Drizzle's: decision 027).
 */
const exploreJsonStatement = nativeStatements('explore_json', (db, key) => {
  const [sort, category, level] = key.split(':') as [NonNullable<ExploreQuery['sort']>, string, string];
  const where: SQL[] = [published];
  if (category === '1') where.push(eq(courses.category, sql.placeholder('category')));
  if (level === '1') where.push(eq(courses.level, sql.placeholder('level')));
  return exploreJsonSelect(db, and(...where), sort);
});

function exploreFilters(query: ExploreQuery) {
  return {
    category: query.category && query.category !== 'all' ? query.category : null,
    level: query.level && query.level !== 'all' ? query.level : null,
    sort: query.sort ?? 'popular',
  };
}

/** What explore's search reads of a course, folded. */
const courseDocument = (title: SQLWrapper, description: SQLWrapper, instructor: SQLWrapper) =>
  sql`search_fold(concat_ws(' ', ${title}, ${description}, ${instructor}))`;

/** A search's exact matches first (before those that needed a misspelt word forgiven), over the card's columns. */
const exactFirst = (q: string, title: SQLWrapper, description: SQLWrapper, instructor: SQLWrapper) =>
  sql`${everyWordIn(q, courseDocument(title, description, instructor), { exact: true })} desc`;

/** A free-text search in title, description and instructor; built per request (its pattern differs each time). */
function searchWhere(
  q: string,
  category: CourseCard['category'] | null,
  level: CourseCard['level'] | null,
): SQL | undefined {
  // Every word somewhere in the title, description or instructor; accents, case, apostrophes and a misspelt word
  // forgiven (search_fold, everyWordIn): "polish french" finds French Polish.
  const where: SQL[] = [
    published,
    everyWordIn(q, courseDocument(courses.title, courses.description, courses.instructorName)),
  ];
  if (category) where.push(eq(courses.category, category));
  if (level) where.push(eq(courses.level, level));
  return and(...where);
}

/** Explore: search in title, description and instructor; category and level filters; five sorts. */
export async function exploreCourses(db: Db, query: ExploreQuery): Promise<CourseCard[]> {
  const { category, level, sort } = exploreFilters(query);
  if (!query.q)
    return exploreStatement(db, `${sort}:${category ? 1 : 0}:${level ? 1 : 0}`).execute({ category, level });
  return db
    .select(cardColumns)
    .from(courses)
    .where(searchWhere(query.q, category, level))
    .orderBy(exactFirst(query.q, courses.title, courses.description, courses.instructorName), ...ORDER[sort]);
}

/** The same answer as exploreCourses, as the JSON text the route sends (see exploreJsonSelect). */
export async function exploreCoursesJson(db: Db, query: ExploreQuery): Promise<string> {
  const { category, level, sort } = exploreFilters(query);
  if (query.q) {
    const [row] = await exploreJsonSelect(db, searchWhere(query.q, category, level), sort, query.q);
    return row?.body ?? '[]';
  }
  const [row] = await exploreJsonStatement(
    db,
    `${sort}:${category ? 1 : 0}:${level ? 1 : 0}`,
  )({
    category,
    level,
  });
  // The select's one column, a text (coalesce: never null).
  return (row?.[0] as string | undefined) ?? '[]';
}

/** The listing of a course by its slug (or its id), with the caller's enrolment and bookmark. */
export async function courseLanding(db: Db, slugOrId: string, viewer: Viewer): Promise<CourseLanding | null> {
  const userId = viewer?.id ?? null;
  const [row] = await db
    .select({
      ...cardColumns,
      fullDescription: courses.fullDescription,
      instructorBio: courses.instructorBio,
      instructorAvatar: courses.instructorAvatarUrl,
      features: courses.features,
      requirements: courses.requirements,
      learn: courses.learn,
      instructorShop: sql<{
        name: string;
        slug: string;
      } | null>`(select json_build_object('name', s.name, 'slug', s.slug)
        from shops s where s.owner_id = "courses"."instructor_user_id" and s.published limit 1)`,
      builds: courses.builds,
    })
    .from(courses)
    .where(and(or(eq(courses.slug, slugOrId), eq(courses.id, slugOrId)), visibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  const [sections, lessonRows, taught, mine] = await Promise.all([
    db
      .select({ id: courseSections.id, title: courseSections.title })
      .from(courseSections)
      .where(eq(courseSections.courseId, row.id))
      .orderBy(asc(courseSections.orderIndex)),
    db
      .select({
        id: lessons.id,
        sectionId: lessons.sectionId,
        title: lessons.title,
        duration: lessons.durationMinutes,
        free: lessons.isFree,
        captionsMissing: sql<boolean>`(${lessons.videoUrl} is not null and ${lessons.captionsUrl} is null)`,
      })
      .from(lessons)
      .where(eq(lessons.courseId, row.id))
      .orderBy(asc(lessons.orderIndex)),
    db
      .select({ courses: count(), students: sql<number>`coalesce(sum(${studentsSql}), 0)::int` })
      .from(courses)
      .where(and(eq(courses.instructorName, row.instructor), published)),
    userId ? callerFlags(db, userId, row.id) : Promise.resolve({ enrolled: false, bookmarked: false }),
  ]);
  const { instructorBio, instructorAvatar, ...card } = row;
  return {
    ...card,
    instructor: {
      name: row.instructor,
      handle: row.instructorHandle,
      bio: instructorBio,
      avatar: instructorAvatar,
      courses: taught[0]?.courses ?? 1,
      students: taught[0]?.students ?? row.students,
    },
    ...mine,
    curriculum: sections.map((s) => ({
      id: s.id,
      title: s.title,
      lessons: lessonRows.filter((l) => l.sectionId === s.id).map(({ sectionId: _s, ...l }) => l),
    })),
  };
}

async function callerFlags(db: Db, userId: string, courseId: string) {
  const [enrolled, bookmarked] = await Promise.all([
    db
      .select({ c: enrollments.courseId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))),
    db
      .select({ c: courseBookmarks.courseId })
      .from(courseBookmarks)
      .where(and(eq(courseBookmarks.userId, userId), eq(courseBookmarks.courseId, courseId))),
  ]);
  return { enrolled: enrolled.length > 0, bookmarked: bookmarked.length > 0 };
}

export async function courseExists(db: Db, courseId: string): Promise<boolean> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), published));
  return rows.length > 0;
}

/** Whether the viewer may open the course (see visibleTo): the outline's check before it is built. */
export async function courseVisible(db: Db, courseId: string, viewer: Viewer): Promise<boolean> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), visibleTo(viewer)));
  return rows.length > 0;
}

export async function setBookmark(db: Db, userId: string, courseId: string, on: boolean): Promise<void> {
  if (on) await db.insert(courseBookmarks).values({ userId, courseId }).onConflictDoNothing();
  else
    await db
      .delete(courseBookmarks)
      .where(and(eq(courseBookmarks.userId, userId), eq(courseBookmarks.courseId, courseId)));
}

export async function enroll(db: Db, userId: string, courseId: string): Promise<void> {
  await db.insert(enrollments).values({ userId, courseId }).onConflictDoNothing();
}

/** What a lesson's page says about itself before any script runs: the lesson and its course. */
export async function lessonPage(db: Db, lessonId: string) {
  const [row] = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      description: lessons.description,
      videoUrl: lessons.videoUrl,
      duration: lessons.durationMinutes,
      free: lessons.isFree,
      course: {
        slug: courses.slug,
        title: courses.title,
        description: courses.description,
        level: courses.level,
        instructor: courses.instructorName,
        coverImage: courses.coverImageUrl,
      },
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), published));
  return row ?? null;
}

/** Free lessons, which guests may watch: the lesson pages worth a search engine's visit. */
export async function freeLessonIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.isFree, true), published))
    .orderBy(asc(lessons.courseId), asc(lessons.orderIndex));
  return rows.map((r) => r.id);
}
