import { z } from 'zod';

/** A lesson's uploaded video as the author sees it after an upload, and as the editor reads it back. */
export const lessonVideoSchema = z.object({
  lessonId: z.string(),
  /** Where learners play it: a content-addressed, immutable address served with range requests. */
  videoUrl: z.string(),
  posterUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  container: z.enum(['mp4', 'webm']),
  videoCodec: z.string(),
  audioCodec: z.string().nullable(),
  /** Read from the file, never typed. */
  durationMs: z.number().int().positive(),
  /** What the outline shows: the duration rounded up to whole minutes. */
  durationMinutes: z.number().int().positive(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type LessonVideo = z.infer<typeof lessonVideoSchema>;

/** The tus upload to turn into the lesson's video, instead of a file sent in the request's body. */
export const finishUploadQuerySchema = z.object({
  upload: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { message: 'must be the id of an upload (32 hex digits)' })
    .optional(),
});

export const captionsResultSchema = z.object({
  captionsUrl: z.string(),
  /** How many cues the file has. */
  cues: z.number().int().nonnegative(),
});
export type CaptionsResult = z.infer<typeof captionsResultSchema>;

/** The content types a whole video may be sent with (the file itself decides what it is). */
export const VIDEO_BODY_TYPES = ['video/mp4', 'video/webm', 'application/octet-stream'] as const;
/** The largest captions file, in bytes: hours of dense cues fit well below it. */
export const MAX_CAPTIONS_BYTES = 1024 * 1024;
/** The tus protocol version the server speaks. */
export const TUS_VERSION = '1.0.0';
