import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildInProcess, buildNewDataDir } from '../server/database-build';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { DataDirLockedError, lockDataDir } from '../server/db/lock';
import { readEnv } from '../server/env';
import { LogKeyError } from '../server/log/signing';

/**
 * Opens the configured database for a command-line script. With the embedded PGlite it takes the data folder's
 * lock first, so a script never writes while a server owns the files; it exits with a clear message instead.
 * A data folder with no database yet gets one the way the server's first start builds it (server/database-build.ts,
 * decision 020): made aside in DATA_DIR/new-database and moved to pgdata only once complete, so a script killed
 * during initdb, the migrations or the sample content leaves no half-made pgdata for the server to open.
 */
export async function openScriptDatabase(): Promise<{ database: Database; done: () => Promise<void> }> {
  const env = readEnv();
  let unlock = () => undefined as void;
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(env.dataDir);
      if (!fs.existsSync(path.join(env.dataDir, 'pgdata')))
        console.log(`No database in ${env.dataDir} yet: building one, as the server's first start would.`);
      // Also removes what a build killed earlier left in new-database.
      await buildNewDataDir(env, pino({ level: env.LOG_LEVEL }), buildInProcess);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(`${error.message}\nThe embedded database can be used by one process at a time.`);
        process.exit(1);
      }
      unlock();
      if (error instanceof LogKeyError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.dataDir,
  });
  await migrateDatabase(database);
  return {
    database,
    async done() {
      await database.close();
      unlock();
    },
  };
}
