import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { ReadingText } from '../features/academy/reading-text';
import { useAuthoredCourse } from '../features/authoring/api';
import { NotYourCourse } from '../features/authoring/not-your-course';
import { ReadingEditor } from '../features/authoring/reading-editor';
import { VideoLessonEditor } from '../features/authoring/video-lesson-editor';
import { invalidateReads } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * `/teach/courses/{id}/lessons/{lessonId}`: a lesson's content. A reading is written beside a preview drawn by the
 * component learners read it with; a video is uploaded with its captions.
 */
export function TeachLessonPage() {
  const { id = '', lessonId = '' } = useParams();
  const course = useAuthoredCourse(id);
  const client = useQueryClient();
  const found = course.data?.sections
    .flatMap((section) => section.lessons.map((lesson) => ({ section, lesson })))
    .find((l) => l.lesson.id === lessonId);
  useDocumentTitle(found ? `Edit ${found.lesson.title}` : 'Edit lesson');
  if (course.isPending) return <Spinner label="Loading the lesson…" />;
  if (course.isError || !found) return <NotYourCourse />;
  const { section, lesson } = found;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8">
      <Link
        to={`/teach/courses/${id}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-wood-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to {course.data.title}
      </Link>
      <div>
        <p className="text-sm text-stone-600">
          {course.data.title} · {section.title} ·{' '}
          {lesson.kind === 'video' ? 'Video lesson' : 'Reading lesson'}
        </p>
        <h1 className="break-words font-serif text-3xl font-bold text-wood-900">{lesson.title}</h1>
        {lesson.kind === 'reading' && (
          <p className="mt-1 text-sm text-stone-700">
            Reading time: about {lesson.durationMinutes} min, estimated from the words.
          </p>
        )}
      </div>
      {lesson.kind === 'reading' ? (
        <ReadingEditor
          courseId={id}
          lesson={lesson}
          renderPreview={(blocks) =>
            blocks.length ? (
              <ReadingText reading={{ intro: '', blocks }} />
            ) : (
              <p className="text-sm text-stone-600">Nothing written yet.</p>
            )
          }
        />
      ) : (
        <VideoLessonEditor
          lesson={lesson}
          onUploaded={() => void invalidateReads(client, 'GET /api/lms/authoring/courses/:courseId')}
        />
      )}
    </div>
  );
}
