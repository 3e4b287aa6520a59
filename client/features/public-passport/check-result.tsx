import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { CheckResult } from '../../../contract/public-passport';
import { formatDateTime, formatDay } from '../../lib/format-date';

// Only a stolen instrument's result has the sighting form (and zod, its schema's): the check page loads neither.
const SightingForm = lazy(() => import('./sighting-form').then((m) => ({ default: m.SightingForm })));

type SerialChanged = Extract<CheckResult, { result: 'found' }>['serialChanged'];

/** Found by a serial number the passport no longer carries: say so, with the serial it carries now. */
function SerialNote({ change }: { change: SerialChanged }) {
  if (!change) return null;
  const verb = change.corrected ? 'was corrected by its maker' : 'was changed by its maker';
  return (
    <p className="mt-2">
      Found by its former serial number {change.from}: the serial {verb}
      {change.to ? ` to ${change.to}` : ''}. The passport’s history shows when and why.
    </p>
  );
}

/**
 * What /check answers: the passport, a stolen report with a way to help, or what to try next. `checkedAt` is when
 * the registry gave this answer: a clean result is only true as of then.
 */
export function CheckResultView({ data, checkedAt }: { data: CheckResult; checkedAt: Date }) {
  if (data.result === 'not_found')
    return (
      <div className="rounded-lg bg-stone-100 p-4 text-stone-800">
        <p className="font-semibold">Not in the registry.</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          <li>
            A passport code looks like LR-7KQ2-M9XD: it is printed on the instrument’s label and its QR card.
            Case and dashes do not matter.
          </li>
          <li>
            A serial number must be typed in full, as the maker wrote it (inside the body or on the label).
          </li>
          <li>
            Still nothing? Ask the seller for the passport link, or browse the{' '}
            <Link to="/registry" className="underline">
              registry
            </Link>{' '}
            by maker. An instrument without a passport is not proof of anything either way.
          </li>
        </ul>
      </div>
    );
  if (data.result === 'stolen') {
    const i = data.instrument;
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <div className="flex gap-4">
          {i.photoUrl && (
            <img
              src={i.photoUrl}
              alt={`${i.name}, photo from its passport`}
              className="size-24 shrink-0 rounded-md border border-red-200 bg-white object-contain"
            />
          )}
          <div>
            <p className="font-semibold">
              {i.name} ({i.yearMade}) was reported stolen on {formatDay(data.reportedOn)}.
            </p>
            <p className="mt-1">Do not buy it; contact the police.</p>
            <Link to={`/p/${i.passportCode}`} className="mt-1 inline-block font-medium underline">
              Open passport {i.passportCode}
            </Link>
          </div>
        </div>
        <SerialNote change={data.serialChanged} />
        <p className="mt-3 text-sm">
          Have you seen it, or is it offered to you? Tell its owner: your message goes to them through the
          registry.
        </p>
        <Suspense fallback={null}>
          <SightingForm code={i.passportCode} name={i.name} />
        </Suspense>
      </div>
    );
  }
  const p = data.passport;
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
        <span>Not reported stolen — checked {formatDateTime(checkedAt)}</span>
      </p>
      <p className="mt-1">
        In the registry: {p.name} ({p.yearMade})
        {p.makerShopName && (
          <>
            {' by '}
            {p.makerShopHandle ? (
              <Link to={`/l/${p.makerShopHandle}`} className="underline">
                {p.makerShopName}
              </Link>
            ) : (
              p.makerShopName
            )}
          </>
        )}
        {p.verified ? ', verified' : ''}.
      </p>
      <SerialNote change={data.serialChanged} />
      <Link to={`/p/${p.passportCode}`} className="mt-2 inline-block font-medium underline">
        Open passport {p.passportCode}
      </Link>
    </div>
  );
}
