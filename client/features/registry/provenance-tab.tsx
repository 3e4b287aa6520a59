import { Link } from 'react-router';
import type { InstrumentDetail } from '../../../contract/registry';
import { capitalize, eventLabel, fieldLabel, formatDate, formatMoney } from './format';

const show = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '—');

function EventDetail({ type, data }: { type: string; data: Record<string, unknown> }) {
  if ((type === 'edited' || type === 'corrected') && Array.isArray(data.changes)) {
    return (
      <>
        <ul className="mt-1 text-sm text-stone-600">
          {(data.changes as { field: string; from: unknown; to: unknown }[]).map((c) => (
            <li key={c.field}>
              {fieldLabel(c.field)}: <span className="line-through">{show(c.from)}</span> → {show(c.to)}
            </li>
          ))}
        </ul>
        {typeof data.reason === 'string' && (
          <p className="mt-1 text-sm text-stone-700">
            <span className="font-medium">Reason:</span> {data.reason}
          </p>
        )}
      </>
    );
  }
  if (type === 'unverified' && typeof data.reason === 'string')
    return <p className="text-sm text-stone-600">{data.reason}</p>;
  const note =
    typeof data.method === 'string'
      ? capitalize(data.method)
      : typeof data.servicerName === 'string'
        ? data.servicerName
        : typeof data.caption === 'string'
          ? data.caption
          : null;
  return note ? <p className="text-sm text-stone-600">{note}</p> : null;
}

/** Ownership history as a timeline, oldest first, then the append-only event log. */
export function ProvenanceTab({ instrument: i }: { instrument: InstrumentDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="owners-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="owners-heading" className="font-serif text-xl font-semibold text-wood-900">
          Ownership history
        </h2>
        <ol className="mt-4 border-l-2 border-wood-200 pl-5" aria-label="Owners in order">
          {i.ownershipHistory.map((o) => (
            <li key={o.id} className="relative pb-5 last:pb-0">
              <span
                className={`absolute -left-[27px] top-1.5 size-3 rounded-full ${o.endDate ? 'bg-wood-300' : 'bg-wood-600'}`}
                aria-hidden
              />
              <p className="font-semibold text-stone-900">
                {/* The server sends a handle only for an owner who chose to be public. */}
                {o.ownerHandle ? (
                  <Link to={`/u/${o.ownerHandle}`} className="hover:underline">
                    {o.ownerName}
                  </Link>
                ) : (
                  o.ownerName
                )}
              </p>
              <p className="text-sm text-stone-600">
                {formatDate(o.startDate)} – {o.endDate ? formatDate(o.endDate) : 'present'}
                {o.location ? ` · ${o.location}` : ''}
              </p>
              <p className="text-sm text-stone-600">
                {o.acquisitionMethod ? capitalize(o.acquisitionMethod) : 'Built by the maker'}
                {o.purchasePrice != null
                  ? ` · ${formatMoney(o.purchasePrice, o.purchaseCurrency)} (visible only to you)`
                  : ''}
              </p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="events-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="events-heading" className="font-serif text-xl font-semibold text-wood-900">
          Passport log
        </h2>
        <ol className="mt-4 flex flex-col gap-3">
          {[...i.events].reverse().map((e) => (
            <li key={e.id} className="border-b border-stone-100 pb-2 last:border-0">
              <div className="flex justify-between gap-3">
                <p className="font-medium text-stone-900">{eventLabel(e.type)}</p>
                <time className="shrink-0 text-sm text-stone-500" dateTime={e.createdAt}>
                  {formatDate(e.createdAt)}
                </time>
              </div>
              <EventDetail type={e.type} data={e.data} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
