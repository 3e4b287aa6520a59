import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date';
import { useContactMessages } from './api';

/** Messages from /contact, newest first, with the sender's address to answer them (admins only). */
export function ContactMessagesPanel() {
  const { data, isPending, error } = useContactMessages();
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
        <ul className="mt-4 grid gap-3">
          {data.map((m) => (
            <li key={m.id}>
              <article
                aria-label={`Message from ${m.name}`}
                className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
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
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
