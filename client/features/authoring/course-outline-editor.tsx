import { useQueryClient } from '@tanstack/react-query';
import { BookOpenText, Video } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type {
  AuthoringCourse,
  AuthoringLesson,
  AuthoringSection,
  LessonKind,
} from '../../../contract/authoring';
import { formText } from '../../components/form-parts';
import { SettingCheckbox } from '../../components/setting-checkbox';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { api, apiKey } from '../../lib/api-client';
import { errorText } from '../../lib/api';
import { countOf } from '../../lib/count';
import { useCourseChange } from './api';
import { DeleteButton, RenameableTitle } from './outline-items';
import { ReorderHelp, ReorderList } from './reorder-list';

const failed = (what: string) => (error: unknown) =>
  toast({ title: what, description: errorText(error), variant: 'destructive' });

/** Whether a lesson has what publishing needs: a video, or written text. */
const hasContent = (lesson: AuthoringLesson) =>
  lesson.kind === 'video' ? Boolean(lesson.videoUrl) : Boolean(lesson.reading?.length);

/** The draft with its sections (or one section's lessons) in a new order, shown before the server answers. */
function useOptimisticOrder(course: AuthoringCourse) {
  const client = useQueryClient();
  const key = apiKey('GET /api/lms/authoring/courses/:courseId', { params: { courseId: course.id } });
  return (sections: AuthoringSection[]) => client.setQueryData(key, { ...course, sections });
}

function AddForm({
  id,
  what,
  onAdd,
  pending,
  withKind,
}: {
  id: string;
  what: string;
  onAdd: (input: { title: string; kind: LessonKind; free: boolean }) => Promise<unknown>;
  pending: boolean;
  withKind?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const title = formText(data, 'title').trim();
    if (!title) return setError(`Give the ${what} a title.`);
    const kind = data.get('kind') === 'video' ? 'video' : 'reading';
    onAdd({ title, kind, free: data.get('free') === 'on' }).then(
      () => {
        setError(null);
        form.reset();
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label={`Add a ${what}`}
    >
      <div className="grid min-w-40 flex-1 gap-1">
        <Label htmlFor={`${id}-title`}>New {what} title</Label>
        <Input
          id={`${id}-title`}
          name="title"
          maxLength={120}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {withKind && (
        <>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-kind`}>Kind</Label>
            <Select id={`${id}-kind`} name="kind" defaultValue="reading" className="w-32">
              <option value="reading">Reading</option>
              <option value="video">Video</option>
            </Select>
          </div>
          <label className="flex h-10 items-center gap-2 text-sm font-medium text-stone-800">
            <input type="checkbox" name="free" className="size-4 accent-wood-700" /> Free preview
          </label>
        </>
      )}
      <Button type="submit" variant="secondary" disabled={pending}>
        Add {what}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function LessonRow({ course, lesson }: { course: AuthoringCourse; lesson: AuthoringLesson }) {
  const change = useCourseChange(course.id, (body: { title?: string; free?: boolean }) =>
    api('PATCH /api/lms/authoring/lessons/:lessonId', { params: { lessonId: lesson.id }, body }),
  );
  const remove = useCourseChange(course.id, () =>
    api('DELETE /api/lms/authoring/lessons/:lessonId', { params: { lessonId: lesson.id } }),
  );
  const Icon = lesson.kind === 'video' ? Video : BookOpenText;
  return (
    <div className="grid gap-1.5">
      <RenameableTitle
        id={lesson.id}
        title={lesson.title}
        what="lesson"
        pending={change.isPending}
        onRename={(title) => change.mutateAsync({ title })}
      >
        <Icon className="size-4 shrink-0 text-wood-700" aria-hidden />
        <Link
          to={`/teach/courses/${course.id}/lessons/${lesson.id}`}
          className="min-w-0 break-words font-medium text-wood-800 underline"
        >
          {lesson.title}
        </Link>
        <Badge variant="outline">{lesson.kind === 'video' ? 'Video' : 'Reading'}</Badge>
        {!hasContent(lesson) && (
          <Badge variant="warning">{lesson.kind === 'video' ? 'No video yet' : 'No text yet'}</Badge>
        )}
        {lesson.kind === 'video' && lesson.videoUrl && !lesson.captionsUrl && (
          <Badge variant="outline">No captions</Badge>
        )}
        <span className="text-sm text-stone-600">{lesson.durationMinutes} min</span>
      </RenameableTitle>
      <div className="flex flex-wrap items-center gap-3">
        <SettingCheckbox
          label="Free preview"
          checked={lesson.free}
          error={change.error}
          onChange={(free) => change.mutate({ free })}
        />
        <DeleteButton
          name={lesson.title}
          consequence="Learners' progress in it goes too."
          pending={remove.isPending}
          onDelete={() => remove.mutate(undefined, { onError: failed('The lesson was not deleted') })}
        />
      </div>
    </div>
  );
}

function SectionBlock({ course, section }: { course: AuthoringCourse; section: AuthoringSection }) {
  const rename = useCourseChange(course.id, (title: string) =>
    api('PATCH /api/lms/authoring/sections/:sectionId', {
      params: { sectionId: section.id },
      body: { title },
    }),
  );
  const remove = useCourseChange(course.id, () =>
    api('DELETE /api/lms/authoring/sections/:sectionId', { params: { sectionId: section.id } }),
  );
  const addLesson = useCourseChange(course.id, (body: { title: string; kind: LessonKind; free: boolean }) =>
    api('POST /api/lms/authoring/sections/:sectionId/lessons', { params: { sectionId: section.id }, body }),
  );
  const reorder = useCourseChange(course.id, (lessonIds: string[]) =>
    api('PUT /api/lms/authoring/sections/:sectionId/lessons/order', {
      params: { sectionId: section.id },
      body: { lessonIds },
    }),
  );
  const show = useOptimisticOrder(course);
  const byId = new Map(section.lessons.map((l) => [l.id, l]));
  const onReorder = (ids: string[]) => {
    show(
      course.sections.map((s) =>
        s.id === section.id
          ? { ...s, lessons: ids.map((id) => byId.get(id)).filter((l) => l !== undefined) }
          : s,
      ),
    );
    reorder.mutate(ids, { onError: failed('The new order was not saved') });
  };
  return (
    <div className="grid gap-3">
      <RenameableTitle
        id={section.id}
        title={section.title}
        what="section"
        pending={rename.isPending}
        onRename={(title) => rename.mutateAsync(title)}
      >
        <h3 className="min-w-0 break-words font-serif text-lg font-semibold text-stone-900">
          {section.title}
        </h3>
        <span className="text-sm text-stone-600">{countOf(section.lessons.length, 'lesson')}</span>
      </RenameableTitle>
      {section.lessons.length > 0 ? (
        <ReorderList
          items={section.lessons.map((l) => ({ ...l, label: l.title }))}
          label={`Lessons of ${section.title}`}
          onReorder={onReorder}
          renderItem={(lesson) => <LessonRow course={course} lesson={lesson} />}
        />
      ) : (
        <p className="text-sm text-stone-600">No lessons yet.</p>
      )}
      <AddForm
        id={`add-lesson-${section.id}`}
        what="lesson"
        withKind
        pending={addLesson.isPending}
        onAdd={(input) => addLesson.mutateAsync(input)}
      />
      <DeleteButton
        name={section.title}
        consequence={`Its ${countOf(section.lessons.length, 'lesson')} go too.`}
        pending={remove.isPending}
        onDelete={() => remove.mutate(undefined, { onError: failed('The section was not deleted') })}
      />
    </div>
  );
}

/** Sections and their lessons: add, rename, delete, free preview, and the order (keys, buttons or dragging). */
export function CourseOutlineEditor({ course }: { course: AuthoringCourse }) {
  const addSection = useCourseChange(course.id, (title: string) =>
    api('POST /api/lms/authoring/courses/:courseId/sections', {
      params: { courseId: course.id },
      body: { title },
    }),
  );
  const reorder = useCourseChange(course.id, (sectionIds: string[]) =>
    api('PUT /api/lms/authoring/courses/:courseId/sections/order', {
      params: { courseId: course.id },
      body: { sectionIds },
    }),
  );
  const show = useOptimisticOrder(course);
  const byId = new Map(course.sections.map((s) => [s.id, s]));
  return (
    <section
      aria-labelledby="outline-heading"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="outline-heading" className="font-serif text-xl font-semibold text-stone-900">
        Sections and lessons
      </h2>
      <ReorderHelp />
      {course.sections.length > 0 ? (
        <ReorderList
          items={course.sections.map((s) => ({ ...s, label: s.title }))}
          label="Sections"
          onReorder={(ids) => {
            show(ids.map((id) => byId.get(id)).filter((s) => s !== undefined));
            reorder.mutate(ids, { onError: failed('The new order was not saved') });
          }}
          renderItem={(section) => <SectionBlock course={course} section={section} />}
        />
      ) : (
        <p className="text-sm text-stone-600">No sections yet: a course needs at least one.</p>
      )}
      <AddForm
        id="add-section"
        what="section"
        pending={addSection.isPending}
        onAdd={({ title }) => addSection.mutateAsync(title)}
      />
    </section>
  );
}
