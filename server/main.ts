import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { loadSampleContent } from './db/sample/load-sample';
import { prepareTransparencyLog } from './log/startup';
import { startWitnessing } from './log/witnessing';
import { issueDueCertificates } from './certificates/issue';
import { loadCertificateSigner } from './certificates/signing';
import type { Env } from './env';
import { createMailer } from './mail/mailer';
import { createMediaStore } from './media/media-store';
import { memoryStore, redisStore } from './plugins/rate-limit';
import { redisInvalidationBus } from './plugins/shared-cache';
import { repoRoot } from './paths';

export const defaultClientDir = path.join(repoRoot, 'dist/client');

export interface Server {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/** Opens the database, migrates, loads sample content, builds the app and listens. */
export async function startServer(
  env: Env,
  log: pino.Logger = pino({ level: env.LOG_LEVEL }),
): Promise<Server> {
  const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(env.dataDir);
  let database: Database | undefined;
  try {
    const newDataDir = !env.DATABASE_URL && !fs.existsSync(path.join(env.dataDir, 'pgdata'));
    database = await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : env.dataDir,
    });
    await migrateDatabase(database);
    // The log's key before any event is logged; events from before the log existed are appended in order.
    const { backfilled } = await prepareTransparencyLog(database.db, env);
    if (backfilled) log.info({ backfilled }, 'passport events appended to the transparency log');
    const certificates = await loadCertificateSigner(database.db, env);
    let built = newDataDir;
    if (env.SAMPLE_DATA) {
      const ran = await loadSampleContent(database.db, {
        production: env.NODE_ENV === 'production',
        certificates,
      });
      if (ran.length) log.info({ steps: ran }, 'sample content loaded');
      built ||= ran.length > 0;
    }
    // Courses completed before certificates existed get theirs now, dated by their last lesson.
    const issued = await issueDueCertificates(database.db, certificates);
    if (issued) log.info({ issued }, 'certificates issued for courses completed earlier');
    if (built && database.kind === 'pglite') {
      // Building the database (a new data folder, the sample content) grew PGlite's WASM heap, which never gives
      // memory back: a fresh instance on the same files starts small again (docs/decisions/020).
      await database.close();
      database = undefined;
      database = await openDatabase({ dataDir: env.dataDir });
    }
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.dataDir, 'outbox'),
      log,
    });
    const media = createMediaStore(database.db, {
      storage: env.DATABASE_URL ? 'db' : 'fs',
      dir: path.join(env.dataDir, 'media'),
    });
    const rateLimitStore = env.REDIS_URL
      ? redisStore(env.REDIS_URL, (err) => log.warn({ err }, 'redis'))
      : memoryStore();
    const db = database;
    const ctx = { db: db.db, env, mailer, media, ping: () => db.ping() };
    const app = await buildApp({
      ...ctx,
      logger: log,
      rateLimitStore,
      sharedCacheBus:
        env.REDIS_URL && env.SHARED_CACHE_SECONDS > 0
          ? redisInvalidationBus(env.REDIS_URL, (err) => log.warn({ err }, 'redis (shared cache)'))
          : undefined,
      clientDir: fs.existsSync(defaultClientDir) ? defaultClientDir : null,
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    // After listening: the witnesses may fetch the log while they check what it sends them.
    const witnessing = await startWitnessing({ ctx, driver: db.kind, log });
    return {
      app,
      database: db,
      async stop() {
        await witnessing.stop();
        await app.close();
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}
