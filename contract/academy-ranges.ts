// Watched ranges: the parts of a lesson's video (or reading timer) actually played, as [startSec, endSec] pairs.
// Client and server share these so the percent a learner sees is the one the server stores. Everything here is
// a sort and one sweep: a save's cost grows with the ranges it carries, never with their product.
import { MAX_STORED_RANGES, RANGE_RESOLUTION_S } from './academy-values';

export type Range = [start: number, end: number];

const byStart = (x: Range, y: Range) => x[0] - y[0];

/** Sweeps ranges sorted by start into sorted, non-overlapping ones; touching or overlapping ranges become one. */
function sweep(sorted: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    if (b <= a) continue;
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Sorted, non-overlapping ranges inside [0, limit]; touching or overlapping ranges become one. */
export function mergeRanges(ranges: readonly Range[], limit = Number.POSITIVE_INFINITY): Range[] {
  const clip = (x: number) => Math.max(0, Math.min(x, limit));
  return sweep(ranges.map(([a, b]): Range => [clip(a), clip(b)]).sort(byStart));
}

const snap = (x: number) => Math.round(x / RANGE_RESOLUTION_S) * RANGE_RESOLUTION_S;

/**
 * What the server keeps of any list of ranges: each end rounded to the nearest RANGE_RESOLUTION_S (so an end
 * moves at most half of it), cut to [0, limit], empty ones dropped, then sorted and merged.
 */
export function normalizeRanges(ranges: readonly Range[], limit = Number.POSITIVE_INFINITY): Range[] {
  const clip = (x: number) => Math.max(0, Math.min(snap(x), limit));
  return sweep(ranges.map(([a, b]): Range => [clip(a), clip(b)]).sort(byStart));
}

/**
 * At most `cap` ranges: when there are more, the smallest gaps between them are filled until `cap` remain.
 * Returns the ranges and the seconds of gap filled (covered now, but never watched).
 */
export function coarsenRanges(
  ranges: readonly Range[],
  cap = MAX_STORED_RANGES,
): { ranges: Range[]; filled: number } {
  if (ranges.length <= cap) return { ranges: ranges.map(([a, b]): Range => [a, b]), filled: 0 };
  // Gap i lies between ranges i - 1 and i; the smallest ones (the earlier on a tie) are filled.
  const gaps = ranges.slice(1).map((r, k) => ({ i: k + 1, size: r[0] - ranges[k]![1] }));
  gaps.sort((x, y) => x.size - y.size || x.i - y.i);
  const fill = new Set<number>();
  let filled = 0;
  for (const gap of gaps.slice(0, ranges.length - cap)) {
    fill.add(gap.i);
    filled += gap.size;
  }
  const out: Range[] = [];
  ranges.forEach(([a, b], i) => {
    const last = out.at(-1);
    if (last && fill.has(i)) last[1] = b;
    else out.push([a, b]);
  });
  return { ranges: out, filled };
}

/** Seconds covered by merged ranges. */
export const coveredSeconds = (ranges: readonly Range[]) => ranges.reduce((sum, [a, b]) => sum + (b - a), 0);

/**
 * The parts of `incoming` not in `stored` (both normalised), earliest first, up to `budget` seconds in all, each
 * piece a whole number of RANGE_RESOLUTION_S: one sweep over both lists.
 */
function newParts(stored: readonly Range[], incoming: readonly Range[], budget: number): Range[] {
  const out: Range[] = [];
  let left = Math.floor(Math.max(0, budget) / RANGE_RESOLUTION_S) * RANGE_RESOLUTION_S;
  let j = 0;
  for (const [a, b] of incoming) {
    if (left <= 0) break;
    let from = a;
    while (j < stored.length && stored[j]![1] <= from) j++;
    for (let k = j; from < b && left > 0; k++) {
      const next = stored[k];
      const end = next ? Math.min(b, next[0]) : b;
      if (end > from) {
        const take = Math.min(end - from, left);
        out.push([from, from + take]);
        left -= take;
      }
      if (!next) break;
      from = Math.max(from, next[1]);
    }
  }
  return out;
}

/**
 * Adds `incoming` to `stored`, accepting at most `budget` seconds of coverage not already stored (the earliest new
 * parts first, the last one cut short), then keeps at most MAX_STORED_RANGES ranges. Returns the ranges, the
 * seconds of new coverage accepted (`added`) and the seconds of gap the cap filled (`filled`, never watched).
 */
export function addRanges(
  stored: readonly Range[],
  incoming: readonly Range[],
  limit: number,
  budget: number,
): { ranges: Range[]; added: number; filled: number } {
  const before = normalizeRanges(stored, limit);
  const fresh = newParts(before, normalizeRanges(incoming, limit), budget);
  const added = coveredSeconds(fresh);
  // Both lists are sorted: one merge and one sweep.
  const all: Range[] = [];
  let i = 0;
  let k = 0;
  while (i < before.length || k < fresh.length) {
    const s = before[i];
    const f = fresh[k];
    if (s && (!f || s[0] <= f[0])) {
      all.push(s);
      i++;
    } else if (f) {
      all.push(f);
      k++;
    }
  }
  const { ranges, filled } = coarsenRanges(sweep(all));
  return { ranges, added, filled };
}

/** Percent of `durationSeconds` covered by the ranges, 0 to 100. */
export function coveragePercent(ranges: readonly Range[], durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.min(100, (coveredSeconds(mergeRanges(ranges, durationSeconds)) / durationSeconds) * 100);
}
