import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addRanges,
  coarsenRanges,
  coveragePercent,
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

// The naive forms of the functions above, written for clarity rather than speed (the sweeps above once were
// these: a copy per step, objects and a Set for the gaps). Each fast form must give exactly what these give.
const naive = {
  /** Marks every RANGE_RESOLUTION_S cell a range covers once rounded and cut; the runs of marked cells are the ranges. */
  normalize(input: readonly Range[], limit: number): Range[] {
    const q = RANGE_RESOLUTION_S;
    const cells = new Array<boolean>(Math.round(limit / q)).fill(false);
    const end = (x: number) => Math.max(0, Math.min(Math.round(x / q) * q, limit));
    for (const [a, b] of input)
      for (let c = Math.round(end(a) / q); c < Math.round(end(b) / q); c++) cells[c] = true;
    const out: Range[] = [];
    cells.forEach((on, c) => {
      if (!on) return;
      const last = out.at(-1);
      if (last && last[1] === c * q) last[1] = (c + 1) * q;
      else out.push([c * q, (c + 1) * q]);
    });
    return out;
  },
  /** Joins any two ranges that touch or overlap until none do, then sorts. */
  merge(input: readonly Range[], limit: number): Range[] {
    let list = input
      .map(([a, b]): Range => [Math.max(0, Math.min(a, limit)), Math.max(0, Math.min(b, limit))])
      .filter(([a, b]) => b > a);
    for (let joined = true; joined;) {
      joined = false;
      outer: for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++) {
          const [x, y] = [list[i]!, list[j]!];
          if (x[0] <= y[1] && y[0] <= x[1]) {
            list = [
              ...list.filter((_, k) => k !== i && k !== j),
              [Math.min(x[0], y[0]), Math.max(x[1], y[1])],
            ];
            joined = true;
            break outer;
          }
        }
    }
    return list.sort((x, y) => x[0] - y[0]);
  },
  /** Fills the gaps in order of size (the earlier on a tie), one by one. */
  coarsen(input: readonly Range[], cap: number): { ranges: Range[]; filled: number } {
    const gaps = input.slice(1).map((r, k) => ({ i: k + 1, size: r[0] - input[k]![1] }));
    gaps.sort((x, y) => x.size - y.size || x.i - y.i);
    const fill = new Set(gaps.slice(0, Math.max(0, input.length - cap)).map((g) => g.i));
    const out: Range[] = [];
    let filled = 0;
    input.forEach(([a, b], i) => {
      const last = out.at(-1);
      if (last && fill.has(i)) {
        filled += a - last[1];
        last[1] = b;
      } else out.push([a, b]);
    });
    return { ranges: out, filled };
  },
};

/** Lists in any order, or already sorted (the order a player and the stored record send). */
const anyOrder = (maxLength: number) =>
  fc
    .tuple(ranges(maxLength), fc.boolean())
    .map(([list, sort]) => (sort ? [...list].sort((x, y) => x[0] - y[0]) : list));
/** Many short ranges close together: normalising merges some, and there are more than the cap. */
const fragments = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 2300 }), fc.integer({ min: 1, max: 3 })), { maxLength: 500 })
  .map((list) => list.map(([at, len]): Range => [at / 4, (at + len) / 4]));

describe('the sweeps against their naive forms', () => {
  it('normalizeRanges: the runs of quarter seconds any range covers', () => {
    fc.assert(
      fc.property(fc.oneof(anyOrder(60), fragments), (input) => {
        expect(normalizeRanges(input, LIMIT)).toEqual(naive.normalize(input, LIMIT));
      }),
      { numRuns: 300 },
    );
  });

  it('mergeRanges and coveragePercent: ranges joined pairwise until none touch', () => {
    fc.assert(
      fc.property(anyOrder(40), (input) => {
        const merged = naive.merge(input, LIMIT);
        expect(mergeRanges(input, LIMIT)).toEqual(merged);
        const percent = Math.min(100, (coveredSeconds(merged) / LIMIT) * 100);
        expect(coveragePercent(input, LIMIT)).toBe(percent);
        // An already merged list is summed as it is: the same figure.
        expect(coveragePercent(merged, LIMIT)).toBe(percent);
      }),
      { numRuns: 300 },
    );
  });

  it('coarsenRanges: the smallest gaps filled one by one', () => {
    fc.assert(
      fc.property(fc.oneof(anyOrder(120), fragments), fc.integer({ min: 1, max: 60 }), (input, cap) => {
        const normal = normalizeRanges(input, LIMIT);
        expect(coarsenRanges(normal, cap)).toEqual(naive.coarsen(normal, cap));
      }),
      { numRuns: 300 },
    );
  });

  it('addRanges: the naive forms step by step, whether the stored list is normal or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyOrder(MAX_STORED_RANGES + 50), fragments),
        fc.boolean(),
        fc.oneof(anyOrder(80), fragments),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (raw, normalStored, incoming, budget) => {
          const stored = normalStored ? naive.normalize(raw, LIMIT) : raw;
          const before = naive.normalize(stored, LIMIT);
          const { ranges: out, added, filled } = addRanges(stored, incoming, LIMIT, budget);
          // Whatever was accepted, the result is the stored ranges with `added` seconds more, coarsened.
          const grown = naive.normalize([...before, ...naive.normalize(incoming, LIMIT)], LIMIT);
          expect(coveredSeconds(out)).toBe(coveredSeconds(before) + added + filled);
          expect(covers(out, before)).toBe(true);
          if (budget === Number.POSITIVE_INFINITY || added === coveredSeconds(grown) - coveredSeconds(before))
            expect({ ranges: out, filled }).toEqual(naive.coarsen(grown, MAX_STORED_RANGES));
          // The stored list itself is never changed.
          expect(stored).toEqual(normalStored ? naive.normalize(raw, LIMIT) : raw);
        },
      ),
      { numRuns: 200 },
    );
  });
});
