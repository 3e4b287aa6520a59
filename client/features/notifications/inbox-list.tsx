import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../contract/notifications';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useMarkAllRead, useMarkRead, useNotifications } from './api';
import { ReplyForm } from './reply-form';
import { ServiceClaimActions } from './service-claim-actions';
import { formatDateTime } from '../../lib/format-date';

const when = formatDateTime;

/** "Reply" under a message: opens the answer form below it; closing it puts focus back on the button. */
function Reply({ item, titleId }: { item: Notification; titleId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const formId = useId();
  return (
    <div className="grid gap-2 px-4 pb-3">
      <button
        ref={button}
        type="button"
        className={cn(buttonClasses('outline', 'sm'), 'justify-self-start')}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        aria-describedby={titleId}
        onClick={() => setOpen((o) => !o)}
      >
        Reply
      </button>
      {open && (
        <div id={formId}>
          <ReplyForm
            id={item.id}
            onCancel={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}

function Entry({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const unread = item.readAt === null;
  const titleId = useId();
  const content = (
    <>
      <span className="flex items-start gap-2">
        {unread && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-red-700" aria-hidden />}
        <span id={titleId} className={cn('text-sm text-stone-900', unread && 'font-semibold')}>
          {item.title}
        </span>
      </span>
      <span className="text-sm text-stone-700">{item.body}</span>
      <span className="text-xs text-stone-600">
        {when(item.createdAt)}
        {unread && <span className="sr-only"> · unread</span>}
      </span>
    </>
  );
  const className = 'grid gap-1 px-4 py-3 text-left hover:bg-stone-50 focus-visible:bg-stone-50';
  return (
    <li className="border-b border-stone-100 last:border-b-0">
      {item.link ? (
        <Link to={item.link} className={className} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className={cn(className, 'w-full')} onClick={onOpen}>
          {content}
        </button>
      )}
      {item.canReply && <Reply item={item} titleId={titleId} />}
      {item.serviceClaim && <ServiceClaimActions claim={item.serviceClaim} titleId={titleId} />}
    </li>
  );
}

/** The inbox: newest first; opening an entry marks it read. */
export function InboxList({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const { data, isLoading, error } = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  if (isLoading) return <Spinner />;
  if (error || !data)
    return (
      <p role="alert" className="p-4 text-sm">
        {errorText(error, 'Could not load notifications.')}
      </p>
    );
  const items = compact ? data.items.slice(0, 8) : data.items;
  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-2">
        <h2 className="font-serif text-base font-semibold text-wood-900">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={data.unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-stone-600">
          Nothing yet. We tell you here when something happens to your instruments or account.
        </p>
      ) : (
        <ul className={cn(compact && 'max-h-96 overflow-y-auto')}>
          {items.map((item) => (
            <Entry
              key={item.id}
              item={item}
              onOpen={() => {
                if (item.readAt === null) markRead.mutate(item.id);
                onNavigate?.();
              }}
            />
          ))}
        </ul>
      )}
      {compact && (
        <Link
          to="/notifications"
          onClick={onNavigate}
          className="border-t border-stone-200 px-4 py-2 text-center text-sm font-medium text-wood-800 hover:bg-stone-50"
        >
          See all notifications
        </Link>
      )}
    </div>
  );
}
