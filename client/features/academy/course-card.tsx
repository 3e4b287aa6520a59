import { BookOpen, Clock, Star, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { CourseCard as Course } from '../../../contract/academy';
import { Badge } from '../../components/ui/badge';
import { GRID_CARD_SIZES, Image } from '../../components/ui/image';
import { cn } from '../../lib/cn';
import { countOf } from '../../lib/count';

export const levelLabel = (level: string) => level.charAt(0).toUpperCase() + level.slice(1);

/** A course's cover drawing (640 × 360); its classes size it. `priority` for the one that heads a page. */
export function CourseCover({
  src,
  className,
  priority = false,
}: {
  src: string | null;
  className?: string;
  priority?: boolean;
}) {
  return src ? (
    <Image
      src={src}
      alt=""
      width={640}
      height={360}
      sizes={GRID_CARD_SIZES}
      priority={priority}
      className={cn('object-cover', className)}
    />
  ) : (
    <div className={cn('bg-gradient-to-br from-wood-700 to-wood-400', className)} aria-hidden />
  );
}

/** A course in Explore: level, price, first 3 tags, duration, lessons, students, rating. */
export function CourseCard({
  course,
  layout,
  priority = false,
}: {
  course: Course;
  layout: 'grid' | 'list';
  /** The first card of the page: its cover is likely the largest paint. */
  priority?: boolean;
}) {
  const list = layout === 'list';
  return (
    <article
      className={cn(
        'group relative flex overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-wood-500 hover:shadow-md',
        list ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <CourseCover
        src={course.coverImage}
        priority={priority}
        className={list ? 'h-44 w-full sm:h-auto sm:w-64' : 'h-44 w-full'}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <Badge variant="secondary">{levelLabel(course.level)}</Badge>
          <span className="font-serif text-lg font-bold text-wood-800">${course.price}</span>
        </div>
        <h2 className="font-serif text-lg leading-snug font-semibold text-stone-900">
          <Link
            to={`/listing/${course.slug}`}
            className="after:absolute after:inset-0 focus:outline-none"
            data-course-id={course.id}
          >
            {course.title}
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-stone-700">{course.description}</p>
        <p className="text-sm text-stone-600">
          by{' '}
          {course.instructorHandle ? (
            // Above the card's stretched link, so it opens the instructor's page rather than the course.
            <Link
              to={`/u/${course.instructorHandle}`}
              className="relative z-10 font-medium text-wood-800 underline hover:text-wood-900"
            >
              {course.instructor}
            </Link>
          ) : (
            course.instructor
          )}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {course.tags.slice(0, 3).map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
        </ul>
        <dl className="mt-auto grid grid-cols-2 gap-x-3 gap-y-1 text-sm whitespace-nowrap text-stone-700">
          <div className="flex items-center gap-1">
            <dt>
              <Clock className="size-4" aria-label="Duration" />
            </dt>
            <dd>{course.duration}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <BookOpen className="size-4" aria-label="Lessons" />
            </dt>
            <dd>{countOf(course.lessons, 'lesson')}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Users className="size-4" aria-label="Students" />
            </dt>
            <dd>{countOf(course.students, 'student')}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Star className="size-4 fill-amber-400 text-amber-500" aria-label="Rating" />
            </dt>
            <dd>
              {course.reviewCount > 0 ? (
                <>
                  {course.rating.toFixed(1)} <span className="text-stone-600">({course.reviewCount})</span>
                </>
              ) : (
                'No reviews'
              )}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
