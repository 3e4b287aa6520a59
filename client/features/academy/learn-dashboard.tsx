import { Award, BookOpen, Clock, Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LearningStats, MyCourse } from '../../../contract/academy';
import type { User } from '../../../contract/auth';
import type { Certificate } from '../../../contract/certificates';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { certificateDate } from './certificate-date';
import { CourseCover, levelLabel } from './course-card';
import { formatTimeSpent } from './lesson-status';
import { ContinueCourse } from './continue-course';
import { currentCourse } from './current-course';
import { InstructorName } from './instructor-name';
import { ProgressBar } from './progress-visuals';
import { countOf, progressOf } from '../../lib/count';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-3 p-3 sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-wood-100 text-wood-700 sm:size-11 [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-stone-600">{label}</p>
        <p className="font-serif text-xl font-bold text-stone-900 sm:text-2xl">{value}</p>
      </div>
    </Card>
  );
}

function Certificates({ certificates }: { certificates: Certificate[] }) {
  return (
    <section aria-labelledby="certificates-heading" className="mt-10">
      <h2 id="certificates-heading" className="font-serif text-2xl font-semibold text-stone-900">
        Your Certificates
      </h2>
      {certificates.length === 0 ? (
        <p className="mt-3 text-stone-700">
          Complete every lesson of a course to earn its certificate, signed by the academy so anyone can check
          it.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {certificates.map((c) => (
            <li key={c.id}>
              <Card className="flex h-full items-start gap-3 p-5">
                <Award className="size-6 shrink-0 text-wood-700" aria-hidden />
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{c.course.title}</p>
                  <p className="text-sm text-stone-600">Completed {certificateDate(c.issuedAt)}</p>
                  <Link
                    to={`/certificates/${c.id}`}
                    className="mt-2 inline-block text-sm font-medium text-wood-700 underline"
                    aria-label={`View certificate: ${c.course.title}`}
                  >
                    View certificate
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a course of one's own offers: to start it, to continue it, or, every lesson done, to review it. */
function courseAction(c: MyCourse): 'Start' | 'Continue' | 'Review' {
  if (c.lessons > 0 && c.completedLessons >= c.lessons) return 'Review';
  return c.started ? 'Continue' : 'Start';
}

export function LearnDashboard({
  user,
  courses,
  stats,
  certificates,
}: {
  user: User;
  courses: MyCourse[];
  stats: LearningStats;
  certificates: Certificate[];
}) {
  const current = currentCourse(courses);
  const mine = courses.filter((c) => c.enrolled);
  const available = courses.filter((c) => !c.enrolled);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">
        {user.returning ? 'Welcome back' : 'Welcome'}, {user.firstName || user.displayName}!
      </h1>
      <p className="mt-1 text-stone-700">Pick up where you stopped, or start something new.</p>

      <section
        aria-label="Your learning in numbers"
        // Two by two on a phone: one stat a row pushed "Continue where you left off" below the first screen.
        className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <Stat icon={<BookOpen />} label="Courses enrolled" value={String(stats.coursesEnrolled)} />
        <Stat icon={<Award />} label="Lessons completed" value={String(stats.lessonsCompleted)} />
        <Stat icon={<Clock />} label="Time spent" value={formatTimeSpent(stats.timeSpentSeconds)} />
        <Stat
          icon={<Flame />}
          label="Study streak"
          value={`${stats.streakDays} ${stats.streakDays === 1 ? 'day' : 'days'}`}
        />
      </section>

      {current && (
        <section aria-labelledby="continue-heading" className="mt-6 sm:mt-8">
          <Card className="border-wood-300 bg-wood-50 p-4 sm:p-5">
            <ContinueCourse
              course={current}
              large
              heading={
                <h2
                  id="continue-heading"
                  className="text-sm font-semibold tracking-wide text-wood-700 uppercase"
                >
                  Continue Where You Left Off
                </h2>
              }
            />
          </Card>
        </section>
      )}

      <section aria-labelledby="mine-heading" className="mt-10">
        <h2 id="mine-heading" className="font-serif text-2xl font-semibold text-stone-900">
          Your Courses
        </h2>
        {mine.length === 0 ? (
          <p className="mt-3 text-stone-700">
            You have not enrolled in a course yet.{' '}
            <Link to="/explore" className="font-medium text-wood-700 underline">
              Explore the academy
            </Link>
            .
          </p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {mine.map((c) => (
              <li key={c.id}>
                <Card className="flex h-full flex-col overflow-hidden">
                  <CourseCover src={c.coverImage} className="h-32 w-full" />
                  <CardHeader>
                    <CardTitle>{c.title}</CardTitle>
                    <p className="text-sm text-stone-600">
                      by <InstructorName course={c} />
                    </p>
                  </CardHeader>
                  <CardContent className="mt-auto grid gap-3">
                    <div className="flex items-center gap-3">
                      <ProgressBar value={c.progress} label={`${c.title} progress`} />
                      <span className="text-sm font-medium">{c.progress}%</span>
                    </div>
                    <p className="text-sm text-stone-600">
                      {progressOf(c.completedLessons, c.lessons, 'lesson')} completed
                    </p>
                    <Link
                      to={`/courses/${c.id}`}
                      className={buttonClasses(c.started ? 'default' : 'secondary')}
                      aria-label={`${courseAction(c)} ${c.title}`}
                    >
                      {courseAction(c)}
                    </Link>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Certificates certificates={certificates} />

      {available.length > 0 && (
        <section aria-labelledby="available-heading" className="mt-10">
          <h2 id="available-heading" className="font-serif text-2xl font-semibold text-stone-900">
            Available Courses
          </h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {available.map((c) => (
              <li key={c.id}>
                <Card className="flex h-full flex-col overflow-hidden">
                  <CourseCover src={c.coverImage} className="h-32 w-full" />
                  <CardHeader>
                    {/* No "New" badge: the academy keeps no publication date, and every course was new. */}
                    <div className="flex gap-2">
                      {c.bookmarked && <Badge variant="warning">Saved</Badge>}
                      <Badge variant="secondary">{levelLabel(c.level)}</Badge>
                    </div>
                    <CardTitle>{c.title}</CardTitle>
                    <p className="text-sm text-stone-600">
                      by <InstructorName course={c} />
                    </p>
                  </CardHeader>
                  <CardContent className="mt-auto grid gap-3">
                    <p className="text-sm text-stone-700">
                      {countOf(c.lessons, 'lesson')} · {c.duration} ·{' '}
                      {c.rating > 0 ? `${c.rating.toFixed(1)} rating` : 'no reviews yet'}
                    </p>
                    <Link
                      to={`/listing/${c.slug}`}
                      className={buttonClasses('outline')}
                      aria-label={`Learn More about ${c.title}`}
                    >
                      Learn More
                    </Link>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
