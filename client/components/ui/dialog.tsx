import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Shift+Tab on the dialog's first control goes round to its last. Radix's focus trap does that only when the
 * focused element is the first tabbable one, but a tab list's container is itself tabbable and comes before the
 * selected tab: Shift+Tab from that tab left the dialog and the trap pulled focus straight back, so it was stuck.
 * Containers of the focused element are not stops before it.
 */
function wrapShiftTab(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab' || !event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
  const index = stops.indexOf(active);
  const last = stops.at(-1);
  if (index < 0 || !last || last === active) return;
  if (stops.slice(0, index).some((el) => !el.contains(active))) return;
  event.preventDefault();
  last.focus();
}

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogContent({
  className,
  children,
  onKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { children: ReactNode }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl data-[state=open]:animate-dialog-in',
          className,
        )}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) wrapShiftTab(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-3 top-3 rounded-md p-1 text-stone-600 hover:bg-stone-100"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-serif text-xl font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-stone-600', className)} {...props} />;
}
