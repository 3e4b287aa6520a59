import { typeLabel } from '../../../contract/registry-values';
import { Award, Lock, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { CourseLanding } from '../../../contract/academy';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { levelLabel } from './course-card';

/** The curriculum tab: sections and lessons, with Preview on the free ones. */
export function Curriculum({ course }: { course: CourseLanding }) {
  return (
    <ol className="grid gap-4">
      {course.curriculum.map((section, i) => (
        <li key={section.id} className="rounded-xl border border-stone-200 bg-white">
          <h3 className="border-b border-stone-200 px-4 py-3 font-serif font-semibold text-stone-900">
            Section {i + 1}: {section.title}
          </h3>
          <ul className="divide-y divide-stone-100">
            {section.lessons.map((lesson) => (
              <li key={lesson.id} className="flex items-center gap-3 px-4 py-3 text-sm">
                {lesson.free ? (
                  <PlayCircle className="size-4 text-wood-600" aria-hidden />
                ) : (
                  <Lock className="size-4 text-stone-400" aria-hidden />
                )}
                <span className="flex-1 text-stone-800">{lesson.title}</span>
                {lesson.free && <Badge variant="success">Free</Badge>}
                {lesson.captionsMissing && <Badge variant="outline">No captions</Badge>}
                <span className="text-stone-600">{lesson.duration} min</span>
                {lesson.free && (
                  <Link
                    to={`/lessons/${lesson.id}`}
                    className={buttonClasses('outline', 'sm')}
                    aria-label={`Preview ${lesson.title}`}
                  >
                    Preview
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The course landing's sidebar: price, original price, discount, level, duration, lessons, certificate, tags. */
export function CourseLandingSidebar({ course }: { course: CourseLanding }) {
  return (
    <aside aria-label="Course summary">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-baseline gap-3">
            <span className="text-3xl text-wood-800">${course.price}</span>
            {/* Struck-through text is not announced as such: the words say what the number is. */}
            <span className="text-lg text-stone-500 line-through">
              <span className="sr-only">Original price </span>${course.originalPrice}
            </span>
          </CardTitle>
          <p className="text-sm font-semibold text-emerald-800">25% off - Limited time</p>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-stone-600">Skill level</dt>
            <dd className="text-right font-medium">{levelLabel(course.level)}</dd>
            <dt className="text-stone-600">Duration</dt>
            <dd className="text-right font-medium">{course.duration}</dd>
            <dt className="text-stone-600">Lessons</dt>
            <dd className="text-right font-medium">{course.lessons}</dd>
            <dt className="text-stone-600">Certificate</dt>
            <dd className="flex items-center justify-end gap-1 font-medium">
              <Award className="size-4 text-wood-600" aria-hidden />
              Yes
            </dd>
            {course.builds && (
              <>
                <dt className="text-stone-600">You build</dt>
                <dd className="text-right font-medium">
                  {/^[aeiou]/.test(course.builds.category) ? 'An' : 'A'} {course.builds.category}{' '}
                  {typeLabel(course.builds.instrumentType)}
                  {course.builds.numberOfStrings ? ` (${course.builds.numberOfStrings} strings)` : ''}
                </dd>
              </>
            )}
          </dl>
          {course.builds && (
            <p className="mt-3 text-sm text-stone-700">
              Finish the course and its certificate gives the instrument you built a passport in the registry,
              marked as built in this course.
            </p>
          )}
          <h2 className="mt-5 text-sm font-semibold text-stone-900">Tags</h2>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {course.tags.map((t) => (
              <li key={t}>
                <Badge variant="outline">{t}</Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </aside>
  );
}
