import type { AuthoringLesson } from '../../../contract/authoring';

/**
 * A video lesson: the video as learners will see it, and the uploads of the video and its captions (WebVTT). The
 * uploads are the video feature's components (resumable upload, checked by reading the file): VideoUpload and
 * CaptionsUpload from ./video-upload and ./captions-upload, each taking { lessonId, onUploaded }, mount in the slot.
 */
export function VideoLessonEditor({ lesson }: { lesson: AuthoringLesson; onUploaded: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="video-heading" className="grid min-w-0 content-start gap-3">
        <h2 id="video-heading" className="font-serif text-xl font-semibold text-stone-900">
          Video
        </h2>
        {lesson.videoUrl ? (
          <video controls preload="metadata" src={lesson.videoUrl} className="w-full rounded-lg bg-black">
            {lesson.captionsUrl && (
              <track kind="captions" src={lesson.captionsUrl} srcLang="en" label="English" default />
            )}
          </video>
        ) : (
          <p className="text-sm text-stone-600">No video yet.</p>
        )}
        <p className="text-sm text-stone-700">
          Length: {lesson.durationMinutes} min (read from the file)
          {lesson.videoUrl && !lesson.captionsUrl && ' · no captions yet'}
        </p>
      </section>
      <section aria-labelledby="video-upload-heading" className="grid min-w-0 content-start gap-3">
        <h2 id="video-upload-heading" className="font-serif text-xl font-semibold text-stone-900">
          Video upload
        </h2>
        <p className="rounded-lg border border-dashed border-stone-300 p-4 text-sm text-stone-700">
          Video upload: the resumable MP4 or WebM upload and the WebVTT captions upload go here, once the
          video uploads are in the app.
        </p>
      </section>
    </div>
  );
}
