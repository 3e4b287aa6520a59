import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';

/** Toggle chips for common choices plus a field for one's own words; at most 20 tags. */
export function TagPicker({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: string[];
  value: string[];
  onChange: (tags: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const toggle = (tag: string) =>
    onChange(value.includes(tag) ? value.filter((t) => t !== tag) : [...value, tag].slice(0, 20));
  const add = () => {
    const tag = draft.trim().slice(0, 40);
    if (tag && !value.includes(tag)) onChange([...value, tag].slice(0, 20));
    setDraft('');
  };
  const all = [...options, ...value.filter((t) => !options.includes(t))];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {all.map((tag) => (
          <button
            key={tag}
            type="button"
            aria-pressed={value.includes(tag)}
            onClick={() => toggle(tag)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm capitalize',
              value.includes(tag)
                ? 'border-wood-700 bg-wood-700 text-white'
                : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
            )}
          >
            {tag}
          </button>
        ))}
      </div>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add your own to {legend.toLowerCase()}
        </label>
        <Input
          id={inputId}
          value={draft}
          placeholder="Add your own"
          maxLength={40}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
    </fieldset>
  );
}
