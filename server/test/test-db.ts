import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { leasePglite } from './pglite-pool';

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

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database dropped on close.
 * Both start from the migrated template the suite's global setup made (server/test/global-setup.ts); migrating
 * again is then a no-op that still proves the chain is complete. On PGlite the worker's pool (./pglite-pool)
 * hands out an instance another file closed once it is proven back in the template's state.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testBackend === 'pglite') {
    const template = inject('pgliteTemplate');
    if (!template) {
      const database = await openDatabase({});
      await migrateDatabase(database);
      return database;
    }
    return leasePglite(template, () => new Blob([fs.readFileSync(template)]));
  }
  const { url, drop } = await createPostgresDatabase(inject('postgresTemplate') || undefined);
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

/** A new PostgreSQL database on the TEST_DATABASE_URL server, empty or copied from `template`; `drop` removes it. */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files copying the template at the same moment: PostgreSQL refuses the second while the first reads it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        break;
      } catch (error) {
        if (!template || attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
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
