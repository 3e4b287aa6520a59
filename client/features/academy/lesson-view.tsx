import { ArrowLeft, Award, CheckCircle2, Download, Lock, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import type { Lesson, LessonProgress } from '../../../contract/academy';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { openAuthDialog } from '../../lib/auth';
import { formatMinutesSeconds } from './lesson-status';
import { LessonPlayer } from './lesson-player';
import { LessonProgressCard } from './lesson-progress-card';
import { PreviewEnrolCard } from './preview-enrol-card';
import { ReadingText } from './reading-text';
import { useLessonTracker } from './use-lesson-tracker';

export function LessonNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Lesson Not Found</h1>
      <p className="text-stone-700">
        The lesson you're looking for doesn't exist or you don't have access to it.
      </p>
      <Link to="/explore" className={buttonClasses()}>
        Back to Explore
      </Link>
    </div>
  );
}

export function PremiumLesson({ next }: { next: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
      <Lock className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">Premium Lesson</h1>
      <p className="text-stone-700">
        This lesson is part of a full course. Log in (it is free) to watch it and keep track of your progress.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => openAuthDialog('signin', next)}>
          <LogIn aria-hidden /> Log In to Access
        </Button>
        <Link to="/explore" className={buttonClasses('outline')}>
          Back to Explore
        </Link>
      </div>
    </div>
  );
}

/** A lesson the course has not opened yet: the server's reason and the way to the lesson that opens it. */
export function LessonLocked({ lesson, reason, backTo }: { lesson: Lesson; reason: string; backTo: string }) {
  const courseQuery = backTo === '/' ? '' : `?courseId=${encodeURIComponent(lesson.courseId)}`;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
      <Lock className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">{lesson.title}</h1>
      <p className="text-stone-700">{reason}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {lesson.previousLessonId && (
          <Link to={`/lessons/${lesson.previousLessonId}${courseQuery}`} className={buttonClasses()}>
            Go to the previous lesson
          </Link>
        )}
        <Link to={backTo} className={buttonClasses('outline')}>
          Back to Course
        </Link>
      </div>
    </div>
  );
}

/** The lesson page body: player, title, badges, description and the progress sidebar. */
export function LessonView(props: {
  lesson: Lesson;
  progress: LessonProgress | null;
  signedIn: boolean;
  backTo: string;
}) {
  const { lesson, signedIn, backTo } = props;
  const tracker = useLessonTracker(lesson, props.progress, signedIn);
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {/* One column no wider than the screen (minmax(0, 1fr)): an implicit auto column grew to the widest content,
          a reading's table, and pushed the timer and the text off a phone's screen. Wide content scrolls in its
          own box instead. */}
      <div className="grid min-w-0 grid-cols-1 content-start gap-5">
        <Link
          to={backTo}
          className="inline-flex items-center gap-1 text-sm font-medium text-wood-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to Course
        </Link>
        <LessonPlayer lesson={lesson} tracker={tracker}>
          {tracker.certificateId && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
            >
              <Award className="size-6 shrink-0 text-emerald-800" aria-hidden />
              <p className="min-w-0 flex-1">
                <span className="font-semibold">Course completed.</span> The academy issued your signed
                certificate for {lesson.courseTitle}.
              </p>
              <Link to={`/certificates/${tracker.certificateId}`} className={buttonClasses('default', 'sm')}>
                View your certificate
              </Link>
            </div>
          )}
          <div>
            <p className="text-sm text-stone-600">
              {lesson.courseTitle} · {lesson.sectionTitle}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <h1 className="font-serif text-3xl font-bold text-wood-900">{lesson.title}</h1>
              {lesson.free && <Badge variant="success">Free Preview</Badge>}
              {tracker.completed && (
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-700">
                  <CheckCircle2 className="size-5" aria-hidden /> Completed
                </span>
              )}
            </div>
            <p className="mt-1 text-sm text-stone-700" aria-live="polite">
              Progress: {tracker.percent}%
            </p>
            {signedIn && tracker.startPosition > 0 && (
              <p className="mt-1 text-sm text-stone-700">
                Resume at {formatMinutesSeconds(tracker.startPosition)}
              </p>
            )}
            <p className="mt-4 leading-relaxed text-stone-800">{lesson.description}</p>
          </div>
        </LessonPlayer>
        {lesson.reading && <ReadingText reading={lesson.reading} />}
        {lesson.resources.length > 0 && (
          <section aria-labelledby="lesson-resources">
            <h2 id="lesson-resources" className="font-serif text-xl font-semibold text-stone-900">
              Resources
            </h2>
            <ul className="mt-2 grid gap-1">
              {lesson.resources.map((r) => (
                <li key={r.id}>
                  <a
                    href={r.url}
                    download
                    className="inline-flex items-center gap-2 font-medium text-wood-700 underline"
                  >
                    <Download className="size-4" aria-hidden /> {r.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <aside aria-label="Lesson progress" className="grid content-start gap-4">
        {!signedIn && (
          <Card className="border-wood-300 bg-wood-50">
            <CardHeader>
              <h2 className="font-serif text-lg font-semibold">Guest Preview</h2>
              <p className="text-sm text-stone-700">
                You are watching a free preview. Log in to save your place and track your progress.
              </p>
            </CardHeader>
            <CardContent>
              <Button className="w-full" onClick={() => openAuthDialog('signin', '/learn')}>
                <LogIn aria-hidden /> Log In to Track Progress
              </Button>
            </CardContent>
          </Card>
        )}
        {signedIn && <PreviewEnrolCard lesson={lesson} />}
        <LessonProgressCard
          lesson={lesson}
          tracker={tracker}
          signedIn={signedIn}
          courseQuery={backTo === '/' ? '' : `?courseId=${encodeURIComponent(lesson.courseId)}`}
        />
      </aside>
    </div>
  );
}
