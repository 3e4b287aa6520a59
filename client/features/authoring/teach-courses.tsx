import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../../../contract/academy-values';
import {
  courseDraftInputSchema,
  type AuthoringCourseSummary,
  type CourseDraftInput,
} from '../../../contract/authoring';
import { Field, FormError, formText } from '../../components/form-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Select, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { api, invalidateReads } from '../../lib/api-client';
import { countOf } from '../../lib/count';
import { formatDay } from '../../lib/format-date';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useMyAuthoredCourses } from './api';
import { label } from './labels';

/** A course's state as its author reads it: the badge, and an admin's reason when one took it down. */
export function CourseStatus({ course }: { course: Pick<AuthoringCourseSummary, 'status' | 'unpublished'> }) {
  const variant =
    course.status === 'published' ? 'success' : course.status === 'draft' ? 'outline' : 'warning';
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge variant={variant}>{label(course.status)}</Badge>
      {course.status === 'unpublished' && course.unpublished && (
        <span className="text-sm text-amber-900">
          {course.unpublished.by === 'admin'
            ? `Unpublished by an admin: ${course.unpublished.reason ?? 'no reason given'}`
            : 'You unpublished it.'}
        </span>
      )}
    </span>
  );
}

function NewCourseForm({ onCancel }: { onCancel: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const create = useSchemaSubmit(
    courseDraftInputSchema,
    useMutation({
      mutationFn: (body: CourseDraftInput) => api('POST /api/lms/authoring/courses', { body }),
      onSuccess: async (course) => {
        await invalidateReads(client, 'GET /api/lms/authoring/courses');
        await navigate(`/teach/courses/${course.id}`);
      },
    }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    create.submitValues({
      title: formText(data, 'title'),
      description: formText(data, 'description'),
      level: formText(data, 'level'),
      category: formText(data, 'category'),
    });
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="new-course-heading"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="new-course-heading" className="font-serif text-xl font-semibold text-stone-900">
        New course
      </h2>
      <Field id="new-title" name="title" label="Title" maxLength={120} error={create.fields.title} />
      <div className="grid gap-1.5">
        <Label htmlFor="new-description">Short description</Label>
        <Textarea
          id="new-description"
          name="description"
          maxLength={300}
          aria-invalid={create.fields.description ? true : undefined}
          aria-describedby={create.fields.description ? 'new-description-error' : undefined}
        />
        <FieldError id="new-description-error" message={create.fields.description} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="new-level">Level</Label>
          <Select id="new-level" name="level" defaultValue="beginner">
            {COURSE_LEVELS.map((l) => (
              <option key={l} value={l}>
                {label(l)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="new-category">Category</Label>
          <Select id="new-category" name="category" defaultValue="classical">
            {COURSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {label(c)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <FormError error={create.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create draft'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** `/teach`: the courses I write, with their state, and a new one. */
export function TeachCourses() {
  const courses = useMyAuthoredCourses();
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid gap-6">
      {creating ? (
        <NewCourseForm onCancel={() => setCreating(false)} />
      ) : (
        <Button className="justify-self-start" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> New course
        </Button>
      )}
      {courses.isPending ? (
        <Spinner label="Loading your courses…" />
      ) : courses.isError ? (
        <p role="alert" className="text-red-700">
          Your courses could not be loaded.
        </p>
      ) : courses.data.length === 0 ? (
        <p className="text-stone-700">
          You have not written a course yet. Start one: it stays a draft, seen only by you, until you publish
          it.
        </p>
      ) : (
        <ul aria-label="Your courses" className="grid gap-3">
          {courses.data.map((course) => (
            <li
              key={course.id}
              className="grid gap-2 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_auto]"
            >
              <div className="grid min-w-0 gap-1">
                <Link
                  to={`/teach/courses/${course.id}`}
                  className="font-serif text-lg font-semibold text-wood-800 hover:underline"
                >
                  {course.title}
                </Link>
                <CourseStatus course={course} />
                <p className="text-sm text-stone-600">
                  {countOf(course.sections, 'section')} · {countOf(course.lessons, 'lesson')} ·{' '}
                  {countOf(course.students, 'learner')} · changed {formatDay(course.updatedAt)}
                </p>
              </div>
              <Link
                to={`/teach/courses/${course.id}`}
                className="self-center text-sm font-medium text-wood-700 underline"
                aria-label={`Edit ${course.title}`}
              >
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
