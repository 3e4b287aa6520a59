import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { buildInProcess, buildNewDataDir, prepareDatabase, type DatabaseBuilder } from './database-build';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { startIndexing } from './log-index/indexer';
import { startWitnessing, type Witnessing } from './log/witnessing';
import type { Env } from './env';
import { createMailer } from './mail/mailer';
import { createMediaStore } from './media/media-store';
import { memoryStore, redisStore } from './plugins/rate-limit';
import { redisInvalidationBus } from './plugins/shared-cache';
import { repoRoot } from './paths';
import { setTypesetLog } from './typeset/log';

export const defaultClientDir = path.join(repoRoot, 'dist/client');

export interface Server {
  app: FastifyInstance;
  database: Database;
  /** Submissions to the policy's witnesses, running in the background. */
  witnessing: Pick<Witnessing, 'rounds'>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** How a new embedded database is built (index.ts: in a child process); in this process unless given. */
  buildDatabase?: DatabaseBuilder;
}

/** Opens the database (building a new one first), migrates, loads sample content, builds the app and listens. */
export async function startServer(
  env: Env,
  log: pino.Logger = pino({ level: env.LOG_LEVEL }),
  options: StartOptions = {},
): Promise<Server> {
  // Characters the documents cannot draw are reported in the server's log.
  setTypesetLog(log);
  const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(env.dataDir);
  let database: Database | undefined;
  try {
    if (!env.DATABASE_URL) await buildNewDataDir(env, log, options.buildDatabase ?? buildInProcess);
    database = await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : env.dataDir,
    });
    const loaded = await prepareDatabase(database, env, log);
    if (loaded && database.kind === 'pglite') {
      // Sample content loaded into an existing folder grew PGlite's WASM heap, which never gives memory back: a
      // fresh instance on the same files starts small again (docs/decisions/020).
      await database.close();
      database = undefined;
      database = await openDatabase({ dataDir: env.dataDir });
    }
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.dataDir, 'outbox'),
      log,
      logLinks: env.NODE_ENV !== 'production',
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
    // A revision of the verifiable index for each new size of the log, within a second or two.
    const indexing = await startIndexing({ ctx, driver: db.kind, log });
    return {
      app,
      database: db,
      witnessing,
      async stop() {
        await indexing.stop();
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
