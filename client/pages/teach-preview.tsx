import { ArrowLeft, Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '../components/ui/badge';
import { Spinner } from '../components/ui/spinner';
import { CourseLandingView } from '../features/academy/course-landing-view';
import { ReadingText } from '../features/academy/reading-text';
import { useAuthoredCourse } from '../features/authoring/api';
import { NotYourCourse } from '../features/authoring/not-your-course';
import { previewListing } from '../features/authoring/preview-listing';
import { useMyRegistry } from '../features/registry/api';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * `/teach/courses/{id}/preview`: the draft as learners will see it, drawn by the learners' own components: the
 * course page, then every lesson's video or text.
 */
export function TeachPreviewPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const course = useAuthoredCourse(id);
  const registry = useMyRegistry(Boolean(user));
  useDocumentTitle(course.data ? `Preview: ${course.data.title}` : 'Course preview');
  if (course.isPending || registry.isPending) return <Spinner label="Loading the preview…" />;
  if (course.isError || !user) return <NotYourCourse />;
  const shop = registry.data?.shop;
  const listing = previewListing(
    course.data,
    { name: user.displayName, handle: user.handle, avatar: null },
    shop ? { name: shop.name, slug: shop.slug } : null,
  );
  return (
    <>
      <div className="border-b border-amber-300 bg-amber-50">
        <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-amber-950">
          <Eye className="size-5 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="font-semibold">Preview.</span> This is the page learners will see
            {course.data.status === 'published' ? '.' : ' once you publish the course.'}
          </span>
          <Link
            to={`/teach/courses/${id}`}
            className="inline-flex items-center gap-1 font-medium text-wood-800 underline"
          >
            <ArrowLeft className="size-4" aria-hidden /> Back to the editor
          </Link>
        </p>
      </div>
      <CourseLandingView course={listing} preview />
      <section aria-labelledby="lessons-preview" className="mx-auto grid max-w-7xl gap-6 px-4 pb-16">
        <h2 id="lessons-preview" className="font-serif text-2xl font-semibold text-wood-900">
          The lessons, as learners open them
        </h2>
        {course.data.sections.map((section) =>
          section.lessons.map((lesson) => (
            <article
              key={lesson.id}
              aria-labelledby={`preview-${lesson.id}`}
              className="grid min-w-0 gap-3 border-t border-stone-200 pt-6"
            >
              <p className="text-sm text-stone-600">
                {course.data.title} · {section.title}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <h3 id={`preview-${lesson.id}`} className="font-serif text-2xl font-bold text-wood-900">
                  {lesson.title}
                </h3>
                {lesson.free && <Badge variant="success">Free Preview</Badge>}
                <span className="text-sm text-stone-600">{lesson.durationMinutes} min</span>
              </div>
              {lesson.description && <p className="leading-relaxed text-stone-800">{lesson.description}</p>}
              {lesson.kind === 'video' ? (
                lesson.videoUrl ? (
                  <video
                    controls
                    preload="metadata"
                    src={lesson.videoUrl}
                    className="aspect-video w-full max-w-3xl rounded-lg bg-black"
                  >
                    {lesson.captionsUrl && (
                      <track kind="captions" src={lesson.captionsUrl} srcLang="en" label="English" default />
                    )}
                  </video>
                ) : (
                  <p className="text-amber-900">No video yet.</p>
                )
              ) : lesson.reading?.length ? (
                <ReadingText reading={{ intro: '', blocks: lesson.reading }} />
              ) : (
                <p className="text-amber-900">No text yet.</p>
              )}
            </article>
          )),
        )}
      </section>
    </>
  );
}
