import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db';
import type { Database, Db } from './client';
import { nativeStatements } from './prepared';
import { courses } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(courses).values(
    ['b', 'a', 'c'].map((slug, i) => ({
      id: `course-native-${slug}`,
      slug: `native-${slug}`,
      title: `Native ${slug}`,
      description: 'd',
      fullDescription: 'd',
      instructorName: 'Ines Tructor',
      durationLabel: '1 h',
      price: 10 + i,
      originalPrice: 10 + i,
      category: 'repair' as const,
      level: i === 0 ? ('beginner' as const) : ('advanced' as const),
    })),
  );
});
afterAll(async () => database.close());

// A select with a placeholder, a constant Drizzle writes into the text, and typed columns.
const bySlugPrefix = nativeStatements('test_native', (db, key) =>
  db
    .select({ id: courses.id, level: courses.level, priced: sql<boolean>`${courses.price} > ${10}` })
    .from(courses)
    .where(
      key === 'level' ? eq(courses.level, sql.placeholder('level')) : sql`${courses.slug} like 'native-%'`,
    )
    .orderBy(asc(courses.slug)),
);

describe('nativeStatements: a statement written by Drizzle, run by the driver', () => {
  it("answers Drizzle's rows, as arrays in the select's order, with the driver's types", async () => {
    expect(await bySlugPrefix(database.db, 'all')()).toEqual([
      ['course-native-a', 'advanced', true],
      ['course-native-b', 'beginner', false],
      ['course-native-c', 'advanced', true],
    ]);
  });

  it('fills placeholders on every call, and runs the same statement again with other values', async () => {
    const statement = bySlugPrefix(database.db, 'level');
    expect(statement).toBe(bySlugPrefix(database.db, 'level'));
    for (let i = 0; i < 3; i++) {
      expect((await statement({ level: 'beginner' })).map((r) => r[0])).toEqual(['course-native-b']);
      expect((await statement({ level: 'advanced' })).map((r) => r[0])).toEqual([
        'course-native-a',
        'course-native-c',
      ]);
    }
  });

  it('refuses a missing placeholder value instead of sending null', async () => {
    await expect(bySlugPrefix(database.db, 'level')({})).rejects.toThrow(
      'no value for the placeholder "level"',
    );
  });

  it('needs a database opened by openDatabase (which says how to run a native statement)', () => {
    const other = drizzle.mock() as unknown as Db;
    expect(() => bySlugPrefix(other, 'all')).toThrow('not opened by openDatabase');
  });
});
