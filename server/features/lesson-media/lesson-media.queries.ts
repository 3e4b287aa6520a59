import { and, eq, sql } from 'drizzle-orm';
import { coveragePercent, mergeRanges } from '../../../contract/academy-ranges';
import type { LessonVideo } from '../../../contract/lesson-media';
import type { Db } from '../../db/client';
import { courses, lessonMedia, lessonProgress, lessons, media } from '../../db/schema';
import type { ProbedVideo } from '../../media/video-probe/types';
import { mediaUrl } from '../../media/media-store';
import type { SessionUser } from '../../plugins/sessions';

/** Where a stored lesson file is served (GET /api/lms/media/:file). */
export const lessonFileUrl = (key: string) => `/api/lms/media/${key}`;

/**
 * The lesson when `user` may change it: the course's author, or an admin. Anyone else learns nothing of it, not
 * even that it exists (the route answers 404).
 */
export async function authoredLesson(db: Db, lessonId: string, user: SessionUser) {
  const [row] = await db
    .select({ id: lessons.id, authorId: courses.instructorUserId, videoUrl: lessons.videoUrl })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row || (user.role !== 'admin' && row.authorId !== user.id)) return null;
  return row;
}

export async function lessonVideo(db: Db, lessonId: string): Promise<LessonVideo | null> {
  const [row] = await db
    .select({ m: lessonMedia, poster: { id: media.id, widths: media.widths } })
    .from(lessonMedia)
    .leftJoin(media, eq(media.id, lessonMedia.posterKey))
    .where(eq(lessonMedia.lessonId, lessonId));
  if (!row) return null;
  const { m, poster } = row;
  return {
    lessonId: m.lessonId,
    videoUrl: lessonFileUrl(m.key),
    posterUrl: poster ? mediaUrl(poster) : null,
    captionsUrl: m.captionsKey ? lessonFileUrl(m.captionsKey) : null,
    container: m.container,
    videoCodec: m.videoCodec,
    audioCodec: m.audioCodec,
    durationMs: m.durationMs,
    durationMinutes: minutesOf(m.durationMs),
    sizeBytes: m.sizeBytes,
    sha256: m.sha256,
    uploadedAt: m.uploadedAt.toISOString(),
  };
}

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Percents are kept to a billionth, as the progress rules keep them. */
const tidy = (percent: number) => Math.round(percent * 1e9) / 1e9;

/**
 * Makes a probed, stored file the lesson's video, in one transaction: its record, the lesson's video address and
 * duration (from the file), and every learner's progress measured again against the new length. Watched ranges
 * that still fit are kept (cut at the new end), the percent is what they cover now, and the resume point stays
 * inside the video; a completed lesson stays completed (its certificate may already be signed).
 */
export async function setLessonVideo(
  db: Db,
  input: {
    lessonId: string;
    key: string;
    probe: ProbedVideo;
    sizeBytes: number;
    sha256: string;
    userId: string;
  },
) {
  const { lessonId, key, probe } = input;
  const seconds = probe.durationMs / 1000;
  await db.transaction(async (tx) => {
    const values = {
      key,
      container: probe.container,
      videoCodec: probe.video,
      audioCodec: probe.audio,
      durationMs: probe.durationMs,
      sizeBytes: input.sizeBytes,
      sha256: input.sha256,
      uploadedBy: input.userId,
      uploadedAt: new Date(),
    };
    await tx
      .insert(lessonMedia)
      .values({ lessonId, ...values })
      // A new video keeps the author's poster only when it is the same file.
      .onConflictDoUpdate({
        target: lessonMedia.lessonId,
        set: {
          ...values,
          posterKey: sql`case when ${lessonMedia.key} = ${key} then ${lessonMedia.posterKey} end`,
        },
      });
    await tx
      .update(lessons)
      .set({ videoUrl: lessonFileUrl(key), durationMinutes: minutesOf(probe.durationMs), reading: null })
      .where(eq(lessons.id, lessonId));
    const rows = await tx
      .select({
        userId: lessonProgress.userId,
        watchedRanges: lessonProgress.watchedRanges,
        progressPercent: lessonProgress.progressPercent,
        lastPositionSeconds: lessonProgress.lastPositionSeconds,
      })
      .from(lessonProgress)
      .where(eq(lessonProgress.lessonId, lessonId));
    for (const row of rows) {
      const ranges = mergeRanges(row.watchedRanges, seconds);
      const percent = tidy(coveragePercent(ranges, seconds));
      const position = Math.min(row.lastPositionSeconds, seconds);
      await tx
        .update(lessonProgress)
        .set({ watchedRanges: ranges, progressPercent: percent, lastPositionSeconds: position })
        .where(and(eq(lessonProgress.userId, row.userId), eq(lessonProgress.lessonId, lessonId)));
    }
  });
}

export async function setLessonPoster(db: Db, lessonId: string, posterId: string) {
  await db.update(lessonMedia).set({ posterKey: posterId }).where(eq(lessonMedia.lessonId, lessonId));
}

export async function setLessonCaptions(db: Db, lessonId: string, key: string) {
  await db.transaction(async (tx) => {
    await tx.update(lessonMedia).set({ captionsKey: key }).where(eq(lessonMedia.lessonId, lessonId));
    await tx
      .update(lessons)
      .set({ captionsUrl: lessonFileUrl(key) })
      .where(eq(lessons.id, lessonId));
  });
}

/** The stored file's size and content type for serving, when `key` is a current lesson video or captions file. */
export async function storedLessonFile(db: Db, key: string) {
  const column = key.endsWith('.vtt') ? lessonMedia.captionsKey : lessonMedia.key;
  const [row] = await db.select({ key: column }).from(lessonMedia).where(eq(column, key)).limit(1);
  return row ? { key } : null;
}
