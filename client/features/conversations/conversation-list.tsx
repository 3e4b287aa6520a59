import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date';
import { Spinner } from '../../components/ui/spinner';
import { useConversations } from './api';

/** /messages: every conversation, newest first, with who it is with, what about, and what is unread. */
export function ConversationList() {
  const { data, isLoading, isError } = useConversations();
  if (isLoading) return <Spinner />;
  if (isError || !data) return <p role="alert">Your messages could not be loaded. Please try again.</p>;
  if (data.items.length === 0)
    return (
      <p className="text-stone-700">
        No conversations yet. Write to a maker from their shop page (
        <Link to="/luthiers" className="font-medium text-wood-700 underline">
          find a maker
        </Link>
        ), or wait for a buyer to write to yours.
      </p>
    );
  return (
    <ul className="divide-y divide-stone-200">
      {data.items.map((c) => (
        <li key={c.id}>
          <Link
            to={`/messages/${c.id}`}
            className="grid gap-1 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50"
          >
            <span className="flex flex-wrap items-baseline justify-between gap-2">
              <span className={c.unread > 0 ? 'font-semibold text-stone-900' : 'font-medium text-stone-800'}>
                {c.with.name}
                {c.instrument && <span className="font-normal text-stone-600"> · {c.instrument.name}</span>}
              </span>
              <span className="text-xs text-stone-600">
                {formatDate(c.lastMessage.at, { day: 'numeric', month: 'long' })}
              </span>
            </span>
            <span className="line-clamp-2 text-sm text-stone-700">
              {c.lastMessage.fromMe ? 'You: ' : ''}
              {c.lastMessage.body}
            </span>
            {c.unread > 0 && (
              <span className="text-xs font-semibold text-red-800">
                {c.unread} unread {c.unread === 1 ? 'message' : 'messages'}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
