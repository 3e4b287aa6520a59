import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import { courseExists } from './catalog.queries';
import { createReview, deleteReview, listReviews, updateReview } from './reviews.queries';

/**
 * Course reviews: anyone reads them; a learner with at least a quarter of the course completed writes one,
 * edits it for 30 days and may delete it. Writes clear the shared cache: the rating on every card changes.
 */
export async function reviewRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const limitWrites = (userId: string) => app.rateLimit(`academy-review:${userId}`, 30, 60 * 60_000);
  const courseOr404 = async (courseId: string) => {
    if (!(await courseExists(db, courseId))) throw notFound('Course not found.');
  };

  serve(app, 'GET /api/lms/courses/:courseId/reviews', async (request) => {
    const { page, pageSize } = request.query;
    await courseOr404(request.params.courseId);
    return listReviews(db, request.params.courseId, request.user?.id ?? null, page, pageSize);
  });

  serve(app, 'POST /api/lms/courses/:courseId/reviews', async (request, reply) => {
    const user = request.user;
    await limitWrites(user.id);
    await courseOr404(request.params.courseId);
    const review = await createReview(db, user.id, request.params.courseId, request.body);
    reply.status(201);
    return review;
  });

  serve(app, 'PUT /api/lms/courses/:courseId/reviews/:reviewId', async (request) => {
    const user = request.user;
    await limitWrites(user.id);
    const { courseId, reviewId } = request.params;
    return updateReview(db, user.id, courseId, reviewId, request.body);
  });

  serve(app, 'DELETE /api/lms/courses/:courseId/reviews/:reviewId', async (request, reply) => {
    const user = request.user;
    await limitWrites(user.id);
    await deleteReview(db, user.id, request.params.courseId, request.params.reviewId);
    return reply.status(204).send();
  });
}
