import { is, Param, Placeholder, type SQLWrapper } from 'drizzle-orm';
import { nativeQueryOf, type Db } from './client';

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

/** A query Drizzle can write out: a select, or any `sql` template. */
type Writable = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

/** Runs a native statement with its placeholders' values; each row is an array, in the select's column order. */
export type NativeStatement = (values?: Record<string, unknown>) => Promise<unknown[][]>;

/**
 * For the hottest reads only (course explore, the outline, the session lookup; decision 027): the statement is
 * written by Drizzle once, then run through the driver itself (pg's named statement, PGlite's query) with rows
 * as arrays, skipping Drizzle's per-call work (its placeholder filling through `is()` checks, its tracing spans,
 * its cache wrapper, its row mapping). The caller maps the columns itself, so keep it to a few columns or one text
 * built by the database. Each such statement has a test on both backends comparing it with Drizzle's answer.
 */
export function nativeStatements(prefix: string, build: (db: Db, key: string) => Writable) {
  return preparedStatements<NativeStatement>(prefix, (db, key, name) => {
    const { sql: text, params } = build(db, key).toSQL();
    // Each parameter once: a constant, a placeholder's name, or a placeholder with its column's encoder.
    const slots = params.map((p): ((values: Record<string, unknown>) => unknown) => {
      if (is(p, Placeholder)) return (values) => valueOf(values, p.name);
      if (is(p, Param) && is(p.value, Placeholder)) {
        const placeholder = p.value;
        return (values) => p.encoder.mapToDriverValue(valueOf(values, placeholder.name));
      }
      // Values Drizzle wrote in the text itself arrive already encoded (as fillPlaceholders passes them).
      return () => p;
    });
    const run = nativeQueryOf(db);
    return async (values = {}) =>
      run(
        `n_${name}`,
        text,
        slots.map((slot) => slot(values)),
      );
  });
}

function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`no value for the placeholder "${name}"`);
  return values[name];
}
