// Watched ranges: the parts of a lesson's video (or reading timer) actually played, as [startSec, endSec] pairs.
// Client and server share these so the percent a learner sees is the one the server stores.

export type Range = [start: number, end: number];

/** Sorted, non-overlapping ranges inside [0, limit]; touching or overlapping ranges become one. */
export function mergeRanges(ranges: readonly Range[], limit = Number.POSITIVE_INFINITY): Range[] {
  const clipped = ranges
    .map(([a, b]): Range => [Math.max(0, Math.min(a, limit)), Math.max(0, Math.min(b, limit))])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of clipped) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Seconds covered by merged ranges. */
export const coveredSeconds = (ranges: readonly Range[]) => ranges.reduce((sum, [a, b]) => sum + (b - a), 0);

/** The parts of `range` not already in `merged` (merged must be sorted and non-overlapping). */
function uncovered([a, b]: Range, merged: readonly Range[]): Range[] {
  const out: Range[] = [];
  let from = a;
  for (const [c, d] of merged) {
    if (d <= from) continue;
    if (c >= b) break;
    if (c > from) out.push([from, Math.min(c, b)]);
    from = Math.max(from, d);
    if (from >= b) break;
  }
  if (from < b) out.push([from, b]);
  return out;
}

/**
 * Adds `incoming` to `stored`, accepting at most `budget` seconds of coverage not already stored: the new parts
 * are taken in the order the client reported them and the last one is cut short. Returns the merged ranges
 * and the seconds of new coverage accepted.
 */
export function addRanges(
  stored: readonly Range[],
  incoming: readonly Range[],
  limit: number,
  budget: number,
): { ranges: Range[]; added: number } {
  let merged = mergeRanges(stored, limit);
  let left = Math.max(0, budget);
  let added = 0;
  for (const range of incoming) {
    if (left <= 0) break;
    const [a, b] = mergeRanges([range], limit)[0] ?? [0, 0];
    if (b <= a) continue;
    const pieces: Range[] = [];
    for (const [c, d] of uncovered([a, b], merged)) {
      if (left <= 0) break;
      const take = Math.min(d - c, left);
      pieces.push([c, c + take]);
      left -= take;
      added += take;
    }
    if (pieces.length) merged = mergeRanges([...merged, ...pieces], limit);
  }
  return { ranges: merged, added };
}

/** Percent of `durationSeconds` covered by the ranges, 0 to 100. */
export function coveragePercent(ranges: readonly Range[], durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.min(100, (coveredSeconds(mergeRanges(ranges, durationSeconds)) / durationSeconds) * 100);
}
