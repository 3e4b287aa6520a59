import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exploreQuerySchema } from '../../../contract/academy';
import type { AppContext } from '../../context';
import { sendJsonText, serve, type SignedIn } from '../../plugins/api-route';
import { sharedResponse } from '../../plugins/etag';
import { courseInstance, SHARE_IMAGE_SIZE } from '../../plugins/head';
import { PAGE_HEADS, PAGE_TITLES } from '../../../contract/page-heads';
import { notFound } from '../../plugins/errors';
import { loadCertificateSigner } from '../../certificates/signing';
import { certificateRoutes } from './certificates.routes';
import { courseOgRoutes } from './course-og.routes';
import {
  courseExists,
  courseListing,
  courseVisible,
  enroll,
  exploreCourses,
  exploreCoursesJson,
  setBookmark,
} from './catalog.queries';
import { learningStats, myCourses } from './learning.queries';
import { courseOutlineJson } from './outline-json.queries';
import { lessonRoutes } from './lessons.routes';
import { reviewRoutes } from './reviews.routes';

const courseNotFound = () => notFound('Course not found.');

/** The academy: catalogue, listing, enrolment, bookmarks, the learning dashboard and the course outline. */
export async function academyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // The catalogue is the same for everyone: shared, revalidated with an ETag, kept briefly in the shared cache
  // (not free-text searches: their keys are unbounded).
  const unlessSearch = (request: FastifyRequest) => !(request.query as { q?: unknown }).q;
  serve(
    app,
    'GET /api/lms/courses/explore',
    { config: { sharedCache: unlessSearch } },
    async (request, reply) => {
      sharedResponse(reply);
      // Built as JSON by the database and sent as it is (catalog-json.test.ts holds it to the contract).
      return sendJsonText(reply, await exploreCoursesJson(db, request.query));
    },
  );

  app.addHeadProvider('/listing/:slug', async ({ slug = '' }) => {
    const course = slug.length <= 100 ? await courseListing(db, slug, null) : null;
    if (!course) return null;
    const url = `${ctx.env.publicUrl}/listing/${course.slug}`;
    // A PNG made from the cover: social sites do not render the SVG cover drawings.
    const image = `/listing/${course.slug}/og.png`;
    const minutes = course.curriculum.reduce(
      (sum, section) => sum + section.lessons.reduce((s, lesson) => s + lesson.duration, 0),
      0,
    );
    return {
      title: course.title,
      description: course.description,
      path: `/listing/${course.slug}`,
      image,
      imageSize: SHARE_IMAGE_SIZE,
      imageAlt: `${course.title}, a course taught by ${course.instructor.name}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: course.title,
          description: course.description,
          url,
          image: `${ctx.env.publicUrl}${image}`,
          inLanguage: 'en',
          educationalLevel: course.level,
          about: course.tags.length ? course.tags : undefined,
          coursePrerequisites: course.requirements.length ? course.requirements : undefined,
          teaches: course.features.length ? course.features : undefined,
          totalHistoricalEnrollment: course.students,
          aggregateRating:
            course.reviewCount > 0
              ? {
                  '@type': 'AggregateRating',
                  ratingValue: Math.round(course.rating * 10) / 10,
                  reviewCount: course.reviewCount,
                  bestRating: 5,
                  worstRating: 1,
                }
              : undefined,
          provider: { '@type': 'Organization', name: 'Luthier Registry', sameAs: ctx.env.publicUrl },
          hasCourseInstance: courseInstance(course.instructor.name, minutes),
          // Enrolling costs nothing (the listed prices are the seed's sample figures, product rule 14).
          offers: { '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'USD', url },
        },
      ],
    };
  });
  // Google's course list: the catalogue as an ItemList of the courses' own pages (the summary-page form).
  app.addHeadProvider('/explore', async () => {
    const courses = await exploreCourses(db, exploreQuerySchema.parse({}));
    return {
      title: PAGE_TITLES['/explore'],
      description: PAGE_HEADS['/explore']?.description ?? PAGE_TITLES['/explore'],
      path: '/explore',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: 'Courses of the Luthier Registry academy',
          numberOfItems: courses.length,
          itemListElement: courses.map((course, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: `${ctx.env.publicUrl}/listing/${course.slug}`,
          })),
        },
      ],
    };
  });
  app.addSitemapSource(async () =>
    (await exploreCourses(db, exploreQuerySchema.parse({}))).map((c) => `/listing/${c.slug}`),
  );

  serve(app, 'GET /api/lms/courses/listing/:slug', async (request) => {
    const listing = await courseListing(db, request.params.slug, request.user);
    if (!listing) throw courseNotFound();
    return listing;
  });

  const bookmark =
    (on: boolean) => async (request: SignedIn<FastifyRequest<{ Params: { courseId: string } }>>) => {
      const user = request.user;
      if (!(await courseExists(db, request.params.courseId))) throw courseNotFound();
      await setBookmark(db, user.id, request.params.courseId, on);
      return { bookmarked: on };
    };
  serve(app, 'POST /api/lms/courses/:courseId/bookmark', bookmark(true));
  serve(app, 'DELETE /api/lms/courses/:courseId/bookmark', bookmark(false));

  serve(app, 'POST /api/lms/courses/:courseId/enroll', async (request) => {
    const user = request.user;
    if (!(await courseExists(db, request.params.courseId))) throw courseNotFound();
    await enroll(db, user.id, request.params.courseId);
    return { enrolled: true };
  });

  serve(app, 'GET /api/lms/my-courses', async (request) => {
    const user = request.user;
    return myCourses(db, user.id);
  });

  serve(app, 'GET /api/lms/stats', async (request) => {
    const user = request.user;
    return learningStats(db, user.id);
  });

  serve(app, 'GET /api/lms/courses/:courseId/outline', async (request, reply) => {
    const user = request.user;
    // A course that is not published has an outline only for its author's preview (and the admins).
    if (!(await courseVisible(db, request.params.courseId, user))) throw courseNotFound();
    // Built as JSON by the database and sent as it is (outline-json.test.ts holds it to the contract).
    const outline = await courseOutlineJson(db, request.params.courseId, user.id);
    if (!outline) throw courseNotFound();
    return sendJsonText(reply, outline);
  });

  // The certificate key before any lesson can be completed: the last completion of a course signs one.
  await lessonRoutes(app, ctx, await loadCertificateSigner(db, ctx.env));
  await certificateRoutes(app, ctx);
  await courseOgRoutes(app, ctx);
  await reviewRoutes(app, ctx);
}
