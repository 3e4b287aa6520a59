import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths';
import { probeVideo, probeVideoFile } from './probe';
import { bufferReader, fileReader, PROBE_READ_BUDGET } from './reader';

const fixture = (name: string) => path.join(repoRoot, 'test-fixtures/video', name);

/** An ISO-BMFF box: [size][type][contents]. */
const box = (type: string, ...contents: Buffer[]) => {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v, 4 * i));
  return b;
};
const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomavc1'));
const mvhd = (timescale: number, duration: number) =>
  box('mvhd', u32(0, 0, 0, timescale, duration), Buffer.alloc(80));
const trak = (handler: string, format: string) =>
  box(
    'trak',
    box(
      'mdia',
      box('hdlr', u32(0, 0), Buffer.from(handler), Buffer.alloc(13)),
      box('minf', box('stbl', box('stsd', u32(0, 1), box(format, Buffer.alloc(70))))),
    ),
  );

describe('video probe: files made by ffmpeg (test-fixtures/video/make.sh)', () => {
  it('reads an H.264/AAC MP4: container, codecs and its 2.534 s duration', async () => {
    expect(await probeVideoFile(fixture('lesson.mp4'))).toEqual({
      ok: true,
      video: { container: 'mp4', contentType: 'video/mp4', video: 'h264', audio: 'aac', durationMs: 2534 },
    });
  });

  it('reads a VP9/Opus WebM: container, codecs and its 2.541 s duration', async () => {
    expect(await probeVideoFile(fixture('lesson.webm'))).toEqual({
      ok: true,
      video: { container: 'webm', contentType: 'video/webm', video: 'vp9', audio: 'opus', durationMs: 2541 },
    });
  });

  it('refuses a text file named .mp4, saying it is text', async () => {
    const result = await probeVideoFile(fixture('notes.mp4'));
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(/^This file is a text file, not a video/),
    });
  });

  it('refuses an MP4 cut before its index, and a WebM cut inside its header, saying they are cut short', async () => {
    expect(await probeVideoFile(fixture('truncated.mp4'))).toEqual({
      ok: false,
      reason:
        'This MP4 file is cut short: it ends before its index of tracks (the moov box). Upload the whole file again.',
    });
    expect(await probeVideoFile(fixture('truncated.webm'))).toEqual({
      ok: false,
      reason: expect.stringMatching(/^This WebM file is cut short: it ends inside its /),
    });
  });

  it('refuses an MP4 whose media data is cut after a whole index', async () => {
    const whole = fs.readFileSync(fixture('lesson.mp4'));
    const result = await probeVideo(bufferReader(whole.subarray(0, whole.length - 1000)));
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('it ends inside its media data') });
  });

  it('refuses an audio-only file, naming its sound codec', async () => {
    expect(await probeVideoFile(fixture('audio-only.mp4'))).toEqual({
      ok: false,
      reason: 'This file has audio only (AAC); a lesson video needs a picture.',
    });
  });

  it('refuses HEVC, naming it and what browsers play', async () => {
    expect(await probeVideoFile(fixture('hevc.mp4'))).toEqual({
      ok: false,
      reason: 'The video is HEVC (hvc1); browsers play H.264 (in MP4), VP8, VP9 or AV1 (in WebM).',
    });
  });

  it('names other kinds of file by their first bytes', async () => {
    const png = fs.readFileSync(path.join(repoRoot, 'client/public/og-image.png'));
    expect(await probeVideo(bufferReader(png))).toMatchObject({
      reason: expect.stringMatching(/^This file is a PNG image/),
    });
    expect(await probeVideo(bufferReader(Buffer.from('%PDF-1.7\n')))).toMatchObject({
      reason: expect.stringMatching(/^This file is a PDF document/),
    });
    expect(await probeVideo(bufferReader(Buffer.alloc(0)))).toEqual({
      ok: false,
      reason: 'This file is empty.',
    });
  });
});

describe('video probe: hand-made MP4 headers', () => {
  const mp4 = (...boxes: Buffer[]) => bufferReader(Buffer.concat([ftyp, ...boxes]));

  it('takes the duration from mvhd: 90,000 units at 1,000 a second is 90 s', async () => {
    const result = await probeVideo(mp4(box('moov', mvhd(1000, 90_000), trak('vide', 'avc1'))));
    expect(result).toMatchObject({ ok: true, video: { durationMs: 90_000, audio: null } });
  });

  it('refuses a zero duration and a missing index', async () => {
    expect(await probeVideo(mp4(box('moov', mvhd(1000, 0), trak('vide', 'avc1'))))).toEqual({
      ok: false,
      reason: 'This MP4 file states no duration (or a duration of zero).',
    });
    expect(await probeVideo(mp4(box('free', Buffer.alloc(10))))).toMatchObject({
      reason: expect.stringContaining('the moov box is missing'),
    });
  });

  it('refuses sound that is not AAC and a file with no track at all', async () => {
    const ac3 = await probeVideo(
      mp4(box('moov', mvhd(1000, 5000), trak('vide', 'avc1'), trak('soun', 'ac-3'))),
    );
    expect(ac3).toMatchObject({ reason: expect.stringMatching(/^The sound is ac-3, not AAC/) });
    expect(await probeVideo(mp4(box('moov', mvhd(1000, 5000))))).toEqual({
      ok: false,
      reason: 'This MP4 file has no video track.',
    });
  });

  it('reads only the headers of a large file: a 1 GB media box costs no more than its 8-byte header', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
    const file = path.join(dir, 'big.mp4');
    try {
      const moov = box('moov', mvhd(1000, 3_600_000), trak('vide', 'avc1'), trak('soun', 'mp4a'));
      const mdatHead = Buffer.alloc(8);
      mdatHead.writeUInt32BE(8 + 2 ** 30, 0);
      mdatHead.write('mdat', 4, 'latin1');
      fs.writeFileSync(file, Buffer.concat([ftyp, moov, mdatHead]));
      // Sparse: the file is 1 GB long but occupies next to nothing on disk.
      fs.truncateSync(file, ftyp.length + moov.length + 8 + 2 ** 30);
      const handle = await fs.promises.open(file, 'r');
      const reads: number[] = [];
      const reader = fileReader(handle, (await handle.stat()).size);
      const counting = {
        size: reader.size,
        read: (o: number, n: number) => (reads.push(n), reader.read(o, n)),
      };
      const result = await probeVideo(counting);
      await handle.close();
      expect(result).toMatchObject({ ok: true, video: { durationMs: 3_600_000, audio: 'aac' } });
      expect(reads.reduce((a, b) => a + b, 0)).toBeLessThan(PROBE_READ_BUDGET / 100);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
