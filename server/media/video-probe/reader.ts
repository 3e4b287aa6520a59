import type { FileHandle } from 'node:fs/promises';

/** The most bytes one probe reads from a file, all reads together: headers only, never the media data. */
export const PROBE_READ_BUDGET = 8 * 1024 * 1024;

/** A file read in bounded pieces: each read names its offset and length, and all of them share one budget. */
export interface ByteReader {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Buffer>;
}

export class ReadBudgetExceeded extends Error {}

export function fileReader(handle: FileHandle, size: number): ByteReader {
  let spent = 0;
  return {
    size,
    async read(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      spent += n;
      if (spent > PROBE_READ_BUDGET) throw new ReadBudgetExceeded();
      const buffer = Buffer.alloc(n);
      let done = 0;
      while (done < n) {
        const { bytesRead } = await handle.read(buffer, done, n - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done === n ? buffer : buffer.subarray(0, done);
    },
  };
}

/** A reader over bytes already in memory (the tests' hand-made headers). */
export function bufferReader(bytes: Buffer): ByteReader {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}
