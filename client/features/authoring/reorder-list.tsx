import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** `ids` with the item at `from` moved to `to`. */
export function moved<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item === undefined || to < 0 || to > ids.length - 1) return [...ids];
  next.splice(to, 0, item);
  return next;
}

interface Item {
  id: string;
  /** The item's name, as the buttons and announcements say it. */
  label: string;
}

/**
 * A list ordered three ways: Move up / Move down buttons; the grip, which picks an item up with Space or Enter,
 * moves it with the arrow keys and drops it with Space or Enter again (Escape puts it back), each step announced;
 * and dragging by the mouse (native HTML5 drag and drop). Every finished move calls `onReorder` with the new order.
 */
export function ReorderList<T extends Item>({
  items,
  label,
  onReorder,
  renderItem,
  disabled,
}: {
  items: readonly T[];
  /** What the list holds ("Sections", "Lessons of Tools"). */
  label: string;
  onReorder: (ids: string[]) => void;
  renderItem: (item: T) => ReactNode;
  disabled?: boolean;
}) {
  // While an item is held by the keyboard, the order shown is the draft; it is saved on drop.
  const [held, setHeld] = useState<{ id: string; order: string[]; from: number } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(items.map((item) => [item.id, item]));
  const order = held?.order ?? items.map((item) => item.id);
  const shown = order.map((id) => byId.get(id)).filter((item): item is T => Boolean(item));
  const count = shown.length;

  const commit = (ids: string[]) => {
    if (ids.join() !== items.map((item) => item.id).join()) onReorder(ids);
  };
  const move = (index: number, to: number) => {
    const item = shown[index];
    if (!item || to < 0 || to >= count) return;
    commit(moved(order, index, to));
    setAnnouncement(`${item.label} moved to position ${to + 1} of ${count}.`);
  };
  // Moving a focused element in the DOM can blur it: the held grip takes the focus back after each step.
  const heldId = held?.id;
  const heldOrder = held?.order.join();
  useLayoutEffect(() => {
    if (heldId) document.getElementById(`grip-${heldId}`)?.focus();
  }, [heldId, heldOrder]);
  const heldRef = useRef(held);
  useLayoutEffect(() => {
    heldRef.current = held;
  });

  const onGripKey = (event: KeyboardEvent<HTMLButtonElement>, item: T, index: number) => {
    if (disabled) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (!held) {
        setHeld({ id: item.id, order, from: index });
        setAnnouncement(
          `${item.label} picked up, position ${index + 1} of ${count}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
        );
      } else {
        setHeld(null);
        commit(held.order);
        setAnnouncement(`${item.label} dropped at position ${index + 1} of ${count}.`);
      }
      return;
    }
    if (!held) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setHeld(null);
      setAnnouncement(`Move cancelled; ${item.label} is back at position ${held.from + 1} of ${count}.`);
      return;
    }
    const step =
      event.key === 'ArrowUp' || event.key === 'ArrowLeft'
        ? -1
        : event.key === 'ArrowDown' || event.key === 'ArrowRight'
          ? 1
          : 0;
    if (!step) return;
    event.preventDefault();
    const to = index + step;
    if (to < 0 || to >= count) return;
    setHeld({ ...held, order: moved(order, index, to) });
    setAnnouncement(`${item.label}, position ${to + 1} of ${count}.`);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, target: string) => {
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    const from = order.indexOf(dragged ?? '');
    const to = order.indexOf(target);
    setDragged(null);
    setOver(null);
    if (from < 0 || to < 0 || from === to) return;
    move(from, to);
  };

  return (
    <>
      <ul aria-label={label} className="grid gap-2">
        {shown.map((item, index) => (
          <li
            key={item.id}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              event.stopPropagation();
              event.dataTransfer.dropEffect = 'move';
              setOver(item.id);
            }}
            onDragLeave={() => setOver((o) => (o === item.id ? null : o))}
            onDrop={(event) => onDrop(event, item.id)}
            className={cn(
              'flex min-w-0 items-start gap-2 rounded-lg border bg-white p-2',
              held?.id === item.id ? 'border-wood-600 ring-2 ring-wood-400' : 'border-stone-200',
              over === item.id && dragged !== item.id && 'border-wood-600 bg-wood-50',
              dragged === item.id && 'opacity-60',
            )}
          >
            <button
              type="button"
              id={`grip-${item.id}`}
              aria-label={`Reorder ${item.label}`}
              aria-pressed={held?.id === item.id}
              aria-describedby="reorder-help"
              disabled={disabled}
              // The grip is what is dragged (so text in the row stays selectable); the image is the whole row.
              draggable={!disabled}
              onDragStart={(event) => {
                event.stopPropagation();
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.id);
                const row = event.currentTarget.closest('li');
                if (row) event.dataTransfer.setDragImage(row, 16, 16);
                setDragged(item.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onKeyDown={(event) => onGripKey(event, item, index)}
              onBlur={() =>
                // Leaving the grip (Tab, a click elsewhere) drops the item where it is.
                setTimeout(() => {
                  const now = heldRef.current;
                  if (now?.id !== item.id || document.activeElement?.id === `grip-${item.id}`) return;
                  setHeld(null);
                  commit(now.order);
                })
              }
              className="mt-1 flex h-9 w-7 shrink-0 cursor-grab items-center justify-center rounded text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-wood-600"
            >
              <GripVertical className="size-4" aria-hidden />
            </button>
            <div className="min-w-0 flex-1">{renderItem(item)}</div>
            <div className="flex shrink-0 gap-1">
              <Button
                size="icon"
                variant="ghost"
                className="size-9"
                aria-label={`Move ${item.label} up`}
                disabled={disabled || index === 0 || Boolean(held)}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-9"
                aria-label={`Move ${item.label} down`}
                disabled={disabled || index === count - 1 || Boolean(held)}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="assertive" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/** The grips' instructions, once per page (each grip points to it with aria-describedby). */
export function ReorderHelp() {
  return (
    <p id="reorder-help" className="sr-only">
      Press Space or Enter to pick up, the arrow keys to move, Space or Enter to drop, Escape to cancel. Or
      drag with the mouse.
    </p>
  );
}
