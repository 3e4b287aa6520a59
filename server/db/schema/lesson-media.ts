import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { lessons } from './academy';
import { media } from './core';

/**
 * The video (and captions) an author uploaded for a lesson, one row per lesson: the bytes live in files named by
 * their SHA-256 (`key`) under the data folder, what the probe read of them is kept here. A new upload replaces
 * the row; the lesson's video_url, captions_url and duration_minutes follow from it.
 */
export const lessonMedia = pgTable(
  'lesson_media',
  {
    lessonId: text('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The stored file's name: its SHA-256 in hex, then the container's extension (`….mp4`, `….webm`). */
    key: text('key').notNull(),
    container: text('container', { enum: ['mp4', 'webm'] }).notNull(),
    videoCodec: text('video_codec').notNull(),
    audioCodec: text('audio_codec'),
    durationMs: integer('duration_ms').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex; the served file's strong ETag. */
    sha256: text('sha256').notNull(),
    /** The poster frame, an image stored as photos are (media table): uploaded by the author or made by ffmpeg. */
    posterKey: uuid('poster_key').references(() => media.id, { onDelete: 'set null' }),
    /** The captions' stored file (`<sha256>.vtt`), or null: the outline marks such a lesson. */
    captionsKey: text('captions_key'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_media_key_idx').on(t.key),
    check('lesson_media_duration_check', sql`${t.durationMs} > 0`),
  ],
);
