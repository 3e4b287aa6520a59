import type { FastifyInstance } from 'fastify';
import {
  lessonProgressSchema,
  lessonSchema,
  progressSaveResponseSchema,
  videoProgressSchema,
} from '../../../contract/academy';
import type { AppContext } from '../../context';
import { AppError, notFound, parse } from '../../plugins/errors';
import { requireUser } from '../../plugins/sessions';
import {
  completeLesson,
  findLesson,
  getProgress,
  saveVideoProgress,
  startLesson,
  type ProgressSave,
} from './progress.queries';

type LessonParams = { Params: { lessonId: string } };

/** Lessons and their progress (seed §7). Signed-in people may open every lesson; guests only free ones. */
export async function lessonRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  // A viewer saves about twice a minute; this only stops a runaway client or script.
  const limitWrites = (userId: string) => app.rateLimit(`academy-progress:${userId}`, 300, 10 * 60_000);
  // Progress saves are the most frequent writes and change no shared body, except through the enrolment a
  // first save creates (Explore shows each course's student count): only that clears the shared cache.
  const saved = (save: ProgressSave) => {
    if (save.enrolledNow) app.sharedCache.invalidate();
    return progressSaveResponseSchema.parse(save);
  };
  const keepsCache = { config: { keepsSharedCache: true } };
  const lessonOr404 = async (lessonId: string) => {
    const lesson = await findLesson(db, lessonId);
    if (!lesson) throw notFound('Lesson not found.');
    return lesson;
  };

  app.get<LessonParams>('/api/lms/lessons/:lessonId', async (request) => {
    requireUser(request);
    return lessonSchema.parse(await lessonOr404(request.params.lessonId));
  });

  app.get<LessonParams>('/api/public/lessons/:lessonId', async (request) => {
    const lesson = await lessonOr404(request.params.lessonId);
    if (!lesson.free)
      throw new AppError(403, 'LESSON_REQUIRES_AUTH', 'Sign in to watch this lesson.', {
        requiresAuth: true,
      });
    return lessonSchema.parse(lesson);
  });

  app.get<LessonParams>('/api/lms/lessons/:lessonId/progress', async (request) => {
    const user = requireUser(request);
    await lessonOr404(request.params.lessonId);
    // Not started yet is an answer, not a failure: null (the client then starts the lesson).
    const progress = await getProgress(db, user.id, request.params.lessonId);
    return progress ? lessonProgressSchema.parse(progress) : null;
  });

  app.post<LessonParams>('/api/lms/lessons/:lessonId/start', keepsCache, async (request) => {
    const user = requireUser(request);
    await limitWrites(user.id);
    const lesson = await lessonOr404(request.params.lessonId);
    return saved(await startLesson(db, user.id, lesson));
  });

  app.post<LessonParams>('/api/lms/lessons/:lessonId/complete', keepsCache, async (request) => {
    const user = requireUser(request);
    await limitWrites(user.id);
    const lesson = await lessonOr404(request.params.lessonId);
    return saved(await completeLesson(db, user.id, lesson));
  });

  app.post<LessonParams>('/api/lms/lessons/:lessonId/video-progress', keepsCache, async (request) => {
    const user = requireUser(request);
    await limitWrites(user.id);
    const input = parse(videoProgressSchema, request.body);
    const lesson = await lessonOr404(request.params.lessonId);
    return saved(await saveVideoProgress(db, user.id, lesson, input));
  });
}
