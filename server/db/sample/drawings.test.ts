import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALE_CATEGORIES, SCALE_DRAWINGS, SCALE_TYPES } from '../../../scripts/scale-vocabulary';
import type { Database } from '../client';
import { createTestDatabase } from '../../test/test-db';
import { drawingStyle, drawingUrl, DRAWING_STYLE_SQL } from './drawings';

const publicDir = path.resolve(import.meta.dirname, '../../../client/public');
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('sample drawings', () => {
  it('draws each type and each guitar body style differently, and every drawing exists', () => {
    expect(drawingStyle('violin', 'classical')).toBe('violin');
    expect(drawingStyle('guitar', 'classical')).toBe('classical');
    expect(drawingStyle('guitar', 'flamenco')).toBe('classical');
    expect(drawingStyle('guitar', 'electric')).toBe('electric');
    expect(drawingStyle('guitar', 'archtop')).toBe('archtop');
    expect(drawingStyle('guitar', 'acoustic')).toBe('guitar');
    expect(drawingStyle('dulcimer', 'appalachian')).toBe('dulcimer');
    expect(drawingStyle('dulcimer', 'hammered')).toBe('hammered-dulcimer');
    const files = new Set<string>();
    for (const type of SCALE_TYPES)
      for (const category of SCALE_CATEGORIES[type])
        for (const wood of SCALE_DRAWINGS) files.add(drawingUrl(type, category, wood));
    for (const file of files) {
      const text = fs.readFileSync(path.join(publicDir, file), 'utf8');
      expect(text, file).toMatch(/^<svg [^>]*role="img" aria-label="Drawing of an? [^"]+"/);
    }
    // One look per type other than the guitar (15), four guitars and the hammered dulcimer beside the mountain
    // one, no two the same picture in one wood.
    const spruce = [...files].filter((f) => f.endsWith('-spruce.svg'));
    expect(spruce).toHaveLength(20);
    expect(
      fs.readFileSync(path.join(publicDir, drawingUrl('dulcimer', 'hammered', 'spruce')), 'utf8'),
    ).toContain('aria-label="Drawing of a hammered dulcimer in spruce"');
    const shapes = spruce.map((f) =>
      fs.readFileSync(path.join(publicDir, f), 'utf8').replace(/<title>.*<\/title>|aria-label="[^"]*"/g, ''),
    );
    expect(new Set(shapes).size).toBe(20);
  });

  it('grows rows in SQL with the same rule', async () => {
    for (const type of SCALE_TYPES)
      for (const category of SCALE_CATEGORIES[type]) {
        const result: unknown = await database.db.execute(
          sql.raw(`select ${DRAWING_STYLE_SQL(`'${type}'::text`, `'${category}'::text`)} as style`),
        );
        const { rows } = result as { rows: { style: string }[] };
        expect(rows[0]?.style, `${type}/${category}`).toBe(drawingStyle(type, category));
      }
  });
});
