import type { FastifyInstance } from 'fastify';
import {
  reviewInputSchema,
  reviewListSchema,
  reviewSchema,
  reviewsQuerySchema,
} from '../../../contract/academy';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../plugins/errors';
import { requireUser } from '../../plugins/sessions';
import { courseExists } from './catalog.queries';
import { createReview, deleteReview, listReviews, updateReview } from './reviews.queries';

type CourseParams = { Params: { courseId: string } };
type ReviewParams = { Params: { courseId: string; reviewId: string } };

/**
 * Course reviews: anyone reads them; a learner with at least a quarter of the course completed writes one,
 * edits it for 30 days and may delete it. Writes clear the shared cache: the rating on every card changes.
 */
export async function reviewRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const limitWrites = (userId: string) => app.rateLimit(`academy-review:${userId}`, 30, 60 * 60_000);
  const courseOr404 = async (courseId: string) => {
    if (!(await courseExists(db, courseId))) throw notFound('Course not found.');
  };

  app.get<CourseParams>('/api/lms/courses/:courseId/reviews', async (request) => {
    const { page, pageSize } = parse(reviewsQuerySchema, request.query);
    await courseOr404(request.params.courseId);
    const list = await listReviews(db, request.params.courseId, request.user?.id ?? null, page, pageSize);
    return reviewListSchema.parse(list);
  });

  app.post<CourseParams>('/api/lms/courses/:courseId/reviews', async (request, reply) => {
    const user = requireUser(request);
    await limitWrites(user.id);
    const input = parse(reviewInputSchema, request.body);
    await courseOr404(request.params.courseId);
    const review = await createReview(db, user.id, request.params.courseId, input);
    return reply.status(201).send(reviewSchema.parse(review));
  });

  app.put<ReviewParams>('/api/lms/courses/:courseId/reviews/:reviewId', async (request) => {
    const user = requireUser(request);
    await limitWrites(user.id);
    const input = parse(reviewInputSchema, request.body);
    const { courseId, reviewId } = request.params;
    return reviewSchema.parse(await updateReview(db, user.id, courseId, reviewId, input));
  });

  app.delete<ReviewParams>('/api/lms/courses/:courseId/reviews/:reviewId', async (request, reply) => {
    const user = requireUser(request);
    await limitWrites(user.id);
    await deleteReview(db, user.id, request.params.courseId, request.params.reviewId);
    return reply.status(204).send();
  });
}
