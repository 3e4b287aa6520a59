import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Popover } from 'radix-ui';
import { cn } from '../../lib/cn';
import { Spinner } from '../../components/ui/spinner';
import { bellLabel, useNotifications } from './api';

// The list itself is its own chunk, loaded when the bell is first opened.
const InboxList = lazy(() => import('./inbox-list').then((m) => ({ default: m.InboxList })));

/** The header's bell: the unread count, and the inbox in a popover. */
export function NotificationBell() {
  const { data } = useNotifications();
  const [open, setOpen] = useState(false);
  const unread = data?.unread ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={bellLabel(unread)}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className={cn(
              'absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white',
            )}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-stone-200 bg-white shadow-lg"
        >
          <Suspense fallback={<Spinner />}>
            <InboxList compact onNavigate={() => setOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
