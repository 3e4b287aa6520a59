import type { FastifyInstance } from 'fastify';
import type { CertificateSigner } from '../../certificates/signing';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { AppError, conflict, notFound } from '../../plugins/errors';
import { courseInstance } from '../../plugins/head';
import { freeLessonIds, lessonPage, type Viewer } from './catalog.queries';
import {
  completeLesson,
  getProgress,
  saveVideoProgress,
  startLesson,
  type ProgressSave,
} from './progress.queries';
import { findLesson } from './lessons.queries';

/** Lessons and their progress. Signed-in people may open every lesson; guests only free ones. */
export async function lessonRoutes(
  app: FastifyInstance,
  { db, env }: AppContext,
  signer: CertificateSigner,
): Promise<void> {
  // A viewer saves about twice a minute; this only stops a runaway client or script.
  const limitWrites = (userId: string) => app.rateLimit(`academy-progress:${userId}`, 300, 10 * 60_000);
  // Progress saves are the most frequent writes and change no shared body, except through the enrolment a
  // first save creates (Explore shows each course's student count): only that clears the shared cache.
  const saved = (save: ProgressSave) => {
    if (save.enrolledNow) app.sharedCache.invalidate();
    return save;
  };
  const keepsCache = { config: { keepsSharedCache: true } };
  /**
   * A lesson of a published course; the author and admins may also open one of a course that is not published
   * (the preview), and everyone else gets 404. `saving`: progress is only ever saved in a published course.
   */
  const lessonOr404 = async (lessonId: string, viewer: Viewer, saving = false) => {
    const lesson = await findLesson(db, lessonId);
    if (!lesson) throw notFound('Lesson not found.');
    if (lesson.courseStatus !== 'published') {
      const mayPreview = viewer?.role === 'admin' || (viewer && viewer.id === lesson.courseAuthorId);
      if (!mayPreview) throw notFound('Lesson not found.');
      if (saving)
        throw conflict('This course is not published: a preview saves no progress.', 'COURSE_NOT_PUBLISHED');
    }
    return lesson;
  };

  serve(app, 'GET /api/lms/lessons/:lessonId', async (request) => {
    return lessonOr404(request.params.lessonId, request.user);
  });

  serve(app, 'GET /api/public/lessons/:lessonId', async (request) => {
    const lesson = await lessonOr404(request.params.lessonId, request.user);
    if (!lesson.free)
      throw new AppError(403, 'LESSON_REQUIRES_AUTH', 'Sign in to watch this lesson.', {
        requiresAuth: true,
      });
    return lesson;
  });

  /*
   * What a shared link to a lesson shows. A free lesson is public: its own title, description and
   * canonical URL, and JSON-LD describing it as a LearningResource that isPartOf its Course. LearningResource
   * (schema.org's CreativeWork for educational material) fits every lesson, filmed or a timed reading, and
   * carries what a lesson is: learningResourceType, educationalLevel, timeRequired, isAccessibleForFree. A
   * VideoObject would fit only the filmed ones and wants an upload date the academy does not record, so the film
   * is described in the resource's `video` property instead. A members' lesson shows guests a sign-in prompt:
   * its title (public in the course's curriculum) makes a useful preview for members sharing it, but the page
   * is noindex and carries no JSON-LD, and it stays out of the sitemap.
   */
  app.addHeadProvider('/lessons/:lessonId', async ({ lessonId = '' }) => {
    const lesson = lessonId.length <= 100 ? await lessonPage(db, lessonId) : null;
    if (!lesson) return null;
    const { course } = lesson;
    const title = `${lesson.title} — ${course.title}`;
    const path = `/lessons/${lesson.id}`;
    // The course's PNG share image: social sites do not render the SVG cover drawings.
    const image = `/listing/${course.slug}/og.png`;
    if (!lesson.free)
      return {
        title,
        description: `A lesson of ${course.title}, for members of Luthier Registry: sign in to watch it.`,
        path,
        image,
        noindex: true,
      };
    const description = (
      lesson.description || `A free lesson from ${course.title}: ${course.description}`
    ).slice(0, 200);
    const absolute = (url: string) => (url.startsWith('http') ? url : `${env.publicUrl}${url}`);
    return {
      title,
      description,
      path,
      type: 'article',
      image,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'LearningResource',
          name: lesson.title,
          description,
          url: `${env.publicUrl}${path}`,
          learningResourceType: 'Lesson',
          educationalLevel: course.level,
          timeRequired: `PT${lesson.duration}M`,
          isAccessibleForFree: true,
          inLanguage: 'en',
          image: image ? absolute(image) : undefined,
          video: lesson.videoUrl
            ? {
                '@type': 'VideoObject',
                name: lesson.title,
                description,
                contentUrl: absolute(lesson.videoUrl),
                thumbnailUrl: image ? absolute(image) : undefined,
                duration: `PT${lesson.duration}M`,
              }
            : undefined,
          isPartOf: {
            '@type': 'Course',
            name: course.title,
            description: course.description,
            url: `${env.publicUrl}/listing/${course.slug}`,
            provider: { '@type': 'Organization', name: 'Luthier Registry', sameAs: env.publicUrl },
            hasCourseInstance: courseInstance(course.instructor),
          },
        },
      ],
    };
  });
  app.addSitemapSource(async () => (await freeLessonIds(db)).map((id) => `/lessons/${id}`));

  serve(app, 'GET /api/lms/lessons/:lessonId/progress', async (request) => {
    const user = request.user;
    await lessonOr404(request.params.lessonId, user);
    // Not started yet is an answer, not a failure: null (the client then starts the lesson).
    return getProgress(db, user.id, request.params.lessonId);
  });

  serve(app, 'POST /api/lms/lessons/:lessonId/start', keepsCache, async (request) => {
    const user = request.user;
    await limitWrites(user.id);
    const lesson = await lessonOr404(request.params.lessonId, user, true);
    return saved(await startLesson(db, signer, user.id, lesson));
  });

  serve(app, 'POST /api/lms/lessons/:lessonId/complete', keepsCache, async (request) => {
    const user = request.user;
    await limitWrites(user.id);
    const lesson = await lessonOr404(request.params.lessonId, user, true);
    return saved(await completeLesson(db, signer, user.id, lesson));
  });

  serve(app, 'POST /api/lms/lessons/:lessonId/video-progress', keepsCache, async (request) => {
    const user = request.user;
    await limitWrites(user.id);
    const lesson = await lessonOr404(request.params.lessonId, user, true);
    return saved(await saveVideoProgress(db, signer, user.id, lesson, request.body));
  });
}
