import type { Db } from './client';

/**
 * Prepared statements built once per database and shape, for the reads every visitor repeats: Drizzle builds the
 * SQL text once instead of on every request, and on PostgreSQL each pooled connection parses and plans a named
 * statement once. `key` names the statement's shape (which clauses it has); the values go in as placeholders. `name` is the statement's
 * name on PostgreSQL, unique per prefix and key.
 */
export function preparedStatements<T>(prefix: string, build: (db: Db, key: string, name: string) => T) {
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db: Db, key: string): T => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map<string, T>()));
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build(db, key, `${prefix}_${key}`)));
    return statement;
  };
}
