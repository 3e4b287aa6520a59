import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { lessonProgressQuery, startLesson, useLesson, useLessonProgress } from '../features/academy/api';
import { LessonLocked, LessonNotFound, LessonView, PremiumLesson } from '../features/academy/lesson-view';
import { ApiError } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** /lessons/{lessonId}: signed in from /api/lms/lessons, guests from /api/public/lessons. */
export function LessonPage() {
  const { lessonId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const courseId = params.get('courseId');
  const backTo = courseId ? `/course-progress?courseId=${encodeURIComponent(courseId)}` : '/';
  const { user, isLoading } = useAuth();
  const signedIn = !!user;
  const client = useQueryClient();
  const lesson = useLesson(lessonId, !signedIn, !isLoading);
  const progress = useLessonProgress(lessonId, signedIn && lesson.isSuccess);
  const [startSettled, setStartSettled] = useState(false);
  /** The server's reason when the course has not opened this lesson to the learner yet. */
  const [locked, setLocked] = useState<{ lessonId: string; reason: string } | null>(null);
  const startAsked = useRef<string | null>(null);
  useDocumentTitle(lesson.data?.title ?? 'Lesson');

  // Opening a lesson with no progress record (none, or the fetch failed) starts it.
  const noRecord = progress.isError || (progress.isSuccess && progress.data === null);
  useEffect(() => {
    if (!signedIn || !noRecord || startAsked.current === lessonId) return;
    startAsked.current = lessonId;
    startLesson(lessonId)
      .then((res) => client.setQueryData(lessonProgressQuery(lessonId).queryKey, res))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.body?.code === 'LESSON_LOCKED')
          setLocked({ lessonId, reason: error.body.error ?? 'Finish the previous lesson first.' });
        else
          toast({
            title: 'Error',
            description: 'Failed to start lesson. Please try again.',
            variant: 'destructive',
          });
      })
      .finally(() => setStartSettled(true));
  }, [signedIn, noRecord, lessonId, client]);

  if (isLoading || lesson.isPending) return <Spinner label="Loading lesson…" />;
  if (lesson.isError) {
    const error = lesson.error;
    if (error instanceof ApiError && error.body?.requiresAuth)
      return <PremiumLesson next={`${location.pathname}${location.search}`} />;
    return <LessonNotFound />;
  }
  if (signedIn && locked?.lessonId === lessonId)
    return <LessonLocked lesson={lesson.data} reason={locked.reason} backTo={backTo} />;
  if (signedIn && (progress.isPending || (noRecord && !startSettled)))
    return <Spinner label="Loading your progress…" />;
  return (
    <LessonView
      key={`${lessonId}:${signedIn ? 'user' : 'guest'}`}
      lesson={lesson.data}
      progress={signedIn ? (progress.data ?? null) : null}
      signedIn={signedIn}
      backTo={backTo}
    />
  );
}
