import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { courseReports, courses, users } from '../../db/schema';
import { notify, notifyAdmins } from '../../notify/notifications';
import { serve } from '../../plugins/api-route';
import { conflict, notFound } from '../../plugins/errors';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Reports and moderation: anyone signed in reports a published course (one report per person and course, a new
 * one replacing theirs); the admins are told, read the reports and may unpublish a course with a reason, which
 * its author gets in their inbox and sees on the course in Teach.
 */
export async function moderationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  serve(app, 'POST /api/lms/courses/:courseId/reports', async (request, reply) => {
    const user = request.user;
    await app.rateLimit(`course-report:${user.id}`, 10, HOUR_MS);
    const [course] = await db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(and(eq(courses.id, request.params.courseId), eq(courses.status, 'published')));
    if (!course) throw notFound('Course not found.');
    const { reason } = request.body;
    await db
      .insert(courseReports)
      .values({ courseId: course.id, reporterId: user.id, reason })
      .onConflictDoUpdate({
        target: [courseReports.courseId, courseReports.reporterId],
        set: { reason, createdAt: new Date() },
      });
    await notifyAdmins(ctx, db, {
      kind: 'course_reported',
      title: `A course is reported: ${course.title}`,
      body: reason,
      link: '/admin',
    });
    reply.status(201);
    return { ok: true as const };
  });

  serve(app, 'GET /api/admin/course-reports', async () => {
    const rows = await db
      .select({
        id: courseReports.id,
        courseId: courses.id,
        courseTitle: courses.title,
        courseSlug: courses.slug,
        courseStatus: courses.status,
        reason: courseReports.reason,
        reporterName: users.displayName,
        createdAt: courseReports.createdAt,
      })
      .from(courseReports)
      .innerJoin(courses, eq(courses.id, courseReports.courseId))
      .innerJoin(users, eq(users.id, courseReports.reporterId))
      .orderBy(desc(courseReports.createdAt))
      .limit(200);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });

  serve(app, 'POST /api/admin/courses/:courseId/unpublish', async (request) => {
    await app.rateLimit(`course-moderation:${request.user.id}`, 60, HOUR_MS);
    const [course] = await db
      .select({
        id: courses.id,
        title: courses.title,
        status: courses.status,
        authorId: courses.instructorUserId,
      })
      .from(courses)
      .where(eq(courses.id, request.params.courseId));
    if (!course) throw notFound('Course not found.');
    if (course.status !== 'published') throw conflict('This course is not published.');
    const { reason } = request.body;
    await db.transaction(async (tx) => {
      await tx
        .update(courses)
        .set({
          status: 'unpublished',
          unpublishedBy: 'admin',
          unpublishReason: reason,
          unpublishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(courses.id, course.id));
      await tx.delete(courseReports).where(eq(courseReports.courseId, course.id));
      if (course.authorId)
        await notify(ctx, tx, [
          {
            userId: course.authorId,
            kind: 'course_unpublished',
            title: `Your course “${course.title}” was unpublished`,
            body: `An admin took it out of the academy: ${reason}`,
            link: `/teach/courses/${course.id}`,
          },
        ]);
    });
    return { ok: true as const };
  });
}
