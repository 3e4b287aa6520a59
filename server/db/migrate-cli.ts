import { migrateDatabase, openDatabase } from './client';
import { lockDataDir } from './lock';
import { readEnv } from '../env';

const env = readEnv();
const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(env.dataDir);
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : env.dataDir,
});
await migrateDatabase(database);
await database.close();
unlock();
console.log(`Migrations applied (${database.kind}).`);
