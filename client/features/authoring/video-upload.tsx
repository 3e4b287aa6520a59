import { useState } from 'react';
import type { LessonVideo } from '../../../contract/lesson-media';
import { api } from '../../lib/api-client';
import { tusUpload } from './tus-upload';

/**
 * Chooses and uploads a lesson's video with the resumable protocol, showing the percent sent, then asks the
 * server to check and adopt it; a refusal shows the server's own sentence (what the file was found to be).
 */
export function VideoUpload({
  lessonId,
  onUploaded,
}: {
  lessonId: string;
  onUploaded: (video: LessonVideo) => void;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    setPercent(0);
    try {
      const id = await tusUpload(lessonId, file, (sent) =>
        setPercent(Math.floor((sent * 100) / (file.size || 1))),
      );
      onUploaded(
        await api('PUT /api/lms/authoring/lessons/:id/video', {
          params: { id: lessonId },
          query: { upload: id },
        }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed.');
    } finally {
      setPercent(null);
    }
  }

  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium">
        Lesson video (MP4 or WebM)
        <input
          type="file"
          accept="video/mp4,video/webm"
          className="mt-1 block"
          disabled={percent !== null}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {percent !== null && (
        <div>
          <progress max={100} value={percent} aria-label="Upload progress" className="w-full" />
          <p className="text-sm">{percent}% uploaded</p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
