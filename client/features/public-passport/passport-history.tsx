import type { PublicPassport } from '../../../contract/public-passport';
import { formatDay } from '../../lib/format-date';

/** The passport's whole dated history in plain words, from the events in the registry's public log. */
export function PassportHistory({ p }: { p: PublicPassport }) {
  if (!p.history.length) return null;
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="history-heading" className="font-serif text-xl font-semibold text-wood-900">
        History
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Every change to this passport, as its public log records it. Nothing is ever rewritten: a corrected
        fact keeps the value it replaced.
      </p>
      <ol className="mt-3 space-y-2">
        {p.history.map((h, i) => (
          <li
            key={`${h.date}-${i}`}
            className={
              h.type === 'corrected' || h.type === 'unverified' || h.type === 'reported_stolen'
                ? 'grid gap-x-4 rounded-md bg-amber-50 p-2 sm:grid-cols-[10rem_1fr]'
                : 'grid gap-x-4 p-2 sm:grid-cols-[10rem_1fr]'
            }
          >
            <time dateTime={h.date} className="text-sm text-stone-600">
              {formatDay(h.date)}
            </time>
            <span className="text-stone-900">{h.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
