import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { DEFAULT_BODY_LIMIT } from '../contract/api/api-route';
import { ErrorCodes } from '../contract/errors';
import type { AppContext } from './context';
import { accountRoutes } from './features/account/account.routes';
import { academyRoutes } from './features/academy/academy.routes';
import { authoringRoutes } from './features/authoring/authoring.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { logRoutes } from './features/log/log.routes';
import { tileRoutes } from './features/log/tiles.routes';
import { witnessRoutes } from './features/log/witnesses.routes';
import { publicPassportRoutes } from './features/public-passport/public-passport.routes';
import { authRoutes } from './features/auth/auth.routes';
import { handlesRoutes } from './features/handles/handles.routes';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { healthRoutes } from './features/health/health.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { registryRoutes } from './features/registry/registry.routes';
import { listingsRoutes } from './features/listings/listings.routes';
import { conversationsRoutes } from './features/conversations/conversations.routes';
import { purchaseOfferRoutes } from './features/purchase-offers/purchase-offers.routes';
import { mediaRoutes } from './media/media.routes';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes';
import { registerApiSchemas } from './plugins/api-schemas';
import { boundedQuerystring, registerJsonParsers } from './plugins/body-limits';
import { registerErrorHandler } from './plugins/errors';
import { registerEtag } from './plugins/etag';
import { registerHead } from './plugins/head';
import { DEFAULT_DOCUMENT_LIMITS, registerDocuments, type DocumentLimits } from './plugins/documents';
import { createDocumentPool, defaultDocumentWorkers } from './plugins/document-pool';
import { memoryStore, registerRateLimit, type RateLimitStore } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/sessions';
import { registerSharedCache, type InvalidationBus } from './plugins/shared-cache';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: { method: string; url: string }[];
  }
}

export interface BuildOptions extends AppContext {
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  rateLimitStore?: RateLimitStore;
  /** Carries shared-cache invalidations to the other instances (Redis); none: this instance only. */
  sharedCacheBus?: InvalidationBus;
  /** Folder of the built client (dist/client); null for API-only (tests). */
  clientDir?: string | null;
  /** Bounds on document builds running at once; the defaults scale with RATE_LIMIT_SCALE like every limit. */
  documentLimits?: Partial<DocumentLimits>;
  /** Worker threads that build documents (default: one fewer than the cores, at least one); 0 builds in-process. */
  documentWorkers?: number;
  /** The workers' entry, when not the one beside the server (tests run the compiled one). */
  documentWorkerEntry?: URL;
}

const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/**
 * Fastify logs two info lines per request, which cost more than every plugin together. Here: nothing when a
 * request comes in, and one line when it ends — at info for failures (4xx, 5xx; a crash is also logged with its
 * error by the error handler), at debug for the rest, so LOG_LEVEL=debug gives a full access log.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (reply.statusCode >= 400) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request failed');
    } else if (VERBOSE_LEVELS.has(reply.log.level)) {
      reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** Builds the whole HTTP application; index.ts listens with it, tests drive it with inject(). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const {
    logger,
    rateLimitStore = memoryStore(),
    sharedCacheBus,
    clientDir = null,
    documentLimits,
    documentWorkers,
    documentWorkerEntry,
    ...ctx
  } = options;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new RequestLog(),
    trustProxy: ctx.env.TRUST_PROXY,
    // Routes that take more declare it (contract/api); uploads are read by the multipart limits instead.
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { querystringParser: boundedQuerystring },
    return503OnClosing: true,
    // Errors the router raises before any route runs (a malformed or over-long path) get the same error shape.
    frameworkErrors: (error, _request, genericReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // The option's reply type is generic over the route schema; here there is no route yet.
      const reply = genericReply as unknown as FastifyReply;
      void reply
        .status(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({
          error: tooLong ? 'This address is too long.' : 'This address is not valid.',
          code: tooLong ? 'URI_TOO_LONG' : ErrorCodes.VALIDATION,
        });
    },
  });

  // Every route, as registered: the fuzz and authorisation tests derive their cases from this list.
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });

  registerErrorHandler(app);
  registerSecurity(app, ctx.env);
  registerEtag(app);
  registerSharedCache(app, { ttlSeconds: ctx.env.SHARED_CACHE_SECONDS, bus: sharedCacheBus });
  registerRateLimit(app, rateLimitStore, ctx.env.RATE_LIMIT_SCALE);
  const scaled = (n: number) => Math.max(1, Math.floor(n * ctx.env.RATE_LIMIT_SCALE));
  registerDocuments(
    app,
    ctx.media.documents,
    {
      perAddress: scaled(DEFAULT_DOCUMENT_LIMITS.perAddress),
      inFlight: scaled(DEFAULT_DOCUMENT_LIMITS.inFlight),
      ...documentLimits,
    },
    createDocumentPool(documentWorkers ?? defaultDocumentWorkers(), documentWorkerEntry),
  );
  registerHead(app);
  await registerSessions(app, ctx.db, ctx.env);
  registerJsonParsers(app);

  // Before any route: each route gets its declared schemas (contract/api) as it is added.
  registerApiSchemas(app);
  await healthRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await authRoutes(app, ctx);
  await handlesRoutes(app, ctx);
  await profilesRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await notificationsRoutes(app, ctx);
  await academyRoutes(app, ctx);
  await authoringRoutes(app, ctx);
  await registryRoutes(app, ctx);
  await listingsRoutes(app, ctx);
  await conversationsRoutes(app, ctx);
  await purchaseOfferRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await contactRoutes(app, ctx);
  await logRoutes(app, ctx);
  await tileRoutes(app, ctx);
  await witnessRoutes(app, ctx);
  await publicPassportRoutes(app, ctx);
  await apiDocsRoutes(app, ctx);

  await registerSpa(app, ctx.env, clientDir);
  return app;
}
