import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { photoBytes, photoIdentity } from '../../media/og-image';
import { serve } from '../../plugins/api-route';
import { digest } from '../../plugins/documents';
import { notFound } from '../../plugins/errors';
import { courseLanding } from './catalog.queries';

/** A course's share preview as a PNG: the cover drawing (rasterised), the title and the instructor. */
export async function courseOgRoutes(app: FastifyInstance, { db, media }: AppContext): Promise<void> {
  serve(app, 'GET /listing/:slug/og.png', { config: { sharedCache: true } }, async (request, reply) => {
    const { slug } = request.params;
    const course = slug.length <= 100 ? await courseLanding(db, slug, null) : null;
    if (!course) throw notFound('This course does not exist.');
    const facts = {
      kicker: 'Luthier Registry · Academy',
      title: course.title,
      subtitle: `with ${course.instructor.name}`,
      badge: course.level.charAt(0).toUpperCase() + course.level.slice(1),
    };
    return app.documents.send(request, reply, {
      subject: `og-course:${course.id}`,
      identity: { facts, cover: course.coverImage ? await photoIdentity(course.coverImage) : null },
      gather: async () => ({
        facts,
        picture: course.coverImage ? await photoBytes(media, course.coverImage) : null,
      }),
      inputs: (f) => ({ facts: f.facts, cover: digest(f.picture) }),
      contentType: 'image/png',
      maxAgeSeconds: 3600,
      build: (f) => app.documents.run('og', f),
    });
  });
}
