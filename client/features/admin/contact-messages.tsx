import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ContactMessage } from '../../../contract/contact';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { invalidateReads } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { setContactHandled, useContactMessages } from './api';

function MessageCard({
  m,
  onToggle,
  busy,
}: {
  m: ContactMessage;
  onToggle: (handled: boolean) => void;
  busy: boolean;
}) {
  const handled = m.handledAt !== null;
  return (
    <article
      aria-label={`Message from ${m.name}`}
      className={`rounded-xl border p-4 shadow-sm ${handled ? 'border-stone-200 bg-stone-50' : 'border-stone-200 bg-white'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone-600">
        <span className="font-semibold text-stone-900">{m.name}</span>
        <a href={`mailto:${m.email}`} className="break-all text-wood-800 underline">
          {m.email}
        </a>
        {m.memberHandle && (
          <Link to={`/u/${m.memberHandle}`} className="underline">
            @{m.memberHandle}
          </Link>
        )}
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-stone-800">{m.message}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">
          {m.handledAt ? (
            <>
              Handled by {m.handledBy ?? 'a former admin'} on{' '}
              <time dateTime={m.handledAt}>{formatDateTime(m.handledAt)}</time>
            </>
          ) : (
            'Open: nobody has marked it handled yet.'
          )}
        </p>
        <Button
          size="sm"
          variant={handled ? 'outline' : 'default'}
          disabled={busy}
          aria-label={`${handled ? 'Reopen' : 'Mark handled'}: message from ${m.name}`}
          onClick={() => onToggle(!handled)}
        >
          {handled ? 'Reopen' : 'Mark handled'}
        </Button>
      </div>
    </article>
  );
}

/**
 * Messages from /contact with the sender's address to answer them (admins only): open ones first, handled ones
 * below with who marked them and when, so several admins never answer the same message twice.
 */
export function ContactMessagesPanel() {
  const { data, isPending, error } = useContactMessages();
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => setContactHandled(id, handled),
    onSuccess: async (m) => {
      toast({
        title: m.handledAt ? `Marked handled: message from ${m.name}` : `Reopened: message from ${m.name}`,
      });
      await invalidateReads(client, 'GET /api/admin/contact-messages');
    },
    onError: (e) => toast({ title: 'Error', description: errorText(e), variant: 'destructive' }),
  });
  const open = data?.filter((m) => m.handledAt === null) ?? [];
  const handled = data?.filter((m) => m.handledAt !== null) ?? [];
  const list = (items: ContactMessage[]) => (
    <ul className="mt-3 grid gap-3">
      {items.map((m) => (
        <li key={m.id}>
          <MessageCard
            m={m}
            busy={toggle.isPending}
            onToggle={(next) => toggle.mutate({ id: m.id, handled: next })}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="contact-messages" className="mt-12">
      <h2 id="contact-messages" className="font-serif text-2xl font-bold text-wood-900">
        Messages from the contact page
      </h2>
      {isPending ? (
        <Spinner label="Loading messages…" />
      ) : error ? (
        <p role="alert" className="mt-3 text-red-700">
          {errorText(error, 'The messages could not be loaded.')}
        </p>
      ) : data.length === 0 ? (
        <p className="mt-3 text-stone-700">No messages yet.</p>
      ) : (
        <>
          <h3 className="mt-4 font-semibold text-stone-900">Open ({open.length})</h3>
          {open.length === 0 ? (
            <p className="mt-2 text-stone-700">Every message has been handled.</p>
          ) : (
            list(open)
          )}
          {handled.length > 0 && (
            <>
              <h3 className="mt-6 font-semibold text-stone-900">Handled ({handled.length})</h3>
              {list(handled)}
            </>
          )}
        </>
      )}
    </section>
  );
}
