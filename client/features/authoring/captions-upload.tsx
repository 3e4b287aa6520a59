import { useState } from 'react';
import { apiUrl } from '../../../contract/api-url';
import type { CaptionsResult } from '../../../contract/lesson-media';
import { throwIfResNotOk } from '../../lib/api';

/**
 * Uploads a lesson video's captions (a WebVTT file). The server checks the cues against the video; a refusal
 * shows its own sentence, naming the line it stopped at.
 */
export function CaptionsUpload({
  lessonId,
  onUploaded,
}: {
  lessonId: string;
  onUploaded: (captions: CaptionsResult) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      const res = await fetch(
        apiUrl('PUT /api/lms/authoring/lessons/:id/captions', { params: { id: lessonId } }),
        {
          method: 'PUT',
          headers: { 'Content-Type': 'text/vtt' },
          body: await file.text(),
          credentials: 'include',
        },
      );
      await throwIfResNotOk(res);
      const result = (await res.json()) as CaptionsResult;
      setDone(`Captions saved: ${result.cues} ${result.cues === 1 ? 'cue' : 'cues'}.`);
      onUploaded(result);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The captions could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium">
        Captions (WebVTT, .vtt)
        <input
          type="file"
          accept=".vtt,text/vtt"
          className="mt-1 block"
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
