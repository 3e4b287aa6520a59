import { AtSign, Check, Loader2, X } from 'lucide-react';
import type { HandleKind } from '../../contract/handles';
import { Input, Label } from './ui/input';
import { cn } from '../lib/cn';
import { typedHandle, type HandleStatus } from '../lib/use-handle-check';

const MESSAGES: Record<Exclude<HandleStatus, 'taken'>, string> = {
  short: 'Must be at least 3 characters',
  checking: 'Checking...',
  available: 'Available! 🎉',
  invalid: 'Invalid format. Use letters, numbers, and hyphens only.',
  error: 'Could not check this handle right now. Please try again.',
};

function statusMessage(status: HandleStatus, hasSuggestions: boolean): string {
  if (status !== 'taken') return MESSAGES[status];
  return hasSuggestions
    ? 'That handle is taken or on hold—try one of the suggestions below.'
    : 'Try a different variation with numbers or additional words.';
}

/** The handle input with live availability, the public URL preview and clickable suggestions. */
export function HandlePicker({
  kind,
  value,
  onChange,
  handle,
  status,
  suggestions,
  current = false,
}: {
  kind: HandleKind;
  value: string;
  onChange: (value: string) => void;
  handle: string;
  status: HandleStatus;
  suggestions: string[];
  /** The value is the person's handle already (settings): said as such, with no suggestions. */
  current?: boolean;
}) {
  const path = `/${kind === 'luthier' ? 'l' : 'u'}/${handle || 'your-handle'}`;
  const tone = current
    ? 'text-stone-600'
    : status === 'available'
      ? 'text-emerald-800'
      : status === 'taken' || status === 'invalid' || status === 'error'
        ? 'text-red-700'
        : 'text-stone-600';
  const Icon =
    current || status === 'available'
      ? Check
      : status === 'checking'
        ? Loader2
        : status === 'short'
          ? AtSign
          : X;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="handle">Your handle</Label>
        <Input
          id="handle"
          value={value}
          onChange={(event) => onChange(typedHandle(event.target.value))}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          aria-describedby="handle-status handle-preview"
          aria-invalid={!current && (status === 'taken' || status === 'invalid') ? true : undefined}
        />
        <p id="handle-status" role="status" className={cn('flex items-center gap-1.5 text-sm', tone)}>
          <Icon
            className={cn('size-4 shrink-0', !current && status === 'checking' && 'animate-spin')}
            aria-hidden
          />
          {current ? 'This is your handle.' : statusMessage(status, suggestions.length > 0)}
        </p>
      </div>
      <p id="handle-preview" className="rounded-md bg-wood-50 px-3 py-2 text-sm text-stone-700">
        Your public page:{' '}
        <span className="font-mono text-wood-900">{`${window.location.origin}${path}`}</span>
      </p>
      {!current && suggestions.length > 0 && (
        <div>
          <p id="handle-suggestions" className="mb-2 text-sm font-medium text-stone-800">
            Suggestions
          </p>
          <ul aria-labelledby="handle-suggestions" className="flex flex-wrap gap-2">
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => {
                    onChange(s);
                    // The list is replaced by the new handle's suggestions; focus goes back to the field.
                    document.getElementById('handle')?.focus();
                  }}
                  className="rounded-full border border-wood-300 bg-white px-3 py-1 font-mono text-sm text-wood-900 hover:bg-wood-100"
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
