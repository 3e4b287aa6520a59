import type { ByteReader } from './reader';
import {
  PLAYABLE,
  PLAYABLE_VIDEO,
  refuse,
  type AudioCodec,
  type ProbeResult,
  type VideoCodec,
} from './types';

// EBML (RFC 8794) and Matroska/WebM (RFC 9559): elements are [id: 1-4 bytes][size: 1-8 bytes][data], both
// variable-length integers. Read here: the EBML header's DocType, the Segment's Info (TimecodeScale, Duration)
// and Tracks (TrackType, CodecID). Clusters, cues and the rest are skipped by their size.

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  cluster: 0x1f43b675,
} as const;

/** Info and Tracks are read whole into memory, up to this size each. */
const MAX_MASTER = 1024 * 1024;
const MAX_ELEMENTS = 10_000;

const VIDEO: Record<string, VideoCodec> = { V_VP8: 'vp8', V_VP9: 'vp9', V_AV1: 'av1' };
const AUDIO: Record<string, AudioCodec> = { A_OPUS: 'opus', A_VORBIS: 'vorbis' };
const VIDEO_NAMES: Record<string, string> = {
  'V_MPEGH/ISO/HEVC': 'HEVC (V_MPEGH/ISO/HEVC)',
  'V_MPEG4/ISO/AVC': 'H.264 inside WebM (V_MPEG4/ISO/AVC), which only some browsers play',
  V_THEORA: 'Theora (V_THEORA)',
};

class Truncated extends Error {
  constructor(readonly where: string) {
    super(where);
  }
}

interface Element {
  id: number;
  /** Where the data begins. */
  data: number;
  /** Null when the size is "unknown" (a live stream's Segment or Cluster). */
  size: number | null;
}

/** A variable-length integer at `at`: its length and value (with the length marker kept for ids). */
function vint(
  bytes: Buffer,
  at: number,
  keepMarker: boolean,
): { length: number; value: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function elementIn(bytes: Buffer, at: number): Element | null {
  const id = vint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, data: at + id.length + size.length, size: size.unknown ? null : size.value };
}

async function elementAt(reader: ByteReader, offset: number, where: string): Promise<Element> {
  const head = await reader.read(offset, 12);
  const element = elementIn(head, 0);
  if (!element) throw new Truncated(where);
  return { ...element, data: offset + element.data };
}

/** The children of an element read into memory, as [id, data] pairs. */
function children(bytes: Buffer): [number, Buffer][] {
  const out: [number, Buffer][] = [];
  for (let at = 0; at < bytes.length;) {
    const e = elementIn(bytes, at);
    if (!e || e.size === null || e.data + e.size > bytes.length) break;
    out.push([e.id, bytes.subarray(e.data, e.data + e.size)]);
    at = e.data + e.size;
  }
  return out;
}

const uint = (b: Buffer) => b.reduce((acc, byte) => acc * 256 + byte, 0);
const float = (b: Buffer) => (b.length === 4 ? b.readFloatBE(0) : b.length === 8 ? b.readDoubleBE(0) : 0);
const text = (b: Buffer) => b.toString('latin1').replace(/\0+$/, '');

async function readMaster(reader: ByteReader, e: Element, where: string): Promise<Buffer> {
  if (e.size === null || e.size > MAX_MASTER) throw new Truncated(where);
  const bytes = await reader.read(e.data, e.size);
  if (bytes.length < e.size) throw new Truncated(where);
  return bytes;
}

export async function probeWebm(reader: ByteReader): Promise<ProbeResult> {
  try {
    return await probe(reader);
  } catch (error) {
    if (!(error instanceof Truncated)) throw error;
    return refuse(
      `This WebM file is cut short: it ends inside its ${error.where}. Upload the whole file again.`,
    );
  }
}

async function probe(reader: ByteReader): Promise<ProbeResult> {
  const header = await elementAt(reader, 0, 'header');
  const docType = children(await readMaster(reader, header, 'header')).find(([id]) => id === ID.docType);
  const doc = docType ? text(docType[1]) : '';
  if (doc === 'matroska') return refuse(`This file is a Matroska video (.mkv), not WebM; ${PLAYABLE}.`);
  if (doc !== 'webm') return refuse(`This file is an EBML document of type "${doc}", not a WebM video.`);

  const segment = await elementAt(reader, header.data + (header.size ?? 0), 'segment');
  if (segment.id !== ID.segment) throw new Truncated('segment');
  const end = segment.size === null ? reader.size : segment.data + segment.size;
  let info: Buffer | null = null;
  let tracks: Buffer | null = null;
  let count = 0;
  for (let offset = segment.data; offset < Math.min(end, reader.size) && !(info && tracks);) {
    if (++count > MAX_ELEMENTS) break;
    const e = await elementAt(reader, offset, info ? 'track list' : 'segment information');
    if (e.id === ID.cluster) break;
    if (e.id === ID.info) info = await readMaster(reader, e, 'segment information');
    else if (e.id === ID.tracks) tracks = await readMaster(reader, e, 'track list');
    if (e.size === null) break;
    offset = e.data + e.size;
  }
  if (!tracks) throw new Truncated('track list');

  const entries = children(tracks)
    .filter(([id]) => id === ID.trackEntry)
    .map(([, entry]) => {
      const fields = children(entry);
      const type = fields.find(([id]) => id === ID.trackType);
      const codec = fields.find(([id]) => id === ID.codecId);
      return { type: type ? uint(type[1]) : 0, codec: codec ? text(codec[1]) : '' };
    });
  const video = entries.find((t) => t.type === 1);
  const sound = entries.find((t) => t.type === 2);
  if (!video)
    return refuse(
      sound
        ? `This file has audio only (${sound.codec.replace(/^A_/, '')}); a lesson video needs a picture.`
        : 'This WebM file has no video track.',
    );
  const videoCodec = VIDEO[video.codec];
  if (!videoCodec)
    return refuse(
      `The video is ${VIDEO_NAMES[video.codec] ?? `in a format browsers do not play (${video.codec})`}; ${PLAYABLE_VIDEO}.`,
    );
  const audio = sound ? AUDIO[sound.codec] : null;
  if (audio === undefined)
    return refuse(`The sound is ${sound?.codec ?? 'unknown'}, not Opus or Vorbis; ${PLAYABLE}.`);

  const fields = info ? children(info) : [];
  const scale = fields.find(([id]) => id === ID.timecodeScale);
  const duration = fields.find(([id]) => id === ID.duration);
  const nsPerUnit = scale ? uint(scale[1]) : 1_000_000;
  const durationMs = duration ? Math.round((float(duration[1]) * nsPerUnit) / 1_000_000) : 0;
  if (!Number.isFinite(durationMs) || durationMs <= 0)
    return refuse(
      'This WebM file states no duration (a live recording, as a browser makes, leaves it out); save it again with an editor or ffmpeg.',
    );
  return {
    ok: true,
    video: { container: 'webm', contentType: 'video/webm', video: videoCodec, audio, durationMs },
  };
}
