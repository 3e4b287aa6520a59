import { useState, type FormEvent, type ReactNode } from 'react';
import { formText } from '../../components/form-parts';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorText } from '../../lib/api';

/** A title shown as text, with Rename opening a small form in place (Enter saves, Escape keeps the old one). */
export function RenameableTitle({
  id,
  title,
  what,
  onRename,
  pending,
  children,
}: {
  id: string;
  title: string;
  /** "section" or "lesson", for the labels. */
  what: string;
  onRename: (title: string) => Promise<unknown>;
  pending: boolean;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = formText(new FormData(event.currentTarget), 'title').trim();
    if (!value) return setError(`Give the ${what} a title.`);
    if (value === title) return setEditing(false);
    onRename(value).then(
      () => {
        setError(null);
        setEditing(false);
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  if (!editing)
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        {children}
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setEditing(true)}>
          Rename<span className="sr-only"> {title}</span>
        </Button>
      </div>
    );
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 gap-1">
        <Label htmlFor={`rename-${id}`}>New title of the {what}</Label>
        <Input
          id={`rename-${id}`}
          name="title"
          defaultValue={title}
          maxLength={120}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `rename-${id}-error` : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(false);
          }}
        />
      </div>
      <Button type="submit" size="sm" disabled={pending}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
      {error && (
        <p id={`rename-${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** Delete, asked twice: the first press shows what goes with it and a confirming button. */
export function DeleteButton({
  name,
  consequence,
  onDelete,
  pending,
}: {
  name: string;
  consequence: string;
  onDelete: () => void;
  pending: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button variant="ghost" size="sm" className="text-red-800" onClick={() => setAsking(true)}>
        Delete<span className="sr-only"> {name}</span>
      </Button>
    );
  return (
    <div role="group" aria-label={`Delete ${name}?`} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-stone-800">{consequence}</span>
      <Button variant="destructive" size="sm" disabled={pending} onClick={onDelete}>
        Yes, delete {name}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </div>
  );
}
