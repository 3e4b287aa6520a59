import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data folder (tarball) each test file's database starts from. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database each test file's database is copied from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database before the server suite and lets every test file start from a copy of it: a fresh
 * PGlite costs an initdb (seconds) and a fresh PostgreSQL database the whole migration chain, once per file.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `t_template_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'luthier-pglite-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
