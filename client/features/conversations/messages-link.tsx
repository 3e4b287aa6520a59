import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { messagesLabel, useConversations } from './api';

/** The header's Messages link with the number of unread messages in every conversation. */
export function MessagesLink() {
  const { data } = useConversations();
  const unread = data?.unread ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={messagesLabel(unread)}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
    >
      <MessageSquare className="size-5" aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
