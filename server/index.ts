import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildInChildProcess, isDatabaseBuilder, runDatabaseBuilder } from './database-build';
import { DataDirLockedError } from './db/lock';
import { EnvError, readEnv } from './env';
import { LogKeyError } from './log/signing';
import { startServer } from './main';
import { collectGarbage, configureImageMemory } from './memory';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const SETTLED_AFTER_MS = 10_000;

async function main(): Promise<void> {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: env.LOG_LEVEL });
  configureImageMemory();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // A new embedded database is built by this same program in a child process, so that what building leaves
    // behind in memory ends with it (docs/decisions/020).
    server = await startServer(env, log, {
      buildDatabase: buildInChildProcess(fileURLToPath(import.meta.url)),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof LogKeyError) {
      console.error(error.message);
      process.exit(1);
    }
    log.fatal({ err: error }, 'could not start');
    process.exit(1);
  }
  log.info(`Listening on ${env.publicUrl} (database: ${server.database.kind})`);
  collectGarbage();
  // Again once the start's deferred work (first witness round, mail retries) has let go of what it held.
  setTimeout(collectGarbage, SETTLED_AFTER_MS).unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));
}

if (isDatabaseBuilder()) void runDatabaseBuilder();
else void main();
