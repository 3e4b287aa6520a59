import type { FastifyInstance } from 'fastify';
import { CERTIFICATE_ID_PATTERN } from '../../../contract/certificates';
import { certificateUrl } from '../../certificates/credential';
import { algorithmName } from '../../../contract/certificate-jwt';
import { publishedKey, publishedKeys } from '../../certificates/signing';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { notFound } from '../../plugins/errors';
import { certificateHead, myCertificates, publicCertificate, setShowOnProfile } from './certificates.queries';

const NOT_FOUND = 'No certificate with that id.';
/** An RFC 7638 SHA-256 thumbprint, base64url. */
const KID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Certificates of completion: the learner's list and profile setting, the public certificate (JSON, page head,
 * PDF) and the JWKS that verifies every certificate's signature.
 */
export async function certificateRoutes(app: FastifyInstance, { db, env }: AppContext): Promise<void> {
  const load = async (id: string, viewerId: string | null) => {
    const certificate = CERTIFICATE_ID_PATTERN.test(id)
      ? await publicCertificate(db, env.publicUrl, id, viewerId)
      : null;
    if (!certificate) throw notFound(NOT_FOUND);
    return certificate;
  };

  serve(app, 'GET /.well-known/jwks.json', async (_request, reply) => {
    // Not kept by caches: a key appears when it first signs and must disappear the moment it is revoked.
    reply
      .type('application/jwk-set+json')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*');
    return publishedKeys(db, env.publicUrl);
  });

  // What an RS256 certificate's `kid` dereferences to (Open Badges 3.0 §8.2.3): that one key's JWK.
  serve(app, 'GET /.well-known/jwks/:kid', async (request, reply) => {
    const { kid } = request.params;
    const key = KID_PATTERN.test(kid) ? await publishedKey(db, env.publicUrl, kid) : null;
    if (!key) throw notFound('No published certificate key has that id.');
    reply
      .type('application/jwk+json')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*');
    return key;
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
    const { kid, alg } = JSON.parse(Buffer.from(certificate.jwt.split('.')[0]!, 'base64url').toString()) as {
      kid: string;
      alg: string;
    };
    // What the paper prints, and nothing else: the key of the stored copy covers exactly this.
    const paper = {
      certificate: {
        id: certificate.id,
        jwt: certificate.jwt,
        learnerName: certificate.learnerName,
        course: certificate.course,
        issuedAt: certificate.issuedAt,
        keyRevokedAt: certificate.keyRevokedAt,
      },
      pageUrl: certificateUrl(env.publicUrl, certificate.id),
      // The key's thumbprint (the last part of an RS256 key's URL): short enough to print.
      signedWith: { kid: kid.slice(kid.lastIndexOf('/') + 1), algorithm: algorithmName(alg) },
    };
    reply.header('content-disposition', `attachment; filename="certificate-${certificate.id}.pdf"`);
    return app.documents.send(request, reply, {
      subject: `certificate:${certificate.id}`,
      // One read made it: no identity cheaper than the paper itself.
      gather: () => paper,
      inputs: (f) => f,
      contentType: 'application/pdf',
      build: (f) => app.documents.run('certificate', f),
    });
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
