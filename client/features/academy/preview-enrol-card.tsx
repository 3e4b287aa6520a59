import { useMutation } from '@tanstack/react-query';
import type { Lesson } from '../../../contract/academy';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { enrollInCourse, useInvalidateLearning, useMyCourses } from './api';

/**
 * A signed-in person on a free preview of a course they have not enrolled in: previewing keeps their progress
 * but never enrols them (nor counts them as a student), so the choice to enrol is offered here, and only here.
 */
export function PreviewEnrolCard({ lesson }: { lesson: Lesson }) {
  const mine = useMyCourses(lesson.free);
  const invalidate = useInvalidateLearning();
  const enroll = useMutation({
    mutationFn: () => enrollInCourse(lesson.courseId),
    onSuccess: () => invalidate(),
    onError: () =>
      toast({ title: 'Error', description: 'Could not enroll. Please try again.', variant: 'destructive' }),
  });
  const course = mine.data?.find((c) => c.id === lesson.courseId);
  if (!lesson.free || !course || course.enrolled) return null;
  return (
    <Card className="border-wood-300 bg-wood-50">
      <CardHeader>
        <h2 className="font-serif text-lg font-semibold">Free preview</h2>
        <p className="text-sm text-stone-700">
          Watching a preview does not enrol you in {lesson.courseTitle}. Enroll (it is free) to follow the
          whole course on your dashboard.
        </p>
      </CardHeader>
      <CardContent>
        <Button className="w-full" onClick={() => enroll.mutate()} disabled={enroll.isPending}>
          {enroll.isPending ? 'Enrolling...' : 'Enroll Now'}
        </Button>
      </CardContent>
    </Card>
  );
}
