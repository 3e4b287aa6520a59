/** What the probe found in a video a browser plays. */
export interface ProbedVideo {
  container: 'mp4' | 'webm';
  /** The MIME type it is served with. */
  contentType: 'video/mp4' | 'video/webm';
  video: VideoCodec;
  audio: AudioCodec | null;
  durationMs: number;
}

export type VideoCodec = 'h264' | 'vp8' | 'vp9' | 'av1';
export type AudioCodec = 'aac' | 'opus' | 'vorbis';

/** Either the video, or the sentence that says what the file is and why it is refused. */
export type ProbeResult = { ok: true; video: ProbedVideo } | { ok: false; reason: string };

export const refuse = (reason: string): ProbeResult => ({ ok: false, reason });

export const PLAYABLE =
  'browsers play MP4 with H.264 video and AAC sound, or WebM with VP8, VP9 or AV1 video and Opus or Vorbis sound';

export const PLAYABLE_VIDEO = 'browsers play H.264 (in MP4), VP8, VP9 or AV1 (in WebM)';
