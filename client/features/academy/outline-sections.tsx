import { CheckCircle2, ChevronDown, Circle, Lock, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import type { CourseOutline, OutlineLesson } from '../../../contract/academy';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { lessonStatus } from './lesson-status';
import { ProgressRing } from './progress-visuals';
import { countOf } from '../../lib/count';

type Section = CourseOutline['sections'][number];

const STATUS_ICON = {
  completed: <CheckCircle2 className="size-5 text-emerald-700" aria-hidden />,
  'in-progress': <PlayCircle className="size-5 text-wood-600" aria-hidden />,
  'not-started': <Circle className="size-5 text-stone-400" aria-hidden />,
  locked: <Lock className="size-5 text-stone-400" aria-hidden />,
} as const;

const STATUS_TEXT = {
  completed: 'Completed',
  'in-progress': 'In Progress',
  'not-started': 'Not Started',
  locked: 'Locked',
} as const;

function LessonRow({
  lesson,
  onOpen,
  onStart,
  pending,
}: {
  lesson: OutlineLesson;
  onOpen: (id: string) => void;
  onStart: (id: string) => void;
  pending: boolean;
}) {
  const status = lessonStatus(lesson);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      {STATUS_ICON[status]}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-stone-900">{lesson.title}</p>
        <p className="text-sm text-stone-600">
          {lesson.duration} min · <span>{STATUS_TEXT[status]}</span>
          {status === 'in-progress' && <span> · {lesson.progressPercent}%</span>}
        </p>
      </div>
      {lesson.free && <Badge variant="success">Free</Badge>}
      {status === 'completed' && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen(lesson.id)}
          aria-label={`Review ${lesson.title}`}
        >
          Review
        </Button>
      )}
      {status === 'in-progress' && (
        <Button
          size="sm"
          onClick={() => onStart(lesson.id)}
          disabled={pending}
          aria-label={`Continue ${lesson.title}`}
        >
          Continue
        </Button>
      )}
      {status === 'not-started' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onStart(lesson.id)}
          disabled={pending}
          aria-label={`Start ${lesson.title}`}
        >
          Start
        </Button>
      )}
      {status === 'locked' && (
        <Button size="sm" variant="outline" disabled aria-label={`Locked: ${lesson.title}`}>
          <Lock aria-hidden /> Locked
        </Button>
      )}
    </li>
  );
}

/** A collapsible section with its ring and completed/total. */
export function OutlineSection(props: {
  section: Section;
  index: number;
  onOpen: (id: string) => void;
  onStart: (id: string) => void;
  pending: boolean;
}) {
  const { section, index } = props;
  const [open, setOpen] = useState(true);
  const panelId = `section-panel-${section.id}`;
  return (
    <section
      className="rounded-xl border border-stone-200 bg-white"
      aria-labelledby={`section-${section.id}`}
    >
      <h2 id={`section-${section.id}`}>
        <button
          type="button"
          // Rounded like its card (which does not clip: its focus outline must show whole).
          className={cn(
            'flex w-full items-center gap-4 rounded-t-xl px-4 py-4 text-left hover:bg-stone-50',
            !open && 'rounded-b-xl',
          )}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <ProgressRing value={section.progressPercent} label={`Section ${index + 1} progress`} size={48} />
          <span className="flex-1">
            <span className="block font-serif text-lg font-semibold text-stone-900">
              Section {index + 1}: {section.title}
            </span>
            <span className="block text-sm text-stone-600">
              {section.completedLessons}/{countOf(section.totalLessons, 'lesson')} completed
              {section.description ? ` · ${section.description}` : ''}
            </span>
          </span>
          <ChevronDown
            className={cn('size-5 text-stone-500 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </h2>
      <ul id={panelId} hidden={!open} className="divide-y divide-stone-100 border-t border-stone-200">
        {section.lessons.map((lesson) => (
          <LessonRow
            key={lesson.id}
            lesson={lesson}
            onOpen={props.onOpen}
            onStart={props.onStart}
            pending={props.pending}
          />
        ))}
      </ul>
    </section>
  );
}
