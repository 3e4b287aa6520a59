import { eq } from 'drizzle-orm';
import { instruments } from '../../db/schema';
import { type Entry, everyone, get, type MatrixKit, post } from './matrix-kit';

/** What is public by design: probes and crawler files, the API description, the transparency log, public passports and the registry check. Checked by public.authz.test.ts; server/test/authz/matrix-kit.ts says how. */
export function publicMatrix(k: MatrixKit): Record<string, Entry> {
  const { t, ownersInstrument } = k;
  return {
    // Not the API
    'GET /healthz': { skip: 'liveness probe: no session, no data' },
    'GET /readyz': { skip: 'readiness probe: no session, no data' },
    'GET /media/:id/:file': { skip: 'image bytes by unguessable id, the same for everyone' },
    'GET /robots.txt': { skip: 'static crawler file' },
    'GET /sitemap.xml': { skip: 'public pages for crawlers, the same for everyone' },

    // The published API description and its reference page: public, the same for everyone
    'GET /api/openapi.json': { request: () => get('/api/openapi.json'), expect: everyone(200) },
    'GET /api/docs': { request: () => get('/api/docs'), expect: everyone(200) },
    'GET /api/docs.css': { request: () => get('/api/docs.css'), expect: everyone(200) },

    // The transparency log is public: the same answer for everyone.
    'GET /api/log/key': { request: () => get('/api/log/key'), expect: everyone(200) },
    'GET /api/log/checkpoint': { request: () => get('/api/log/checkpoint'), expect: everyone(200) },
    'GET /api/log/entries/:index': { request: () => get('/api/log/entries/0'), expect: everyone(200) },
    // Under `quorum none` (no LOG_POLICY here) the newest checkpoint serves: a proof for everyone.
    'GET /api/log/entries/:index/tlog-proof': {
      request: () => get('/api/log/entries/0/tlog-proof'),
      expect: everyone(200),
    },
    // The same log as C2SP tlog-tiles (the world's first instrument is leaf 0).
    'GET /log/checkpoint': { request: () => get('/log/checkpoint'), expect: everyone(200) },
    'GET /log/policy': { request: () => get('/log/policy'), expect: everyone(200) },
    'GET /api/log/witnesses': { request: () => get('/api/log/witnesses'), expect: everyone(200) },
    // The verifiable index's output log: public alike (its tiles and lookups appear once the indexer, started by
    // the process and not by this app, has written a revision: scripts/verify-index.test.ts reads them).
    'GET /index/checkpoint': { request: () => get('/index/checkpoint'), expect: everyone(200) },
    'GET /index/policy': { request: () => get('/index/policy'), expect: everyone(200) },
    'GET /index/tile/:level/*': {
      skip: 'public, the same for everyone; read in scripts/verify-index.test.ts',
    },
    'GET /index/tile/entries/*': {
      skip: 'public, the same for everyone; read in scripts/verify-index.test.ts',
    },
    'GET /api/log/index/:code': {
      skip: 'public, the same for everyone; checked in scripts/verify-index.test.ts',
    },
    'GET /log/tile/:level/*': { request: () => get('/log/tile/0/000.p/1'), expect: everyone(200) },
    'GET /log/tile/entries/*': { request: () => get('/log/tile/entries/000.p/1'), expect: everyone(200) },
    'GET /api/log/proof/inclusion': {
      request: () => get('/api/log/proof/inclusion?index=0&size=1'),
      expect: everyone(200),
    },
    'GET /api/log/proof/consistency': {
      request: () => get('/api/log/proof/consistency?from=1&to=1'),
      expect: everyone(200),
    },
    'GET /api/public/passports/:code/log': {
      request: async () => {
        const [row] = await t.db
          .select({ code: instruments.passportCode })
          .from(instruments)
          .where(eq(instruments.id, k.w.instrumentId));
        return get(`/api/public/passports/${row!.code}/log`);
      },
      expect: everyone(200),
    },
    // Public passports: the same answer for everyone, never a member's private values.
    ...Object.fromEntries(
      [
        '/api/public/passports/:code',
        '/p/:code/og.png',
        '/p/:code/label.svg',
        '/p/:code/label.png',
        '/p/:code/dossier.pdf',
      ].map((route) => [
        `GET ${route}`,
        {
          request: async () => {
            const [row] = await t.db
              .select({ code: instruments.passportCode })
              .from(instruments)
              .where(eq(instruments.id, k.w.instrumentId));
            return get(route.replace(':code', row!.code));
          },
          expect: everyone(200),
        } satisfies Entry,
      ]),
    ),
    'GET /api/public/instruments/:id': {
      request: () => get(`/api/public/instruments/${k.w.instrumentId}`),
      expect: everyone(200),
    },
    'GET /api/public/check': {
      request: () => get('/api/public/check?q=LR-NONE-NONE'),
      expect: everyone(200),
    },
    'POST /api/public/check/sightings': {
      // Anyone may pass on what they saw; the owner is told, never named.
      request: async () => {
        const id = await ownersInstrument({ status: 'stolen' });
        const [row] = await t.db.select().from(instruments).where(eq(instruments.id, id));
        return post('/api/public/check/sightings', {
          code: row!.passportCode,
          message: 'Seen in a pawn shop window on Main Street.',
        });
      },
      expect: everyone(200),
    },
    // Contact: anyone may write to the admins (who read it in /admin, registry.matrix.ts).
    'GET /api/public/contact': { request: () => get('/api/public/contact'), expect: everyone(200) },
    'POST /api/public/contact': {
      request: () =>
        post('/api/public/contact', {
          name: 'A visitor',
          email: 'visitor@example.test',
          message: 'A question about a passport I was shown.',
        }),
      expect: everyone(200),
    },
    'GET /listing/:slug/og.png': {
      request: () => get(`/listing/${k.w.courseSlug}/og.png`),
      expect: everyone(200),
    },
  };
}
