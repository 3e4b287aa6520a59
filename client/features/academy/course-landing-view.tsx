import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, Check, Clock, Star, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CourseLanding } from '../../../contract/academy';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Image } from '../../components/ui/image';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { openAuthDialog, useAuth } from '../../lib/auth';
import { enrollInCourse, useInvalidateLearning } from './api';
import { CourseCover, levelLabel } from './course-card';
import { CourseReviews } from './course-reviews';
import { CourseLandingActions } from './course-landing-actions';
import { Curriculum, CourseLandingSidebar } from './course-landing-sections';
import { countOf } from '../../lib/count';

/** The course landing's address that enrols whoever arrives signed in: where a guest's Enroll Now returns after signing up. */
const enrollPath = (slug: string) => `/listing/${encodeURIComponent(slug)}?enroll=1`;

function EnrollButton({ course }: { course: CourseLanding }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invalidate = useInvalidateLearning();
  const enroll = useMutation({
    mutationFn: () => enrollInCourse(course.id),
    onSuccess: async () => {
      await invalidate();
      await navigate(`/courses/${course.id}`);
    },
    onError: () =>
      toast({ title: 'Error', description: 'Could not enroll. Please try again.', variant: 'destructive' }),
  });
  // A guest who pressed Enroll Now comes back here signed in (after onboarding, for someone new): the choice was
  // made, so it is carried out once, and they land in the course.
  const wantsToEnroll = params.get('enroll') === '1';
  const carriedOut = useRef(false);
  const { mutate } = enroll;
  useEffect(() => {
    if (!wantsToEnroll || !user || carriedOut.current) return;
    carriedOut.current = true;
    if (course.enrolled) void navigate(`/courses/${course.id}`, { replace: true });
    else mutate();
  }, [wantsToEnroll, user, course.enrolled, course.id, mutate, navigate]);
  const onClick = () => {
    if (!user) openAuthDialog('signin', enrollPath(course.slug));
    else if (course.enrolled) void navigate(`/courses/${course.id}`);
    else enroll.mutate();
  };
  return (
    <Button size="lg" onClick={onClick} disabled={enroll.isPending}>
      {course.enrolled ? 'Go to Course' : enroll.isPending ? 'Enrolling...' : 'Enroll Now'}
    </Button>
  );
}

/**
 * The course landing page from GET /api/lms/courses/listing/{slug}. As a `preview` (an author's draft) it shows
 * the same page without enrolling, saving or reviews, which only a published course has.
 */
export function CourseLandingView({ course, preview = false }: { course: CourseLanding; preview?: boolean }) {
  return (
    <div className="pb-16">
      <section className="bg-gradient-to-b from-wood-100 to-stone-50">
        <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div>
            <Link
              to="/explore"
              className="inline-flex items-center gap-1 text-sm font-medium text-wood-700 hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden /> Back to Explore
            </Link>
            <div className="mt-4 flex flex-wrap gap-2">
              <Badge>{levelLabel(course.level)}</Badge>
              <Badge variant="secondary">{levelLabel(course.category)}</Badge>
            </div>
            <h1 className="mt-3 font-serif text-3xl font-bold text-wood-900 sm:text-4xl">{course.title}</h1>
            <p className="mt-3 max-w-2xl text-lg text-stone-700">{course.description}</p>
            <p className="mt-2 text-stone-700">
              Taught by{' '}
              {course.instructor.handle ? (
                <Link
                  to={`/u/${course.instructor.handle}`}
                  className="font-semibold text-wood-800 underline hover:text-wood-900"
                >
                  {course.instructor.name}
                </Link>
              ) : (
                <span className="font-semibold">{course.instructor.name}</span>
              )}
              {course.instructorShop && (
                <>
                  {' · '}
                  <Link to={`/l/${course.instructorShop.slug}`} className="text-wood-800 underline">
                    {course.instructorShop.name}
                  </Link>
                </>
              )}
            </p>
            <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-700">
              <li className="flex items-center gap-1">
                <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
                {course.reviewCount > 0
                  ? `${course.rating.toFixed(1)} rating (${countOf(course.reviewCount, 'review')})`
                  : 'No reviews yet'}
              </li>
              <li className="flex items-center gap-1">
                <Users className="size-4" aria-hidden />
                {countOf(course.students, 'student')}
              </li>
              <li className="flex items-center gap-1">
                <BookOpen className="size-4" aria-hidden />
                {countOf(course.lessons, 'lesson')}
              </li>
              <li className="flex items-center gap-1">
                <Clock className="size-4" aria-hidden />
                {course.duration}
              </li>
            </ul>
            <div className="mt-6 flex flex-wrap items-center gap-4">
              <span className="font-serif text-3xl font-bold text-wood-800">${course.price}</span>
              {preview ? (
                <Button size="lg" disabled>
                  Enroll Now
                </Button>
              ) : (
                <EnrollButton course={course} />
              )}
            </div>
            {!preview && (
              <div className="mt-4">
                <CourseLandingActions course={course} />
              </div>
            )}
          </div>
          <CourseCover src={course.coverImage} priority className="hidden h-56 w-full rounded-xl lg:block" />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 pt-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Tabs defaultValue="overview">
          <TabsList aria-label="Course details">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="curriculum">Curriculum</TabsTrigger>
            <TabsTrigger value="instructor">Instructor</TabsTrigger>
            {!preview && <TabsTrigger value="reviews">Reviews</TabsTrigger>}
          </TabsList>
          <TabsContent value="overview" className="grid gap-6">
            <p className="whitespace-pre-line leading-relaxed text-stone-800">{course.fullDescription}</p>
            {course.learn && course.learn.length > 0 && (
              <div>
                <h2 className="font-serif text-xl font-semibold text-stone-900">What you will learn</h2>
                <ul className="mt-2 grid gap-1.5">
                  {course.learn.map((item) => (
                    <li key={item} className="flex items-start gap-2 text-stone-800">
                      <Check className="mt-1 size-4 shrink-0 text-emerald-700" aria-hidden />
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="grid gap-6 md:grid-cols-2">
              <div>
                <h2 className="font-serif text-xl font-semibold text-stone-900">What's included</h2>
                <ul className="mt-2 grid gap-1.5">
                  {course.features.map((f) => (
                    <li key={f} className="flex items-center gap-2 text-stone-800">
                      <Check className="size-4 text-emerald-700" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h2 className="font-serif text-xl font-semibold text-stone-900">Requirements</h2>
                <ul className="mt-2 list-disc pl-5 text-stone-800">
                  {course.requirements.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
            </div>
          </TabsContent>
          <TabsContent value="curriculum">
            <Curriculum course={course} />
          </TabsContent>
          <TabsContent value="instructor">
            <div className="flex gap-4 rounded-xl border border-stone-200 bg-white p-5">
              {course.instructor.avatar ? (
                <Image
                  src={course.instructor.avatar}
                  alt=""
                  width={64}
                  height={64}
                  sizes="64px"
                  className="size-16 rounded-full object-cover"
                />
              ) : (
                <div
                  className="flex size-16 shrink-0 items-center justify-center rounded-full bg-wood-200 font-serif text-xl font-bold text-wood-900"
                  aria-hidden
                >
                  {course.instructor.name.charAt(0)}
                </div>
              )}
              <div>
                <h2 className="font-serif text-xl font-semibold text-stone-900">
                  {course.instructor.handle ? (
                    <Link to={`/u/${course.instructor.handle}`} className="underline hover:text-wood-800">
                      {course.instructor.name}
                    </Link>
                  ) : (
                    course.instructor.name
                  )}
                </h2>
                <p className="text-sm text-stone-600">
                  {countOf(course.instructor.courses, 'course')} ·{' '}
                  {countOf(course.instructor.students, 'student')}
                </p>
                <p className="mt-2 text-stone-800">{course.instructor.bio}</p>
              </div>
            </div>
          </TabsContent>
          {!preview && (
            <TabsContent value="reviews">
              <CourseReviews courseId={course.id} />
            </TabsContent>
          )}
        </Tabs>

        <CourseLandingSidebar course={course} />
      </div>
    </div>
  );
}
