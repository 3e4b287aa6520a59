import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Lesson videos and captions as files named by the SHA-256 of their bytes (`<hex>.mp4`, `.webm`, `.vtt`), in one
 * folder of the data directory on either backend: a video is streamed there in pieces and never held in memory,
 * and the same bytes uploaded twice are one file. Resumable uploads collect in `uploads/` until finished.
 */
export interface VideoFiles {
  dir: string;
  /** Where the tus server keeps uploads in progress. */
  uploadsDir: string;
  /**
   * Streams `source` into a temporary file, hashing as it goes; refuses past `maxBytes` (the stream is then
   * left, and the partial file removed). The caller keeps or discards the file.
   */
  receive(source: Readable, maxBytes: number): Promise<Received | 'too-large'>;
  /** Hashes a file already on disk (a finished resumable upload), reading it in pieces. */
  hash(file: string): Promise<{ size: number; sha256: string }>;
  /** Moves a received file to its content address and returns its key (`<sha256>.<ext>`). */
  keep(file: string, sha256: string, ext: string): Promise<string>;
  /** Stores small bytes (captions) under their content address. */
  put(bytes: Buffer, ext: string): Promise<string>;
  /** The file of a key, or null for anything that is not a key this store makes. */
  fileOf(key: string): string | null;
}

export interface Received {
  file: string;
  size: number;
  sha256: string;
}

const KEY = /^[0-9a-f]{64}\.(mp4|webm|vtt)$/;

export function createVideoFiles(dir: string): VideoFiles {
  const uploadsDir = path.join(dir, 'uploads');
  const tmpDir = path.join(dir, 'tmp');
  // Made on the first upload, not at start: a new data folder holds only what its first start builds.
  let made: Promise<unknown> | undefined;
  const ready = () =>
    (made ??= Promise.all([
      fsp.mkdir(uploadsDir, { recursive: true }),
      fsp.mkdir(tmpDir, { recursive: true }),
    ]));
  const tmpFile = () => path.join(tmpDir, crypto.randomBytes(12).toString('hex'));
  return {
    dir,
    uploadsDir,
    async receive(source, maxBytes) {
      await ready();
      const file = tmpFile();
      const hash = crypto.createHash('sha256');
      let size = 0;
      let tooLarge = false;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) {
            tooLarge = true;
            return done(new Error('too large'));
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, count, fs.createWriteStream(file));
      } catch (error) {
        await fsp.rm(file, { force: true });
        if (tooLarge) return 'too-large';
        throw error;
      }
      return { file, size, sha256: hash.digest('hex') };
    },
    async hash(file) {
      const hash = crypto.createHash('sha256');
      let size = 0;
      for await (const chunk of fs.createReadStream(file, {
        highWaterMark: 1024 * 1024,
      }) as AsyncIterable<Buffer>) {
        size += chunk.length;
        hash.update(chunk);
      }
      return { size, sha256: hash.digest('hex') };
    },
    async keep(file, sha256, ext) {
      const key = `${sha256}.${ext}`;
      // rename() replaces an existing file of the same name atomically: the same bytes, so nothing changes.
      await fsp.rename(file, path.join(dir, key));
      return key;
    },
    async put(bytes, ext) {
      await ready();
      const file = tmpFile();
      await fsp.writeFile(file, bytes);
      return this.keep(file, crypto.hash('sha256', bytes, 'hex'), ext);
    },
    fileOf(key) {
      return KEY.test(key) ? path.join(dir, key) : null;
    },
  };
}

/**
 * A frame of the video as a JPEG, made by ffmpeg when it is on the PATH (null when it is not, or fails): the
 * poster shown before playback when the author has not uploaded one. A second in, or the middle of a shorter video.
 */
export function posterFrame(file: string, durationMs: number, command = 'ffmpeg'): Promise<Buffer | null> {
  const at = Math.min(1, durationMs / 2000).toFixed(3);
  const args = ['-hide_banner', '-loglevel', 'error', '-ss', at, '-i', file, '-frames:v', '1'];
  args.push('-vf', 'scale=min(1280\\,iw):-2', '-f', 'image2pipe', '-vcodec', 'mjpeg', 'pipe:1');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let child;
    try {
      child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return resolve(null);
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && chunks.length ? Buffer.concat(chunks) : null);
    });
  });
}
