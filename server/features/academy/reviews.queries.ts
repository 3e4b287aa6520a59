import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  REVIEW_EDIT_DAYS,
  REVIEW_MIN_PROGRESS,
  type Review,
  type ReviewInput,
  type ReviewList,
} from '../../../contract/academy';
import type { Db } from '../../db/client';
import { courseReviews, lessonProgress, lessons, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import { courseSummary } from './progress-definition';

const DAY_MS = 24 * 3600 * 1000;
const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

const reviewColumns = {
  id: courseReviews.id,
  userId: courseReviews.userId,
  rating: courseReviews.rating,
  text: courseReviews.body,
  createdAt: courseReviews.createdAt,
  updatedAt: courseReviews.updatedAt,
  name: users.displayName,
  handle: users.handle,
};
type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

function toReview(row: ReviewRow, viewerId: string | null): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    author: { name: row.name, handle: row.handle },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mine: row.userId === viewerId,
    editableUntil: editableUntil(row.createdAt).toISOString(),
  };
}

/** The learner's course progress, by the one definition every ring shows: the share of lessons completed. */
export async function courseProgressOf(db: Db, userId: string, courseId: string): Promise<number> {
  const [ids, rows] = await Promise.all([
    db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)),
    db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId))),
  ]);
  return courseSummary(
    ids.map((l) => l.id),
    new Map(rows.map((r) => [r.lessonId, r])),
  ).progress;
}

/** Why the caller may not write a review now, or null when they may. */
async function refusal(db: Db, userId: string | null, courseId: string, hasOwn: boolean) {
  if (!userId) return 'Sign in to review this course.';
  if (hasOwn) return 'You have already reviewed this course.';
  const progress = await courseProgressOf(db, userId, courseId);
  if (progress < REVIEW_MIN_PROGRESS)
    return `Complete at least ${REVIEW_MIN_PROGRESS}% of the course to review it (you have completed ${progress}%).`;
  return null;
}

const selectReviews = (db: Db) =>
  db.select(reviewColumns).from(courseReviews).innerJoin(users, eq(users.id, courseReviews.userId));

/** Average, count per star, one page newest first, and the caller's own review and eligibility. */
export async function listReviews(
  db: Db,
  courseId: string,
  viewerId: string | null,
  page: number,
  pageSize: number,
): Promise<ReviewList> {
  const [stars, rows, own] = await Promise.all([
    db
      .select({ rating: courseReviews.rating, n: count() })
      .from(courseReviews)
      .where(eq(courseReviews.courseId, courseId))
      .groupBy(courseReviews.rating),
    selectReviews(db)
      .where(eq(courseReviews.courseId, courseId))
      .orderBy(desc(courseReviews.createdAt), asc(courseReviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    viewerId
      ? selectReviews(db).where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, viewerId)))
      : Promise.resolve([]),
  ]);
  const perStar = [1, 2, 3, 4, 5].map((s) => stars.find((r) => r.rating === s)?.n ?? 0);
  const total = perStar.reduce((a, b) => a + b, 0);
  const sum = perStar.reduce((a, n, i) => a + n * (i + 1), 0);
  const mine = own[0] ? toReview(own[0], viewerId) : null;
  const reason = await refusal(db, viewerId, courseId, !!mine);
  return {
    average: total ? Math.round((sum / total) * 10) / 10 : 0,
    count: total,
    stars: perStar,
    reviews: rows.map((r) => toReview(r, viewerId)),
    page,
    pageSize,
    mine,
    eligibility: { canReview: reason === null, reason },
  };
}

export async function createReview(db: Db, userId: string, courseId: string, input: ReviewInput) {
  const [existing] = await db
    .select({ id: courseReviews.id })
    .from(courseReviews)
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)));
  if (existing) throw conflict('You have already reviewed this course.', 'REVIEW_EXISTS');
  const reason = await refusal(db, userId, courseId, false);
  if (reason) throw forbidden(reason);
  const [row] = await db
    .insert(courseReviews)
    .values({ courseId, userId, rating: input.rating, body: input.text })
    .onConflictDoNothing()
    .returning({ id: courseReviews.id });
  // Two requests at once: the unique index lets one in.
  if (!row) throw conflict('You have already reviewed this course.', 'REVIEW_EXISTS');
  return reviewById(db, row.id, userId);
}

async function reviewById(db: Db, id: string, viewerId: string): Promise<Review> {
  const [row] = await selectReviews(db).where(eq(courseReviews.id, id));
  if (!row) throw notFound('Review not found.');
  return toReview(row, viewerId);
}

/** Loads a review of the course for a change by its author; 404 when it is not there, 403 when not theirs. */
async function ownReview(db: Db, userId: string, courseId: string, reviewId: string) {
  const uuid = /^[0-9a-f-]{36}$/i.test(reviewId) ? reviewId : null;
  const [row] = uuid
    ? await db
        .select()
        .from(courseReviews)
        .where(and(eq(courseReviews.id, uuid), eq(courseReviews.courseId, courseId)))
    : [];
  if (!row) throw notFound('Review not found.');
  if (row.userId !== userId) throw forbidden('Only its author can change a review.');
  return row;
}

export async function updateReview(
  db: Db,
  userId: string,
  courseId: string,
  reviewId: string,
  input: ReviewInput,
  now = new Date(),
) {
  const row = await ownReview(db, userId, courseId, reviewId);
  if (now > editableUntil(row.createdAt))
    throw forbidden(
      `A review can be edited for ${REVIEW_EDIT_DAYS} days after it is written; you may still delete it.`,
    );
  await db
    .update(courseReviews)
    .set({ rating: input.rating, body: input.text, updatedAt: sql`now()` })
    .where(eq(courseReviews.id, row.id));
  return reviewById(db, row.id, userId);
}

export async function deleteReview(db: Db, userId: string, courseId: string, reviewId: string) {
  const row = await ownReview(db, userId, courseId, reviewId);
  await db.delete(courseReviews).where(eq(courseReviews.id, row.id));
}
