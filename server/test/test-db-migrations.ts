import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { createPostgresDatabase, testBackend, testDatabaseUrl } from './test-db';
import { migrationsFolder, openDatabase, type Database } from '../db/client';

/**
 * A fresh database whose migrations are applied in two steps, for a test of what one migration does to rows
 * written before it: `upTo(before(tag))`, insert old rows as the code of then wrote them, then `upTo()` the rest.
 */
export async function migrationChain() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'luthier-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  for (const file of fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')))
    fs.copyFileSync(path.join(migrationsFolder, file), path.join(folder, file));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  let drop = async () => {};
  let database: Database;
  if (testBackend === 'postgres') {
    testDatabaseUrl();
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 2 });
  } else database = await openDatabase({});

  return {
    database,
    /** The tag of the migration just before `tag`. */
    before(tag: string): string {
      const previous = journal.entries[journal.entries.findIndex((e) => e.tag === tag) - 1]?.tag;
      if (!previous) throw new Error(`no migration before ${tag}`);
      return previous;
    },
    /** Applies the chain up to and including `lastTag`, or all of it. */
    async upTo(lastTag?: string) {
      const end = lastTag ? journal.entries.findIndex((e) => e.tag === lastTag) : -1;
      fs.writeFileSync(
        path.join(folder, 'meta/_journal.json'),
        JSON.stringify({
          ...journal,
          entries: end < 0 ? journal.entries : journal.entries.slice(0, end + 1),
        }),
      );
      if (database.kind === 'pglite') {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(database.db as never, { migrationsFolder: folder });
      } else {
        const { migrate } = await import('drizzle-orm/node-postgres/migrator');
        await migrate(database.db as never, { migrationsFolder: folder });
      }
    },
    async rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
      const result: unknown = await database.db.execute(query);
      return (result as { rows: Record<string, unknown>[] }).rows;
    },
    async close() {
      await database.close();
      await drop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
