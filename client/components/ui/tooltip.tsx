import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * Tooltips open after 700 ms; moving from one to the next within 300 ms skips the delay. The skip lives in the
 * provider, so every tooltip of a view shares one: a Tooltip brings none of its own (Radix throws without one).
 * Not at the app's root: there its module, with Radix's popper, would add 20.8 KB gzip to every first visit.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      {/* Rendered beside its trigger, not in a portal at the end of <body>, so the text stays inside the
            page's landmarks (axe: region); the popper is position: fixed, so no ancestor clips it. */}
      <TooltipPrimitive.Content
        sideOffset={6}
        className="z-50 rounded-md bg-stone-900 px-2.5 py-1.5 text-xs text-white shadow"
      >
        {content}
        <TooltipPrimitive.Arrow className="fill-stone-900" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Root>
  );
}
