import { describe, expect, it } from 'vitest';
import { encodeTileIndex, parseTilePath, tilePath } from './tile-path';
import { encodeBundle, MAX_ENTRY_BYTES } from './tiles';

describe('C2SP tile paths', () => {
  it('encodes <N> in 3-digit groups, all but the last starting with x', () => {
    expect(encodeTileIndex(0)).toBe('000');
    expect(encodeTileIndex(7)).toBe('007');
    expect(encodeTileIndex(999)).toBe('999');
    expect(encodeTileIndex(1000)).toBe('x001/000');
    expect(encodeTileIndex(1234067)).toBe('x001/x234/067');
    expect(encodeTileIndex(1_000_000_000)).toBe('x001/x000/x000/000');
    expect(() => encodeTileIndex(-1)).toThrow(RangeError);
    expect(() => encodeTileIndex(1.5)).toThrow(RangeError);
  });

  it('writes full tiles without a width and partial ones with .p/<W>', () => {
    expect(tilePath({ level: 0, index: 1234067, width: 256 })).toBe('tile/0/x001/x234/067');
    expect(tilePath({ level: 2, index: 5, width: 17 })).toBe('tile/2/005.p/17');
    expect(tilePath({ level: 'entries', index: 1000, width: 1 })).toBe('tile/entries/x001/000.p/1');
  });

  it('reads back every address it writes', () => {
    for (const address of [
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 1234067, width: 255 },
      { level: 63, index: 999, width: 1 },
      { level: 'entries' as const, index: 1000, width: 88 },
    ])
      expect(parseTilePath(tilePath(address))).toEqual(address);
    // Beyond any tree an index can describe: read, and left to the reader to find nothing there.
    expect(parseTilePath('tile/0/x999/x999/x999/x999/x999/x999/999')?.index).toBeGreaterThan(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it.each([
    ['tile/00/000', 'a level with a leading zero'],
    ['tile/64/000', 'a level above 63'],
    ['tile/-1/000', 'a negative level'],
    ['tile/data/000', "Go sumdb's name for entries"],
    ['tile/8/0/000', "Go sumdb's height element"],
    ['tile/0/0', 'a group of one digit'],
    ['tile/0/0000', 'a group of four digits'],
    ['tile/0/x000/001', 'a leading zero group'],
    ['tile/0/001/002', 'a middle group without x'],
    ['tile/0/x001', 'a last group with x'],
    ['tile/0/000.p/0', 'a width of 0'],
    ['tile/0/000.p/256', 'a width of a full tile'],
    ['tile/0/000.p/07', 'a width with a leading zero'],
    ['tile/0/000.p/', 'an empty width'],
    ['tile/0/000.p/1/', 'a trailing slash'],
    ['tile/0/000/', 'a trailing slash'],
    ['tile/0/%30%30%30', 'percent-encoded digits'],
    ['tile/0/', 'no index'],
    ['tile/entries', 'no index'],
    ['checkpoint', 'not a tile'],
  ])('refuses %s (%s)', (path) => {
    expect(parseTilePath(path)).toBeNull();
  });
});

describe('entry bundles', () => {
  it('prefix each entry with its UTF-8 length as a big-endian uint16', () => {
    const bundle = encodeBundle(['{"a":"é"}', '']);
    expect([...bundle]).toEqual([0, 10, ...Buffer.from('{"a":"é"}', 'utf8'), 0, 0]);
    expect(encodeBundle(['x'.repeat(MAX_ENTRY_BYTES)]).readUInt16BE(0)).toBe(65_535);
  });

  it('refuse a leaf too long for the length prefix instead of writing a wrong one', () => {
    expect(() => encodeBundle(['x'.repeat(MAX_ENTRY_BYTES + 1)])).toThrow(/65536 bytes/);
  });
});
