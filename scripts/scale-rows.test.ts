import { describe, expect, it } from 'vitest';
import { INSTRUMENT_TYPES, categoryFits } from '../contract/registry-values';
import { scaleRow } from './scale-rows';

const makers = [
  { id: 's1', ownerId: 'u1', name: 'One', location: null },
  { id: 's2', ownerId: 'u2', name: 'Two', location: 'Lyon' },
  { id: 's3', ownerId: 'u3', name: 'Three', location: null },
];

describe('scaleRow', () => {
  // The script once stopped near row 270,000: a signed shift of a seed past 2^31 picked from a negative index.
  it.each([0, 1, 270_000, 271_234, 999_999, 1_000_000, 1_999_999])('builds a whole row for n = %i', (n) => {
    for (const random of [0, 0.5, 0.999]) {
      const { row, maker, drawing } = scaleRow(n, makers, random);
      expect(makers).toContain(maker);
      // "Concert Maple Viola Da Gamba 12", "Studio Koa Hurdy-Gurdy 3".
      expect(row.name).toMatch(new RegExp(`^\\w+ [A-Z][a-z]+ [A-Z][a-z]+([ -][A-Z][a-z]+)* ${n + 1}$`));
      expect(categoryFits(row.instrumentType, row.category)).toBe(true);
      expect(row.serialNumber).toBe(`SC-${String(n + 1).padStart(7, '0')}`);
      for (const value of [row.bodyWood, row.neckWood, row.fretboardWood, row.condition, row.category])
        expect(value).toEqual(expect.any(String));
      expect(row.yearMade).toBeGreaterThanOrEqual(1960);
      expect(row.estimatedValue).toBeGreaterThanOrEqual(500);
      expect(drawing).toMatch(/\.svg$/);
    }
  });
});

describe('scaleRow families', () => {
  it('makes passports of every type, each with a category of its type', () => {
    const types = new Set<string>();
    for (let n = 0; n < 2000; n++) {
      const { row } = scaleRow(n, makers, 0.5);
      types.add(row.instrumentType);
      expect(categoryFits(row.instrumentType, row.category)).toBe(true);
    }
    expect([...types].sort()).toEqual([...INSTRUMENT_TYPES].sort());
  });
});
