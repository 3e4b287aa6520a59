import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { DataDirLockedError, lockDataDir } from '../server/db/lock';
import { readEnv } from '../server/env';

/**
 * Opens the configured database for a command-line script. With the embedded PGlite it takes the data folder's
 * lock first, so a script never writes while a server owns the files; it exits with a clear message instead.
 */
export async function openScriptDatabase(): Promise<{ database: Database; done: () => Promise<void> }> {
  const env = readEnv();
  let unlock = () => undefined as void;
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(env.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(`${error.message}\nThe embedded database can be used by one process at a time.`);
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
