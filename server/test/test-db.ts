import crypto from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../db/client';

/** Which backend the server suite runs on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export const testBackend: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)',
    );
  return url;
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(): Promise<Database> {
  if (testBackend === 'pglite') {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ url, poolSize: 4 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
