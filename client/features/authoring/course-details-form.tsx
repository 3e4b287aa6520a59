import { ImagePlus } from 'lucide-react';
import { useRef, type FormEvent } from 'react';
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../../../contract/academy-values';
import {
  courseDraftPatchSchema,
  type AuthoringCourse,
  type CourseDraftPatch,
} from '../../../contract/authoring';
import { Field, FormError, formText } from '../../components/form-parts';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/api';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { uploadCover, useCourseChange } from './api';
import { label } from './labels';

/** One item a line: blank lines are dropped. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const commaList = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** A labelled textarea with its field error linked. */
function Area({
  id,
  name,
  text,
  hint,
  error,
  defaultValue,
  rows = 4,
}: {
  id: string;
  name: string;
  text: string;
  hint?: string;
  error?: string;
  defaultValue: string;
  rows?: number;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{text}</Label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      <Textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The first message of a list field (`tags.2` → its item's message). */
const listError = (fields: Record<string, string>, name: string) =>
  fields[name] ?? Object.entries(fields).find(([key]) => key.startsWith(`${name}.`))?.[1];

function CoverUpload({ course }: { course: AuthoringCourse }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useCourseChange(course.id, (file: File) => uploadCover(course.id, file));
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium text-stone-800">Cover image</h3>
      {course.coverImage ? (
        <img
          src={course.coverImage}
          alt="The course's cover"
          width={320}
          height={180}
          className="aspect-video w-full max-w-xs rounded-lg border border-stone-200 object-cover"
        />
      ) : (
        <p className="text-sm text-stone-600">No cover yet: a published course needs one.</p>
      )}
      <Label htmlFor="cover-file">Upload a cover (JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB)</Label>
      <input
        id="cover-file"
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
        className="w-full max-w-full text-sm"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          upload.mutate(file, {
            onSuccess: () => toast({ title: 'Cover uploaded' }),
            onError: (error) =>
              toast({
                title: 'The cover was not uploaded',
                description: errorText(error),
                variant: 'destructive',
              }),
            onSettled: () => {
              if (input.current) input.current.value = '';
            },
          });
        }}
      />
      {upload.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <ImagePlus className="size-4" aria-hidden /> Uploading the cover…
        </p>
      )}
    </div>
  );
}

/** The course's own fields: what the listing page shows. Saved as a merge patch of every field. */
export function CourseDetailsForm({ course }: { course: AuthoringCourse }) {
  const save = useSchemaSubmit(
    courseDraftPatchSchema,
    useCourseChange(course.id, (body: CourseDraftPatch) =>
      api('PATCH /api/lms/authoring/courses/:courseId', { params: { courseId: course.id }, body }),
    ),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.submitValues(
      {
        title: formText(data, 'title'),
        description: formText(data, 'description'),
        fullDescription: formText(data, 'fullDescription'),
        level: formText(data, 'level'),
        category: formText(data, 'category'),
        tags: commaList(formText(data, 'tags')),
        requirements: lines(formText(data, 'requirements')),
        learn: lines(formText(data, 'learn')),
      },
      { onSuccess: () => toast({ title: 'Details saved' }) },
    );
  };
  const f = save.fields;
  return (
    <section
      aria-labelledby="details-heading"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="details-heading" className="font-serif text-xl font-semibold text-stone-900">
        Details
      </h2>
      <CoverUpload course={course} />
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Course details">
        <Field
          id="course-title"
          name="title"
          label="Title"
          defaultValue={course.title}
          maxLength={120}
          error={f.title}
        />
        <Area
          id="course-description"
          name="description"
          text="Short description"
          hint="One or two sentences for the course card."
          defaultValue={course.description}
          error={f.description}
          rows={2}
        />
        <Area
          id="course-full-description"
          name="fullDescription"
          text="Full description"
          defaultValue={course.fullDescription}
          error={f.fullDescription}
          rows={6}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="course-level">Level</Label>
            <Select id="course-level" name="level" defaultValue={course.level}>
              {COURSE_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {label(l)}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="course-category">Category</Label>
            <Select id="course-category" name="category" defaultValue={course.category}>
              {COURSE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {label(c)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <Field
          id="course-tags"
          name="tags"
          label="Tags (separated by commas)"
          defaultValue={course.tags.join(', ')}
          error={listError(f, 'tags')}
        />
        <Area
          id="course-requirements"
          name="requirements"
          text="Requirements"
          hint="One a line: what a learner needs before starting."
          defaultValue={course.requirements.join('\n')}
          error={listError(f, 'requirements')}
        />
        <Area
          id="course-learn"
          name="learn"
          text="What you will learn"
          hint="One a line."
          defaultValue={course.learn.join('\n')}
          error={listError(f, 'learn')}
        />
        <FormError error={save.error} />
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save details'}
        </Button>
      </form>
    </section>
  );
}
