import { useMutation } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  MEASUREMENT_UNITS,
  readingInputSchema,
  type AuthoringLesson,
  type ReadingBlock,
  type ReadingInput,
} from '../../../contract/authoring';
import { FormError } from '../../components/form-parts';
import { Button } from '../../components/ui/button';
import { Input, Label, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { uploadReadingImage, useCourseChange } from './api';
import {
  BLOCK_NAMES,
  blockOf,
  draftOf,
  emptyDraft,
  previewable,
  type BlockDraft,
  type BlockType,
} from './reading-drafts';
import { ReorderList } from './reorder-list';

type Patch = (change: Partial<BlockDraft>) => void;

function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  hint?: string;
  type?: string;
}) {
  const { id, label, value, onChange, multiline, hint } = props;
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          rows={4}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input
          id={id}
          value={value}
          type={props.type}
          inputMode={props.type === 'text' ? 'decimal' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

function ImageFields({
  draft,
  patch,
  courseId,
}: {
  draft: Extract<BlockDraft, { type: 'image' }>;
  patch: Patch;
  courseId: string;
}) {
  const upload = useMutation({ mutationFn: (file: File) => uploadReadingImage(courseId, file) });
  const id = draft.key;
  return (
    <div className="grid gap-2">
      {draft.src && <img src={draft.src} alt="" className="max-h-32 w-auto self-start rounded border" />}
      <Label htmlFor={`${id}-file`}>{draft.src ? 'Replace the image' : 'Upload the image'}</Label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
        className="w-full max-w-full text-sm"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file)
            upload.mutate(file, {
              onSuccess: (image) => patch({ src: image.url }),
              onError: (error) =>
                toast({
                  title: 'The image was not uploaded',
                  description: errorText(error),
                  variant: 'destructive',
                }),
            });
        }}
      />
      {upload.isPending && <p role="status">Uploading the image…</p>}
      <TextField
        id={`${id}-alt`}
        label="Description for people who cannot see it"
        value={draft.alt}
        onChange={(alt) => patch({ alt })}
      />
      <TextField
        id={`${id}-caption`}
        label="Caption (optional)"
        value={draft.caption}
        onChange={(caption) => patch({ caption })}
      />
    </div>
  );
}

/** The inputs of one block, by its kind. */
function BlockFields({ draft, patch, courseId }: { draft: BlockDraft; patch: Patch; courseId: string }) {
  const id = draft.key;
  switch (draft.type) {
    case 'heading':
      return (
        <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-level`}>Level</Label>
            <Select
              id={`${id}-level`}
              value={draft.level}
              onChange={(e) => patch({ level: e.target.value === '3' ? 3 : 2 })}
            >
              <option value={2}>Heading</option>
              <option value={3}>Subheading</option>
            </Select>
          </div>
          <TextField
            id={`${id}-text`}
            label="Heading text"
            value={draft.text}
            onChange={(text) => patch({ text })}
          />
        </div>
      );
    case 'paragraph':
      return (
        <TextField
          id={`${id}-text`}
          label="Paragraph"
          multiline
          value={draft.text}
          onChange={(text) => patch({ text })}
        />
      );
    case 'list':
      return (
        <div className="grid gap-2">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              className="size-4 accent-wood-700"
              checked={draft.ordered}
              onChange={(e) => patch({ ordered: e.target.checked })}
            />
            Numbered (steps in order)
          </label>
          <TextField
            id={`${id}-items`}
            label="Items"
            hint="One item a line."
            multiline
            value={draft.text}
            onChange={(text) => patch({ text })}
          />
        </div>
      );
    case 'table':
      return (
        <div className="grid gap-2">
          <TextField
            id={`${id}-caption`}
            label="Table caption"
            value={draft.caption}
            onChange={(caption) => patch({ caption })}
          />
          <TextField
            id={`${id}-rows`}
            label="Rows"
            hint="One row a line, cells separated by |. The first line is the heading row; each row's first cell names it."
            multiline
            value={draft.text}
            onChange={(text) => patch({ text })}
          />
        </div>
      );
    case 'image':
      return <ImageFields draft={draft} patch={patch} courseId={courseId} />;
    case 'measurement':
      return (
        <div className="grid gap-2 sm:grid-cols-[1fr_7rem_6rem_7rem]">
          <TextField
            id={`${id}-label`}
            label="What is measured"
            value={draft.label}
            onChange={(label) => patch({ label })}
          />
          <TextField
            id={`${id}-value`}
            label="Value"
            type="text"
            value={draft.value}
            onChange={(value) => patch({ value })}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-unit`}>Unit</Label>
            <Select
              id={`${id}-unit`}
              value={draft.unit}
              onChange={(e) => {
                const unit = MEASUREMENT_UNITS.find((u) => u === e.target.value);
                if (unit) patch({ unit });
              }}
            >
              {MEASUREMENT_UNITS.map((u) => (
                <option key={u}>{u}</option>
              ))}
            </Select>
          </div>
          <TextField
            id={`${id}-tolerance`}
            label="± (optional)"
            type="text"
            value={draft.tolerance}
            onChange={(tolerance) => patch({ tolerance })}
          />
        </div>
      );
  }
}

/** The messages of one block (`body.2.items.0` belongs to the third block). */
const blockErrors = (fields: Record<string, string>, index: number) =>
  Object.entries(fields)
    .filter(([path]) => path === `body.${index}` || path.startsWith(`body.${index}.`))
    .map(([, message]) => message);

/**
 * A reading lesson's text as blocks (headings, paragraphs, lists, tables, images, measurements), never HTML, with
 * the preview beside it drawn by `renderPreview`: the page hands in the component learners read lessons with.
 */
export function ReadingEditor({
  courseId,
  lesson,
  renderPreview,
}: {
  courseId: string;
  lesson: AuthoringLesson;
  renderPreview: (blocks: ReadingBlock[]) => ReactNode;
}) {
  const [drafts, setDrafts] = useState<BlockDraft[]>(() => (lesson.reading ?? []).map(draftOf));
  const save = useSchemaSubmit(
    readingInputSchema,
    useCourseChange(courseId, (body: ReadingInput) =>
      api('PUT /api/lms/authoring/lessons/:lessonId/reading', { params: { lessonId: lesson.id }, body }),
    ),
  );
  const patch = (key: string) => (change: Partial<BlockDraft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? ({ ...d, ...change } as BlockDraft) : d)));
  const add = (type: BlockType) => setDrafts((all) => [...all, emptyDraft(type)]);
  const blocks = drafts.map(blockOf);
  const listMessage = save.fields.body;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="text-heading" className="grid min-w-0 content-start gap-4">
        <h2 id="text-heading" className="font-serif text-xl font-semibold text-stone-900">
          Text
        </h2>
        {drafts.length === 0 && <p className="text-sm text-stone-600">Add a first block below.</p>}
        <ReorderList
          items={drafts.map((draft, i) => ({
            id: draft.key,
            label: `${BLOCK_NAMES[draft.type]} ${i + 1}`,
            draft,
          }))}
          label="Blocks of the text"
          onReorder={(ids) =>
            setDrafts((all) => ids.map((id) => all.find((d) => d.key === id)).filter((d) => d !== undefined))
          }
          renderItem={({ draft, label }) => {
            const index = drafts.indexOf(draft);
            const errors = blockErrors(save.fields, index);
            return (
              <fieldset className="grid min-w-0 gap-2">
                <legend className="sr-only">{label}</legend>
                <div className="flex items-center justify-between gap-2">
                  <span aria-hidden className="text-sm font-semibold text-stone-700">
                    {label}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${label}`}
                    onClick={() => setDrafts((all) => all.filter((d) => d.key !== draft.key))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <BlockFields draft={draft} patch={patch(draft.key)} courseId={courseId} />
                {errors.map((message) => (
                  <p key={message} role="alert" className="text-sm text-red-700">
                    {message}
                  </p>
                ))}
              </fieldset>
            );
          }}
        />
        <div role="group" aria-label="Add a block" className="flex flex-wrap gap-2">
          {(Object.keys(BLOCK_NAMES) as BlockType[]).map((type) => (
            <Button key={type} size="sm" variant="outline" onClick={() => add(type)}>
              <Plus aria-hidden /> {BLOCK_NAMES[type]}
            </Button>
          ))}
        </div>
        {listMessage && (
          <p role="alert" className="text-sm text-red-700">
            {listMessage}
          </p>
        )}
        <FormError error={save.error} />
        <Button
          className="justify-self-start"
          disabled={save.isPending}
          onClick={() =>
            save.submitValues({ body: blocks }, { onSuccess: () => toast({ title: 'Text saved' }) })
          }
        >
          {save.isPending ? 'Saving…' : 'Save text'}
        </Button>
      </section>
      <section aria-labelledby="preview-heading" className="grid min-w-0 content-start gap-2">
        <h2 id="preview-heading" className="font-serif text-xl font-semibold text-stone-900">
          Preview
        </h2>
        <p className="text-sm text-stone-600">As learners will read it.</p>
        {renderPreview(blocks.filter(previewable))}
      </section>
    </div>
  );
}
