import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

export interface FilterChip {
  /** The URL parameter the chip stands for; removing the chip clears it. */
  key: string;
  label: string;
}

/**
 * The active filters of a search page as removable chips, with "Clear All" once there are two or more. With
 * `reserve`, the row keeps its height when empty so results do not move when the first filter is chosen.
 */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
  lead,
  reserve = false,
  className,
}: {
  chips: FilterChip[];
  onRemove: (key: string) => void;
  onClearAll: () => void;
  /** A word before the chips, e.g. "Active filters:". */
  lead?: string;
  reserve?: boolean;
  className?: string;
}) {
  if (!chips.length && !reserve) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', reserve && 'min-h-9', className)}>
      {lead && chips.length > 0 && <span className="text-sm text-stone-600">{lead}</span>}
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          className="inline-flex items-center gap-1 rounded-full bg-wood-100 px-3 py-1 text-sm font-medium text-wood-900 hover:bg-wood-200"
          aria-label={`Remove filter ${chip.label}`}
          onClick={() => onRemove(chip.key)}
        >
          {chip.label}
          <X className="size-3.5" aria-hidden />
        </button>
      ))}
      {chips.length > 1 && (
        <Button variant="link" size="sm" onClick={onClearAll}>
          Clear All
        </Button>
      )}
    </div>
  );
}

/** The chips of the values that are set: falsy entries are dropped. */
export function activeChips(entries: (FilterChip | false | '' | null | undefined)[]): FilterChip[] {
  return entries.filter((c): c is FilterChip => Boolean(c));
}
