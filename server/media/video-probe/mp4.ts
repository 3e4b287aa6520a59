import type { ByteReader } from './reader';
import { PLAYABLE, PLAYABLE_VIDEO, refuse, type AudioCodec, type ProbeResult } from './types';

// ISO base media file format (ISO/IEC 14496-12): a file is a list of boxes, each [size:4][type:4] (size 1: a
// 64-bit size follows; size 0: to the end of the file). Only the boxes on the path to the tracks' sample
// descriptions are opened; the media data (mdat) and the sample tables are skipped by their size.

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex']);
/** Leaf boxes whose contents are read, each at most this many bytes. */
const READ = new Set(['mvhd', 'mehd', 'mdhd', 'hdlr', 'stsd']);
const MAX_LEAF = 64 * 1024;
const MAX_BOXES = 10_000;

const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);
const VIDEO_NAMES: Record<string, string> = {
  hvc1: 'HEVC (hvc1)',
  hev1: 'HEVC (hev1)',
  av01: 'AV1 (av01)',
  vp09: 'VP9 (vp09)',
  mp4v: 'MPEG-4 Part 2 (mp4v)',
  encv: 'encrypted (encv)',
  apcn: 'ProRes (apcn)',
  apch: 'ProRes (apch)',
  dvh1: 'Dolby Vision (dvh1)',
};
const AUDIO: Record<string, AudioCodec> = { mp4a: 'aac' };

interface Box {
  type: string;
  start: number;
  /** Where the contents begin (after the header). */
  body: number;
  end: number;
}

interface Track {
  handler?: string;
  format?: string;
}

interface Found {
  brand: string;
  moov: 'no' | 'open' | 'read';
  timescale: number;
  duration: number;
  fragmentDuration: number;
  tracks: Track[];
  boxes: number;
}

class Truncated extends Error {
  constructor(readonly box = '') {
    super('truncated');
  }
}

async function boxAt(reader: ByteReader, offset: number, limit: number): Promise<Box> {
  const head = await reader.read(offset, 16);
  if (head.length < 8) throw new Truncated();
  let size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let body = offset + 8;
  if (size === 1) {
    if (head.length < 16) throw new Truncated();
    size = Number(head.readBigUInt64BE(8));
    body = offset + 16;
  } else if (size === 0) size = limit - offset;
  if (size < body - offset) throw new Truncated();
  const end = offset + size;
  if (end > limit) throw new Truncated(type);
  return { type, start: offset, body, end };
}

async function walk(reader: ByteReader, from: number, to: number, found: Found, track: Track | null) {
  for (let offset = from; offset < to;) {
    if (++found.boxes > MAX_BOXES) throw new Truncated();
    const box = await boxAt(reader, offset, to);
    if (box.type === 'moov') found.moov = 'open';
    if (box.type === 'trak') {
      const t: Track = {};
      found.tracks.push(t);
      await walk(reader, box.body, box.end, found, t);
    } else if (CONTAINERS.has(box.type)) await walk(reader, box.body, box.end, found, track);
    else if (READ.has(box.type))
      read(box.type, await reader.read(box.body, Math.min(MAX_LEAF, box.end - box.body)), found, track);
    if (box.type === 'moov') found.moov = 'read';
    offset = box.end;
  }
}

function read(type: string, data: Buffer, found: Found, track: Track | null) {
  const version = data[0] ?? 0;
  if (type === 'mvhd' && data.length >= 32) {
    found.timescale = data.readUInt32BE(version === 1 ? 20 : 12);
    found.duration = version === 1 ? Number(data.readBigUInt64BE(24)) : data.readUInt32BE(16);
  } else if (type === 'mehd' && data.length >= 8) {
    found.fragmentDuration =
      version === 1 && data.length >= 12 ? Number(data.readBigUInt64BE(4)) : data.readUInt32BE(4);
  } else if (type === 'hdlr' && track && data.length >= 12) {
    track.handler = data.toString('latin1', 8, 12);
  } else if (type === 'stsd' && track && data.length >= 16) {
    // [version/flags:4][entry count:4], then the first entry: [size:4][format:4]…
    track.format = data.toString('latin1', 12, 16);
  }
}

export async function probeMp4(reader: ByteReader, brand: string): Promise<ProbeResult> {
  if (IMAGE_BRANDS.has(brand))
    return refuse(`This file is a HEIF or AVIF image (brand ${brand}), not a video; ${PLAYABLE}.`);
  if (brand === 'qt  ')
    return refuse(`This file is a QuickTime movie (.mov); export it as MP4: ${PLAYABLE}.`);
  const found: Found = {
    brand,
    moov: 'no',
    timescale: 0,
    duration: 0,
    fragmentDuration: 0,
    tracks: [],
    boxes: 0,
  };
  try {
    await walk(reader, 0, reader.size, found, null);
  } catch (error) {
    if (!(error instanceof Truncated)) throw error;
    const where = {
      no: 'before its index of tracks (the moov box)',
      open: 'inside its index of tracks (the moov box)',
      read: `inside its ${error.box === 'mdat' ? 'media data' : `${error.box} box`}`,
    }[found.moov];
    return refuse(`This MP4 file is cut short: it ends ${where}. Upload the whole file again.`);
  }
  if (found.moov === 'no')
    return refuse(
      'This MP4 file has no index of tracks (the moov box is missing): it is cut short or damaged.',
    );
  const video = found.tracks.find((t) => t.handler === 'vide');
  const sound = found.tracks.find((t) => t.handler === 'soun');
  if (!video) {
    return refuse(
      sound
        ? `This file has audio only (${sound.format === 'mp4a' ? 'AAC' : (sound.format?.trim() ?? 'no codec')}); a lesson video needs a picture.`
        : 'This MP4 file has no video track.',
    );
  }
  const format = video.format ?? '';
  if (format !== 'avc1' && format !== 'avc3') {
    const name = VIDEO_NAMES[format] ?? `in a format browsers do not play (${format.trim() || 'none'})`;
    return refuse(`The video is ${name}; ${PLAYABLE_VIDEO}.`);
  }
  const audio = sound ? AUDIO[sound.format ?? ''] : null;
  if (audio === undefined)
    return refuse(`The sound is ${sound?.format?.trim() ?? 'unknown'}, not AAC; ${PLAYABLE}.`);
  const units = found.duration || found.fragmentDuration;
  const durationMs = found.timescale > 0 ? Math.round((units * 1000) / found.timescale) : 0;
  if (durationMs <= 0) return refuse('This MP4 file states no duration (or a duration of zero).');
  return {
    ok: true,
    video: { container: 'mp4', contentType: 'video/mp4', video: 'h264', audio, durationMs },
  };
}
