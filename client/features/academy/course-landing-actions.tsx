import { Bookmark, BookmarkCheck, Play, Share2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CourseLanding } from '../../../contract/academy';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { openAuthDialog, useAuth } from '../../lib/auth';
import { useBookmark } from './api';

export const firstFreeLesson = (course: CourseLanding) =>
  course.curriculum.flatMap((s) => s.lessons).find((l) => l.free) ?? null;

async function share(course: CourseLanding) {
  const url = `${window.location.origin}/listing/${course.slug}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: course.title, text: course.description, url });
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The course link is on your clipboard.' });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}

/** Save, Share and Preview. */
export function CourseLandingActions({ course }: { course: CourseLanding }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const bookmark = useBookmark(course.id, course.slug);
  const preview = firstFreeLesson(course);

  const onSave = () => {
    if (!user) {
      openAuthDialog('signin', `/listing/${course.slug}`);
      return;
    }
    bookmark.mutate(!course.bookmarked, {
      onSuccess: (data) =>
        toast({
          title: data.bookmarked ? 'Course saved' : 'Removed from saved courses',
          description: data.bookmarked ? 'It is marked Saved on your learning dashboard.' : undefined,
        }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Could not update your saved courses.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        onClick={onSave}
        aria-pressed={course.bookmarked}
        disabled={bookmark.isPending}
      >
        {course.bookmarked ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
        {course.bookmarked ? 'Saved' : 'Save'}
      </Button>
      <Button variant="outline" onClick={() => void share(course)}>
        <Share2 aria-hidden />
        Share
      </Button>
      {preview && (
        <Button variant="outline" onClick={() => void navigate(`/lessons/${preview.id}`)}>
          <Play aria-hidden />
          Preview
        </Button>
      )}
    </div>
  );
}
