import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTHORING_LIMITS } from '../../../contract/authoring';
import { ErrorCodes } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { courseSections, courses, lessons, shops, users } from '../../db/schema';
import { mediaUrl } from '../../media/media-store';
import { limitUpload, uploadRoutes } from '../../media/upload-limit';
import { serve, type SignedIn } from '../../plugins/api-route';
import { AppError, badRequest, conflict, forbidden } from '../../plugins/errors';
import {
  authoringCourse,
  editableCourse,
  editableLesson,
  editableSection,
  enrolledCount,
  imagesAreOwn,
  lessonCount,
  lessonView,
  myAuthoredCourses,
  newId,
  nextSectionIndex,
  orderLessons,
  orderSections,
  renumber,
  sectionCount,
  sectionView,
  slugFor,
} from './authoring.queries';
import { moderationRoutes } from './moderation.routes';
import { readingMinutes } from './reading-time';

const HOUR_MS = 60 * 60 * 1000;
/** A media address of ours (/media/{id}/{width}.webp): its id. */
const mediaIdOf = (url: string | null) => url?.match(/^\/media\/([0-9a-f-]{36})\//)?.[1] ?? null;

/**
 * Course authoring: a luthier (a person with a shop) writes a course as a draft, then publishes it. Only the
 * author and the admins may read or change a course here; to anyone else every id answers 404, so a draft's
 * existence never shows. Published courses stay editable: lesson ids never change, so learners keep their progress.
 */
export async function authoringRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, media } = ctx;
  // An editor saves as the author types and drags: generous, but a runaway script stops here.
  const limitWrites = (userId: string) => app.rateLimit(`authoring:${userId}`, 1200, HOUR_MS);
  const draft = (courseId: string) => authoringCourse(db, courseId);

  serve(app, 'GET /api/lms/authoring/courses', async (request) => myAuthoredCourses(db, request.user.id));

  serve(app, 'POST /api/lms/authoring/courses', async (request, reply) => {
    const user = request.user;
    const [shop] = await db
      .select({ name: shops.name, bio: shops.bio, displayName: users.displayName })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(eq(shops.ownerId, user.id))
      .limit(1);
    if (!shop) throw forbidden('Only a luthier with a shop can write a course: open your shop first.');
    await limitWrites(user.id);
    const { title, description, level, category } = request.body;
    const id = newId('c');
    await db.insert(courses).values({
      id,
      slug: slugFor(title),
      title,
      description,
      fullDescription: '',
      instructorName: shop.displayName,
      instructorBio: shop.bio ?? '',
      instructorUserId: user.id,
      level,
      category,
      durationLabel: '0 min',
      // Authored courses are free.
      price: 0,
      originalPrice: 0,
      rating: 0,
      status: 'draft',
    });
    reply.status(201);
    return draft(id);
  });

  serve(app, 'GET /api/lms/authoring/courses/:courseId', async (request) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    return draft(course.id);
  });

  serve(app, 'PATCH /api/lms/authoring/courses/:courseId', async (request) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    await limitWrites(request.user.id);
    const { coverImage, ...fields } = request.body;
    const previousCover = coverImage === null ? mediaIdOf(course.coverImageUrl) : null;
    await db
      .update(courses)
      .set({ ...fields, ...(coverImage === null ? { coverImageUrl: null } : {}), updatedAt: new Date() })
      .where(eq(courses.id, course.id));
    if (previousCover) await media.remove(previousCover);
    return draft(course.id);
  });

  serve(app, 'DELETE /api/lms/authoring/courses/:courseId', async (request, reply) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    await limitWrites(request.user.id);
    if ((await enrolledCount(db, course.id)) > 0)
      throw conflict('Learners are enrolled in this course: unpublish it instead of deleting it.');
    await db.delete(courses).where(eq(courses.id, course.id));
    const cover = mediaIdOf(course.coverImageUrl);
    if (cover) await media.remove(cover);
    return reply.status(204).send();
  });

  const imageFile = async (request: SignedIn<FastifyRequest>) => {
    await limitUpload(app, request.user.id);
    if (!request.isMultipart())
      throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'Send the image as multipart/form-data.');
    const file = await request.file();
    if (!file) throw badRequest('Choose an image to upload.', { file: 'Choose an image to upload.' });
    return file.toBuffer();
  };
  await uploadRoutes(app, (scope) => {
    serve(scope, 'PUT /api/lms/authoring/courses/:courseId/cover', async (request) => {
      const course = await editableCourse(db, request.params.courseId, request.user);
      const stored = await media.save(await imageFile(request), 'course-cover', course.instructorUserId);
      const url = mediaUrl(stored, 1280);
      await db
        .update(courses)
        .set({ coverImageUrl: url, updatedAt: new Date() })
        .where(eq(courses.id, course.id));
      const previous = mediaIdOf(course.coverImageUrl);
      if (previous) await media.remove(previous);
      return { url, width: stored.width, height: stored.height };
    });
    serve(scope, 'POST /api/lms/authoring/courses/:courseId/images', async (request, reply) => {
      const course = await editableCourse(db, request.params.courseId, request.user);
      const stored = await media.save(await imageFile(request), 'course-image', course.instructorUserId);
      reply.status(201);
      return { url: mediaUrl(stored, 1280), width: stored.width, height: stored.height };
    });
  });

  serve(app, 'POST /api/lms/authoring/courses/:courseId/publish', async (request) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    await limitWrites(request.user.id);
    const current = await draft(course.id);
    const check = current.publishCheck;
    if (!check.ready)
      throw new AppError(
        409,
        'COURSE_INCOMPLETE',
        `This course cannot be published yet: ${check.missing.map((m) => m.message).join(' ')}`,
        { fields: Object.fromEntries(check.missing.map((m) => [m.field, m.message])) },
      );
    if (course.status === 'published') return current;
    await db
      .update(courses)
      .set({
        status: 'published',
        // The address is made from the title at the first publication, then kept (links to it stay valid).
        ...(course.publishedAt ? {} : { slug: slugFor(course.title), publishedAt: new Date() }),
        unpublishedBy: null,
        unpublishReason: null,
        unpublishedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(courses.id, course.id));
    return draft(course.id);
  });

  serve(app, 'POST /api/lms/authoring/courses/:courseId/unpublish', async (request) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    await limitWrites(request.user.id);
    if (course.status !== 'published') throw conflict('This course is not published.');
    await db
      .update(courses)
      .set({
        status: 'unpublished',
        unpublishedBy: 'author',
        unpublishReason: null,
        unpublishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(courses.id, course.id));
    return draft(course.id);
  });

  serve(app, 'POST /api/lms/authoring/courses/:courseId/sections', async (request, reply) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    await limitWrites(request.user.id);
    if ((await sectionCount(db, course.id)) >= AUTHORING_LIMITS.sections)
      throw conflict(`A course has at most ${AUTHORING_LIMITS.sections} sections.`);
    const id = newId('s');
    const [row] = await db
      .insert(courseSections)
      .values({
        id,
        courseId: course.id,
        title: request.body.title,
        description: request.body.description ?? '',
        orderIndex: await nextSectionIndex(db, course.id),
      })
      .returning();
    await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, course.id));
    reply.status(201);
    return sectionView(row!, []);
  });

  serve(app, 'PUT /api/lms/authoring/courses/:courseId/sections/order', async (request) => {
    const course = await editableCourse(db, request.params.courseId, request.user);
    await limitWrites(request.user.id);
    if (!(await orderSections(db, course.id, request.body.sectionIds)))
      throw badRequest('List every section of the course once, in the new order.', {
        sectionIds: 'List every section of the course once, in the new order.',
      });
    return draft(course.id);
  });

  serve(app, 'PATCH /api/lms/authoring/sections/:sectionId', async (request) => {
    const { section, course } = await editableSection(db, request.params.sectionId, request.user);
    await limitWrites(request.user.id);
    const [row] = await db
      .update(courseSections)
      .set(request.body)
      .where(eq(courseSections.id, section.id))
      .returning();
    await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, course.id));
    const own = await db.select().from(lessons).where(eq(lessons.sectionId, section.id));
    return sectionView(
      row ?? section,
      own.sort((a, b) => a.orderIndex - b.orderIndex),
    );
  });

  serve(app, 'DELETE /api/lms/authoring/sections/:sectionId', async (request, reply) => {
    const { section, course } = await editableSection(db, request.params.sectionId, request.user);
    await limitWrites(request.user.id);
    await db.transaction(async (tx) => {
      await tx.delete(courseSections).where(eq(courseSections.id, section.id));
      await renumber(tx, course.id);
    });
    return reply.status(204).send();
  });

  serve(app, 'POST /api/lms/authoring/sections/:sectionId/lessons', async (request, reply) => {
    const { section, course } = await editableSection(db, request.params.sectionId, request.user);
    await limitWrites(request.user.id);
    if ((await lessonCount(db, section.id)) >= AUTHORING_LIMITS.lessonsPerSection)
      throw conflict(`A section has at most ${AUTHORING_LIMITS.lessonsPerSection} lessons.`);
    const id = newId('l');
    await db.transaction(async (tx) => {
      // Placed last in the course for now; renumber puts it at the end of its section.
      const [last] = await tx
        .select({ order: lessons.orderIndex })
        .from(lessons)
        .where(eq(lessons.courseId, course.id))
        .orderBy(desc(lessons.orderIndex))
        .limit(1);
      await tx.insert(lessons).values({
        id,
        courseId: course.id,
        sectionId: section.id,
        orderIndex: Math.max(last?.order ?? 0, 0) + 1,
        title: request.body.title,
        kind: request.body.kind,
        durationMinutes: 1,
        isFree: request.body.free ?? false,
      });
      await renumber(tx, course.id);
    });
    const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
    reply.status(201);
    return lessonView(row!);
  });

  serve(app, 'PUT /api/lms/authoring/sections/:sectionId/lessons/order', async (request) => {
    const { section, course } = await editableSection(db, request.params.sectionId, request.user);
    await limitWrites(request.user.id);
    const result = await orderLessons(db, course.id, section.id, request.body.lessonIds);
    if (result) throw badRequest(result, { lessonIds: result });
    return draft(course.id);
  });

  serve(app, 'PATCH /api/lms/authoring/lessons/:lessonId', async (request) => {
    const { lesson, course } = await editableLesson(db, request.params.lessonId, request.user);
    await limitWrites(request.user.id);
    const { free, ...fields } = request.body;
    const [row] = await db
      .update(lessons)
      .set({ ...fields, ...(free === undefined ? {} : { isFree: free }) })
      .where(eq(lessons.id, lesson.id))
      .returning();
    await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, course.id));
    return lessonView(row ?? lesson);
  });

  serve(app, 'DELETE /api/lms/authoring/lessons/:lessonId', async (request, reply) => {
    const { lesson, course } = await editableLesson(db, request.params.lessonId, request.user);
    await limitWrites(request.user.id);
    await db.transaction(async (tx) => {
      await tx.delete(lessons).where(eq(lessons.id, lesson.id));
      await renumber(tx, course.id);
    });
    return reply.status(204).send();
  });

  serve(app, 'PUT /api/lms/authoring/lessons/:lessonId/reading', async (request) => {
    const { lesson, course } = await editableLesson(db, request.params.lessonId, request.user);
    await limitWrites(request.user.id);
    if (lesson.kind !== 'reading') throw conflict('This is a video lesson: it has a video, not a text.');
    const blocks = request.body.body;
    const owners = [course.instructorUserId, request.user.id].filter((id): id is string => Boolean(id));
    if (!(await imagesAreOwn(db, blocks, owners)))
      throw badRequest('Upload each image of the text for this course first.', {
        body: 'Upload each image of the text for this course first.',
      });
    const [row] = await db
      .update(lessons)
      .set({ reading: { intro: '', blocks }, durationMinutes: readingMinutes(blocks) })
      .where(and(eq(lessons.id, lesson.id), eq(lessons.kind, 'reading')))
      .returning();
    await renumber(db, course.id);
    return lessonView(row ?? lesson);
  });

  await moderationRoutes(app, ctx);
}
