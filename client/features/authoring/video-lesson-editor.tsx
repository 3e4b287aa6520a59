import type { AuthoringLesson } from '../../../contract/authoring';
import { CaptionsUpload } from './captions-upload';
import { VideoUpload } from './video-upload';

/**
 * A video lesson: the video as learners will see it, and the uploads of the video (resumable, checked by reading
 * the file) and of its captions (WebVTT). Each upload refreshes the lesson, so its length comes from the file.
 */
export function VideoLessonEditor({
  lesson,
  onUploaded,
}: {
  lesson: AuthoringLesson;
  onUploaded: () => void;
}) {
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
        <VideoUpload lessonId={lesson.id} onUploaded={onUploaded} />
        {lesson.videoUrl && <CaptionsUpload lessonId={lesson.id} onUploaded={onUploaded} />}
      </section>
    </div>
  );
}
