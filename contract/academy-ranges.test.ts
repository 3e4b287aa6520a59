import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addRanges,
  coarsenRanges,
  coveredSeconds,
  mergeRanges,
  normalizeRanges,
  type Range,
} from './academy-ranges';
import { MAX_STORED_RANGES, RANGE_RESOLUTION_S } from './academy-values';

const LIMIT = 600;
const range = fc
  .tuple(fc.double({ min: 0, max: 700, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }))
  .map(([a, len]): Range => [a, a + len]);
const ranges = (maxLength: number) => fc.array(range, { maxLength });

/** Sorted, apart (touching ranges are one), non-empty, on the resolution's grid and inside [0, LIMIT]. */
function expectNormal(out: readonly Range[]) {
  out.forEach(([a, b], i) => {
    expect(b).toBeGreaterThan(a);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeLessThanOrEqual(LIMIT);
    expect((a / RANGE_RESOLUTION_S) % 1).toBe(0);
    expect((b / RANGE_RESOLUTION_S) % 1).toBe(0);
    if (i > 0) expect(a).toBeGreaterThan(out[i - 1]![1]);
  });
}
const covers = (outer: readonly Range[], inner: readonly Range[]) =>
  inner.every(([a, b]) => outer.some(([c, d]) => c <= a && b <= d));

describe('normalizeRanges', () => {
  it('rounds to the resolution, cuts to the lesson, drops empty ranges and merges; twice is once', () => {
    fc.assert(
      fc.property(ranges(60), (input) => {
        const out = normalizeRanges(input, LIMIT);
        expectNormal(out);
        expect(normalizeRanges(out, LIMIT)).toEqual(out);
        // Each end moves at most half the resolution: never more than that per range is gained.
        const merged = mergeRanges(input, LIMIT);
        expect(coveredSeconds(out)).toBeLessThanOrEqual(
          coveredSeconds(merged) + input.length * RANGE_RESOLUTION_S + 1e-9,
        );
      }),
    );
    // 10.1 and 20.3 round to 10 and 20.25, where the next range starts: one range. 0.05–0.1 and 599.9–900
    // round to nothing (the lesson ends at 600); 5–5 is empty.
    expect(
      normalizeRanges(
        [
          [10.1, 20.3],
          [0.05, 0.1],
          [20.3, 30],
          [5, 5],
          [599.9, 900],
          [598.4, 598.8],
        ],
        LIMIT,
      ),
    ).toEqual([
      [10, 30],
      [598.5, 598.5 + RANGE_RESOLUTION_S],
    ]);
  });
});

describe('coarsenRanges', () => {
  it('keeps at most the cap by filling the smallest gaps, and reports exactly what it filled', () => {
    fc.assert(
      fc.property(ranges(120), fc.integer({ min: 1, max: 40 }), (input, cap) => {
        const before = normalizeRanges(input, LIMIT);
        const { ranges: out, filled } = coarsenRanges(before, cap);
        expect(out.length).toBe(Math.min(cap, before.length));
        expectNormal(out);
        expect(covers(out, before)).toBe(true);
        expect(coveredSeconds(out)).toBeCloseTo(coveredSeconds(before) + filled, 6);
        // No gap left open is smaller than one that was filled.
        const kept = out.slice(1).map((r, i) => r[0] - out[i]![1]);
        const all = before.slice(1).map((r, i) => r[0] - before[i]![1]);
        const filledGaps = [...all].sort((x, y) => x - y).slice(0, before.length - out.length);
        if (kept.length && filledGaps.length)
          expect(Math.min(...kept)).toBeGreaterThanOrEqual(Math.max(...filledGaps));
      }),
    );
  });
});

describe('addRanges', () => {
  it('with budget to spare: the normalised union of stored and incoming, within the cap', () => {
    fc.assert(
      fc.property(ranges(40), ranges(40), (stored, incoming) => {
        const { ranges: out, added } = addRanges(stored, incoming, LIMIT, Number.POSITIVE_INFINITY);
        const union = coarsenRanges(normalizeRanges([...stored, ...incoming], LIMIT)).ranges;
        expect(out).toEqual(union);
        expect(added).toBeCloseTo(coveredSeconds(union) - coveredSeconds(normalizeRanges(stored, LIMIT)), 6);
      }),
    );
  });

  it('never adds more than the budget, keeps everything stored, and claims only what was reported', () => {
    fc.assert(
      fc.property(
        ranges(MAX_STORED_RANGES + 50),
        ranges(80),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (stored, incoming, budget) => {
          const before = normalizeRanges(stored, LIMIT);
          const { ranges: out, added, filled } = addRanges(stored, incoming, LIMIT, budget);
          expect(added).toBeLessThanOrEqual(budget + 1e-9);
          expect((added / RANGE_RESOLUTION_S) % 1).toBeCloseTo(0, 6);
          expectNormal(out);
          expect(out.length).toBeLessThanOrEqual(MAX_STORED_RANGES);
          expect(covers(out, before)).toBe(true);
          expect(coveredSeconds(out)).toBeCloseTo(coveredSeconds(before) + added + filled, 6);
          if (!filled) expect(covers(normalizeRanges([...stored, ...incoming], LIMIT), out)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes the earliest new parts first and cuts the last one short, on the resolution', () => {
    // A budget of 12.3 s is 12.25 on the grid: 10 s before the stored range, then 2.25 s of the later one.
    expect(
      addRanges(
        [[10, 20]],
        [
          [30, 40],
          [0, 15],
        ],
        LIMIT,
        12.3,
      ),
    ).toEqual({
      ranges: [
        [0, 20],
        [30, 32.25],
      ],
      added: 12.25,
      filled: 0,
    });
  });
});
