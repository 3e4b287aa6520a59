// The address grammar of C2SP tlog-tiles: tile/<L>/<N>[.p/<W>] and tile/entries/<N>[.p/<W>], where <N> is
// split into 3-digit groups and every group but the last starts with "x" (1234067 → x001/x234/067).

/** Hashes (or entries) in a full tile: tiles have height 8. */
export const TILE_WIDTH = 256;
export const TILE_HEIGHT = 8;

export interface TileAddress {
  /** The tile level (0–63), or `entries` for an entry bundle. */
  level: number | 'entries';
  /** The tile's number within its level. Past Number.MAX_SAFE_INTEGER it is only known to be too large. */
  index: number;
  /** 256 for a full tile; 1–255 for a partial one (`.p/<W>`). */
  width: number;
}

/** `<N>` of a tile path: 0 → 000, 1234067 → x001/x234/067. */
export function encodeTileIndex(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`tile index ${n} is not a whole number`);
  const groups: string[] = [];
  let rest = n;
  do {
    groups.unshift(String(rest % 1000).padStart(3, '0'));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/');
}

/** The path of a tile below the log's prefix, e.g. `tile/0/x001/234.p/7` or `tile/entries/000`. */
export function tilePath({ level, index, width }: TileAddress): string {
  const partial = width < TILE_WIDTH ? `.p/${width}` : '';
  return `tile/${level}/${encodeTileIndex(index)}${partial}`;
}

const LEVEL = /^(0|[1-9][0-9]?)$/;
const WIDTH = /^[1-9][0-9]{0,2}$/;
const INDEX = /^((x[0-9]{3}\/)*)([0-9]{3})$/;

/**
 * Reads `tile/…` as the spec writes it, and nothing else: a level of 0–63 or `entries`, an index in its one
 * canonical form (no leading `x000/` group), a width of 1–255 without leading zeroes. Null when malformed.
 */
export function parseTilePath(path: string): TileAddress | null {
  const match = /^tile\/([^/]+)\/(.+?)(?:\.p\/([^/]+))?$/.exec(path);
  if (!match) return null;
  const [, levelText = '', indexText = '', widthText] = match;
  let level: TileAddress['level'];
  if (levelText === 'entries') level = 'entries';
  else if (LEVEL.test(levelText) && Number(levelText) <= 63) level = Number(levelText);
  else return null;
  if (!INDEX.test(indexText) || indexText.startsWith('x000/')) return null;
  let width = TILE_WIDTH;
  if (widthText !== undefined) {
    if (!WIDTH.test(widthText) || Number(widthText) >= TILE_WIDTH) return null;
    width = Number(widthText);
  }
  const index = Number(BigInt(indexText.replace(/[x/]/g, '')));
  return { level, index, width };
}
