// Watched ranges: the parts of a lesson's video (or reading timer) actually played, as [startSec, endSec] pairs.
// Client and server share these so the percent a learner sees is the one the server stores. Everything here is
// a sort and one sweep: a save's cost grows with the ranges it carries, never with their product.
import { MAX_STORED_RANGES, RANGE_RESOLUTION_S } from './academy-values';

export type Range = [start: number, end: number];

const byStart = (x: Range, y: Range) => x[0] - y[0];

/**
 * Copies of `ranges` with both ends passed through `end`, empty ones dropped, in order of their start: sorted
 * only when they did not arrive in order (a player's ranges and stored ones do).
 */
function inOrder(ranges: readonly Range[], end: (x: number) => number): Range[] {
  const out: Range[] = [];
  let sorted = true;
  let previous = Number.NEGATIVE_INFINITY;
  for (const range of ranges) {
    const a = end(range[0]);
    const b = end(range[1]);
    if (b <= a) continue;
    if (a < previous) sorted = false;
    previous = a;
    out.push([a, b]);
  }
  return sorted ? out : out.sort(byStart);
}

/** Merges ranges sorted by start in place (they are the caller's own): touching or overlapping ones become one. */
function sweepInPlace(sorted: Range[]): Range[] {
  let n = 0;
  for (const range of sorted) {
    const last = n > 0 ? sorted[n - 1]! : null;
    if (last && range[0] <= last[1]) {
      if (range[1] > last[1]) last[1] = range[1];
    } else sorted[n++] = range;
  }
  sorted.length = n;
  return sorted;
}

/**
 * Whether `ranges` are already what merging (and, `onGrid`, normalising) them within [0, limit] would make: sorted,
 * non-empty, apart and inside the limit. Such a list is used as it is, without a copy.
 */
function alreadyMerged(ranges: readonly Range[], limit: number, onGrid: boolean): boolean {
  let previous = Number.NEGATIVE_INFINITY;
  for (const [a, b] of ranges) {
    if (!(a > previous && a >= 0 && b > a && b <= limit)) return false;
    if (onGrid && (snap(a) !== a || snap(b) !== b)) return false;
    previous = b;
  }
  return true;
}

/** Sorted, non-overlapping ranges inside [0, limit]; touching or overlapping ranges become one. */
export function mergeRanges(ranges: readonly Range[], limit = Number.POSITIVE_INFINITY): Range[] {
  return sweepInPlace(inOrder(ranges, (x) => Math.max(0, Math.min(x, limit))));
}

const snap = (x: number) => Math.round(x / RANGE_RESOLUTION_S) * RANGE_RESOLUTION_S;

/**
 * What the server keeps of any list of ranges: each end rounded to the nearest RANGE_RESOLUTION_S (so an end
 * moves at most half of it), cut to [0, limit], empty ones dropped, then sorted and merged. One copy, at most one
 * sort, one sweep.
 */
export function normalizeRanges(ranges: readonly Range[], limit = Number.POSITIVE_INFINITY): Range[] {
  return sweepInPlace(inOrder(ranges, (x) => Math.max(0, Math.min(snap(x), limit))));
}

/**
 * coarsenRanges on a list the caller owns: returned as it is when within the cap, else its ranges are reused. The
 * gaps to fill are found by sorting their sizes alone (a typed array): every gap below the largest size filled is
 * filled, and of the gaps of exactly that size the earliest ones.
 */
function coarsenOwned(ranges: Range[], cap: number): { ranges: Range[]; filled: number } {
  const n = ranges.length;
  if (n <= cap) return { ranges, filled: 0 };
  const fills = n - cap;
  const gaps = new Float64Array(n - 1);
  for (let i = 1; i < n; i++) gaps[i - 1] = ranges[i]![0] - ranges[i - 1]![1];
  const sizes = gaps.slice().sort();
  const largest = sizes[fills - 1]!;
  let ties = 0;
  for (let i = 0; i < fills; i++) if (sizes[i] === largest) ties++;
  const out: Range[] = [ranges[0]!];
  let filled = 0;
  for (let i = 1; i < n; i++) {
    const gap = gaps[i - 1]!;
    let fill = gap < largest;
    if (!fill && gap === largest && ties > 0) {
      fill = true;
      ties--;
    }
    if (fill) {
      out[out.length - 1]![1] = ranges[i]![1];
      filled += gap;
    } else out.push(ranges[i]!);
  }
  return { ranges: out, filled };
}

/**
 * At most `cap` ranges: when there are more, the smallest gaps between them are filled until `cap` remain (the
 * earlier on a tie). Returns the ranges and the seconds of gap filled (covered now, but never watched).
 */
export function coarsenRanges(
  ranges: readonly Range[],
  cap = MAX_STORED_RANGES,
): { ranges: Range[]; filled: number } {
  return coarsenOwned(
    ranges.map(([a, b]): Range => [a, b]),
    cap,
  );
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
  // Stored ranges were normalised when saved: checked in one pass and used as they are (never changed here).
  const before = alreadyMerged(stored, limit, true) ? stored : normalizeRanges(stored, limit);
  const fresh = newParts(before, normalizeRanges(incoming, limit), budget);
  const added = coveredSeconds(fresh);
  // Both lists are sorted: one merge that sweeps as it goes, into new ranges.
  const all: Range[] = [];
  let i = 0;
  let k = 0;
  while (i < before.length || k < fresh.length) {
    const s = before[i];
    const f = fresh[k];
    let next: Range;
    if (s && (!f || s[0] <= f[0])) {
      next = s;
      i++;
    } else {
      next = f!;
      k++;
    }
    const last = all.length ? all[all.length - 1]! : null;
    if (last && next[0] <= last[1]) {
      if (next[1] > last[1]) last[1] = next[1];
    } else all.push([next[0], next[1]]);
  }
  const { ranges, filled } = coarsenOwned(all, MAX_STORED_RANGES);
  return { ranges, added, filled };
}

/** Percent of `durationSeconds` covered by the ranges, 0 to 100. */
export function coveragePercent(ranges: readonly Range[], durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  const merged = alreadyMerged(ranges, durationSeconds, false)
    ? ranges
    : mergeRanges(ranges, durationSeconds);
  return Math.min(100, (coveredSeconds(merged) / durationSeconds) * 100);
}
