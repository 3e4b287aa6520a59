import type { FastifyInstance } from 'fastify';
import { CERTIFICATE_ID_PATTERN } from '../../../contract/certificates';
import { certificateUrl } from '../../certificates/credential';
import { publishedKeys } from '../../certificates/signing';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import { certificatePdf } from './certificate-pdf';
import { certificateHead, myCertificates, publicCertificate, setShowOnProfile } from './certificates.queries';

const NOT_FOUND = 'No certificate with that id.';

/**
 * Certificates of completion: the learner's list and profile setting, the public certificate (JSON, page head,
 * PDF) and the JWKS that verifies every certificate's signature.
 */
export async function certificateRoutes(app: FastifyInstance, { db, env }: AppContext): Promise<void> {
  const load = async (id: string, viewerId: string | null) => {
    const certificate = CERTIFICATE_ID_PATTERN.test(id) ? await publicCertificate(db, id, viewerId) : null;
    if (!certificate) throw notFound(NOT_FOUND);
    return certificate;
  };

  serve(app, 'GET /.well-known/jwks.json', async (_request, reply) => {
    // Not kept by caches: a key appears when it first signs and must disappear the moment it is revoked.
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    return publishedKeys(db);
  });

  serve(app, 'GET /api/lms/certificates', async (request) => {
    const user = request.user;
    return myCertificates(db, user.id);
  });

  serve(app, 'PATCH /api/lms/certificates/:id', async (request) => {
    const user = request.user;
    const { id } = request.params;
    const { showOnProfile } = request.body;
    if (!CERTIFICATE_ID_PATTERN.test(id) || !(await setShowOnProfile(db, user.id, id, showOnProfile)))
      throw notFound(NOT_FOUND);
    // The learner's public profile lists it (or stops listing it).
    app.sharedCache.invalidate();
    return load(id, user.id);
  });

  serve(app, 'GET /api/public/certificates/:id', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    return load(request.params.id, request.user?.id ?? null);
  });

  serve(app, 'GET /api/public/certificates/:id/certificate.pdf', async (request, reply) => {
    const certificate = await load(request.params.id, null);
    const { kid } = JSON.parse(Buffer.from(certificate.jwt.split('.')[0]!, 'base64url').toString()) as {
      kid: string;
    };
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="certificate-${certificate.id}.pdf"`)
      .header('cache-control', 'no-cache')
      .send(
        Buffer.from(await certificatePdf(certificate, certificateUrl(env.publicUrl, certificate.id), kid)),
      );
  });

  // A shared link names the learner and the course; the page itself is not indexed (people share it on purpose).
  app.addHeadProvider('/certificates/:id', async ({ id = '' }) => {
    const certificate = CERTIFICATE_ID_PATTERN.test(id) ? await certificateHead(db, id) : null;
    if (!certificate) return null;
    return {
      title: `${certificate.learnerName} · ${certificate.courseTitle}`,
      description: `${certificate.learnerName} completed every lesson of "${certificate.courseTitle}" in the Luthier Registry Academy. A signed Open Badges 3.0 credential anyone can verify.`,
      path: `/certificates/${certificate.id}`,
      noindex: true,
    };
  });
}
