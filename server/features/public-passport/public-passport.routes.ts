import { describeKind } from '../../../contract/registry-values';
import type { FastifyInstance } from 'fastify';
import { passportCodeSchema, type PublicPassport } from '../../../contract/public-passport';
import type { AppContext } from '../../context';
import { serve } from '../../plugins/api-route';
import { SHARE_IMAGE_SIZE } from '../../plugins/head';
import { sharedResponse } from '../../plugins/etag';
import { digest, RENDERING } from '../../plugins/documents';
import { fastAliasPrefix, fastDossier } from './dossier-fast';
import { forbidden, notFound } from '../../plugins/errors';
import { checkPassport, findStolen, relaySighting } from './check.queries';
import { photoBytes, photoIdentity } from '../../media/og-image';
import { labelSvg } from './passport-images';
import { loadLogSigner } from '../../log/signing';
import type { DossierFacts } from './dossier-build';
import { dossierLogFiles, dossierLogState } from './dossier-log';
import {
  findById,
  findPassportCode,
  passportLogBundle,
  publicPassport,
  revealedFor,
  saleOffer,
} from './public-passport.queries';

const NOT_FOUND = 'No passport with that code is in the registry.';
/** Lookups per address and minute at /check: enough for a person, too few to walk the registry's serial numbers. */
export const CHECKS_PER_MINUTE = 30;
/** Check alerts one owner receives in an hour; the checks themselves go on being answered. */
export const ALERTS_PER_OWNER_PER_HOUR = 20;
const MINUTE_MS = 60_000;
/** "I have information" messages per address (and per account, when signed in) and hour. */
export const SIGHTINGS_PER_HOUR = 5;
/** Messages one address (or account) may send about one stolen instrument in a day. */
export const SIGHTINGS_PER_PASSPORT_PER_DAY = 3;

/** Public passports: the JSON view, its page's head, its images, and the stolen-instrument check. */
export async function publicPassportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  const load = async (raw: string): Promise<PublicPassport> => {
    const code = passportCodeSchema.safeParse(raw);
    const passport = code.success ? await publicPassport(db, code.data) : null;
    if (!passport) throw notFound(NOT_FOUND);
    return passport;
  };
  const pageUrl = (code: string) => `${env.publicUrl}/p/${code}`;
  /** What a label (and the dossier's copy of it) prints: the page's address, the code, the name and the maker. */
  const labelFacts = (p: PublicPassport) => ({
    url: pageUrl(p.passportCode),
    code: p.passportCode,
    name: p.name,
    maker: p.maker?.shopName ?? null,
  });

  // The same for every caller: shared, revalidated with an ETag, kept briefly in the shared cache.
  serve(app, 'GET /api/public/passports/:code', { config: { sharedCache: true } }, async (request, reply) => {
    sharedResponse(reply);
    return load(request.params.code);
  });

  // A member's link (/instruments/{id}) opened by a guest: the code of its public passport, nothing more.
  serve(app, 'GET /api/public/instruments/:id', { config: { sharedCache: true } }, async (request, reply) => {
    const code = await findPassportCode(db, request.params.id);
    if (!code) throw notFound(NOT_FOUND);
    sharedResponse(reply);
    return { passportCode: code };
  });

  serve(app, 'GET /api/public/check', async (request) => {
    await app.rateLimit(`check:ip:${request.ip}`, CHECKS_PER_MINUTE, MINUTE_MS);
    const { q } = request.query;
    // Every check is told to the stolen instrument's owner, up to a cap per owner: checks from many addresses
    // cannot fill one person's inbox and mailbox (the checker's answer is the same either way).
    const mayTell = (ownerId: string) =>
      app.rateLimit(`check:alert:${ownerId}`, ALERTS_PER_OWNER_PER_HOUR, 60 * MINUTE_MS).then(
        () => true,
        () => false,
      );
    return checkPassport(ctx, q, new Date(), mayTell);
  });

  // A sighting reaches a person's inbox and mailbox: few per address (and account) and hour, few from each of them
  // per instrument and day. Only a sighting that is relayed is counted, and each source spends its own budget:
  // junk from a few addresses cannot use up what real witnesses may send. Looking a code up counts as a check.
  serve(app, 'POST /api/public/check/sightings', async (request) => {
    await app.rateLimit(`check:ip:${request.ip}`, CHECKS_PER_MINUTE, MINUTE_MS);
    const stolen = await findStolen(db, request.body.code);
    if (!stolen) throw notFound('No instrument reported stolen has that passport code.');
    const sources = [`ip:${request.ip}`, ...(request.user ? [`user:${request.user.id}`] : [])];
    for (const source of sources) {
      await app.rateLimit(`sighting:${source}`, SIGHTINGS_PER_HOUR, 60 * MINUTE_MS);
      await app.rateLimit(
        `sighting:${stolen.id}:${source}`,
        SIGHTINGS_PER_PASSPORT_PER_DAY,
        24 * 60 * MINUTE_MS,
      );
    }
    await relaySighting(ctx, stolen, request.body);
    return { ok: true as const };
  });

  serve(app, 'GET /p/:code/og.png', { config: { sharedCache: true } }, async (request, reply) => {
    const p = await load(request.params.code);
    const primary = p.photos[0];
    const facts = {
      kicker: 'Luthier Registry · Passport',
      title: p.name,
      subtitle: p.maker ? `by ${p.maker.shopName}` : String(p.yearMade),
      badge: p.passportCode,
    };
    return app.documents.send(request, reply, {
      subject: `og:${p.passportCode}`,
      identity: { facts, photo: primary ? await photoIdentity(primary.url) : null },
      gather: async () => ({ facts, picture: primary ? await photoBytes(ctx.media, primary.url) : null }),
      inputs: (f) => ({ facts: f.facts, photo: digest(f.picture) }),
      contentType: 'image/png',
      maxAgeSeconds: 3600,
      build: (f) => app.documents.run('og', f),
    });
  });

  serve(app, 'GET /p/:code/label.svg', { config: { sharedCache: true } }, async (request, reply) => {
    const svg = await labelSvg(labelFacts(await load(request.params.code)));
    return sharedResponse(reply, 3600).type('image/svg+xml').send(svg);
  });

  serve(app, 'GET /p/:code/label.png', { config: { sharedCache: true } }, async (request, reply) => {
    const facts = labelFacts(await load(request.params.code));
    return app.documents.send(request, reply, {
      subject: `label:${facts.code}`,
      gather: () => facts,
      inputs: (f) => f,
      contentType: 'image/png',
      maxAgeSeconds: 3600,
      build: (f) => app.documents.run('label', f),
    });
  });

  const signer = await loadLogSigner(db, env);
  /**
   * What a passport's dossier is made from (a few reads): the public passport, its log entries with their proofs
   * against the checkpoint it embeds, the witnessed checkpoint and policy files, and the photo's bytes.
   */
  const dossierFacts = async (p: PublicPassport): Promise<DossierFacts> => {
    const primary = p.photos[0];
    const [photo, { bundle, leafHashes }] = await Promise.all([
      primary ? photoBytes(ctx.media, primary.url) : null,
      passportLogBundle(db, signer, env.logPolicy, env.publicUrl, p.passportCode),
    ]);
    // Only values of leaves the embedded checkpoint covers: each must be checkable against it.
    const logged = new Set(bundle.entries.map((e) => e.index));
    const logFiles = await dossierLogFiles(db, signer, env, [...logged], p.passportCode);
    const url = pageUrl(p.passportCode);
    return { passport: p, pageUrl: url, label: labelFacts(p), photo, bundle, leafHashes, logFiles, logged };
  };

  const fastPrefix = fastAliasPrefix({
    rendering: RENDERING,
    vkey: signer.vkey,
    policy: env.logPolicy,
    publicUrl: env.publicUrl,
  });
  // The public dossier is the same for every caller: built once per content and kept (decision 029). A stored
  // one is found and sent in one read (fastDossier); anything else takes the full path.
  serve(app, 'GET /p/:code/dossier.pdf', async (request, reply) => {
    const code = passportCodeSchema.safeParse(request.params.code);
    const fast = code.success ? await fastDossier(db, code.data, fastPrefix) : null;
    if (fast?.stored) {
      reply.header('content-disposition', `inline; filename="dossier-${code.data}.pdf"`);
      if (await app.documents.sendStored(request, reply, fast.stored)) return reply;
    }
    const p = await load(request.params.code);
    const primary = p.photos[0];
    reply.header('content-disposition', `inline; filename="dossier-${p.passportCode}.pdf"`);
    return app.documents.send(request, reply, {
      subject: `dossier:${p.passportCode}`,
      // What the bytes depend on, without the proofs and the photo: the public passport (which the label is
      // drawn from), the photo's identity, the log's state around this passport, the log's key, policy and URL.
      identity: {
        passport: p,
        pageUrl: pageUrl(p.passportCode),
        photo: primary ? await photoIdentity(primary.url) : null,
        log: await dossierLogState(db, p.passportCode),
        vkey: signer.vkey,
        policy: env.logPolicy,
        publicUrl: env.publicUrl,
      },
      gather: () => dossierFacts(p),
      // Everything buildDossier reads, the photo by its digest.
      inputs: (f) => ({ ...f, photo: digest(f.photo), leafHashes: [...f.leafHashes], logged: undefined }),
      contentType: 'application/pdf',
      build: (f) => app.documents.run('dossier', f),
      // The alias of the rows read before is kept only if they did not change while this request ran.
      served: fast
        ? async (key) => {
            const after = await fastDossier(db, p.passportCode, fastPrefix);
            if (after?.alias === fast.alias) await app.documents.alias(request, fast.alias, key);
          }
        : undefined,
    });
  });

  // The owner's copy: the current owner (or an admin) only, never stored, cached or shared.
  serve(app, 'GET /api/registry/instruments/:id/owner-dossier.pdf', async (request, reply) => {
    const user = request.user;
    const row = await findById(db, request.params.id);
    const p = row ? await publicPassport(db, row.passportCode) : null;
    if (!row || !p) throw notFound('The requested instrument could not be found in our registry.');
    const revealed = await revealedFor(db, row, user);
    if (!revealed) throw forbidden("Only the instrument's current owner can download the owner's copy.");
    const f = await dossierFacts(p);
    const pdf = await app.documents.buildPrivate(request, () =>
      app.documents.run('dossier', { ...f, revealed }),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="owner-dossier-${p.passportCode}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.addHeadProvider('/p/:code', async ({ code = '' }) => {
    const parsed = passportCodeSchema.safeParse(code);
    const p = parsed.success ? await publicPassport(db, parsed.data) : null;
    if (!p) return null;
    const by = p.maker ? ` by ${p.maker.shopName}` : '';
    const stolen = p.status === 'stolen' ? 'Reported stolen. ' : '';
    const image = `/p/${p.passportCode}/og.png`;
    const offer = await saleOffer(db, p.passportCode);
    const description = `${stolen}${p.name}${by}, made in ${p.yearMade}: the public passport with its provenance, service history and verifiable registry log.`;
    return {
      title: `${p.name} · ${p.passportCode}`,
      description,
      path: `/p/${p.passportCode}`,
      // Open Graph has no product type (ogp.me lists website, article, book, profile, music.*, video.*).
      type: 'website',
      image,
      imageSize: SHARE_IMAGE_SIZE,
      imageAlt: `${p.name}${by}: its passport ${p.passportCode}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'IndividualProduct',
          name: p.name,
          url: pageUrl(p.passportCode),
          productID: p.passportCode,
          serialNumber: p.serialNumber ?? undefined,
          model: p.model ?? undefined,
          category: describeKind(p.instrumentType, p.category),
          productionDate: String(p.yearMade),
          description: p.description ?? description,
          image: `${env.publicUrl}${image}`,
          brand: p.maker ? { '@type': 'Brand', name: p.maker.shopName } : undefined,
          manufacturer: p.maker
            ? {
                '@type': 'Organization',
                name: p.maker.shopName,
                url: p.maker.slug ? `${env.publicUrl}/l/${p.maker.slug}` : undefined,
              }
            : undefined,
          // Listed for sale with a price: Google's merchant listing (an instrument on request has no Offer).
          offers: offer
            ? {
                '@type': 'Offer',
                url: pageUrl(p.passportCode),
                price: offer.price,
                priceCurrency: offer.currency,
                availability: 'https://schema.org/InStock',
                itemCondition: `https://schema.org/${offer.unused ? 'NewCondition' : 'UsedCondition'}`,
                seller: offer.shop
                  ? {
                      '@type': 'Organization',
                      name: offer.shop.name,
                      url: `${env.publicUrl}/l/${offer.shop.slug}`,
                    }
                  : undefined,
              }
            : undefined,
        },
      ],
    };
  });
}
