import { Link } from 'react-router';
import type { InstrumentDetail } from '../../../contract/registry';
import { typeLabel } from '../../../contract/registry-values';
import { Badge } from '../../components/ui/badge';
import { capitalize, formatMoney } from './format';

export function OverviewTab({ instrument: i }: { instrument: InstrumentDetail }) {
  const specs: [string, string | number | null][] = [
    ['Type', capitalize(typeLabel(i.instrumentType))],
    ['Category', capitalize(i.category)],
    ['Model', i.model],
    ['Serial number', i.serialNumber],
    ['Year made', i.yearMade],
    ['Body wood', i.bodyWood],
    ['Neck wood', i.neckWood],
    ['Fretboard wood', i.fretboardWood],
    ['Finish', i.finishType],
    ['Strings', i.numberOfStrings],
    ['Scale length', i.scaleLength ? `${i.scaleLength} mm` : null],
    ['Condition', i.condition ? capitalize(i.condition) : null],
    // The estimate is the owner's: only the owner (and admins) are sent it, and only they see the row.
    ...(i.viewer.isOwner || i.viewer.isAdmin
      ? [
          [
            'Estimated value (visible only to you)',
            formatMoney(i.estimatedValue, i.estimatedValueCurrency),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="build-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="build-heading" className="font-serif text-xl font-semibold text-wood-900">
          Build
        </h2>
        {i.description && <p className="mt-2 text-stone-700">{i.description}</p>}
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {specs.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-stone-100 py-1.5 text-sm">
              <dt className="text-stone-600">{label}</dt>
              <dd className="text-right font-medium text-stone-900">{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="flex flex-col gap-4">
        {i.luthier && (
          <section
            aria-labelledby="maker-heading"
            className="rounded-xl border border-stone-200 bg-white p-5"
          >
            <h2 id="maker-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
              Maker
            </h2>
            <p className="mt-1 font-serif text-lg font-semibold text-wood-900">
              <Link to={`/l/${i.luthier.slug}`} className="hover:underline">
                {i.luthier.businessName}
              </Link>
            </p>
            {i.luthier.verified && (
              <Badge variant="success" className="mt-1">
                Verified shop
              </Badge>
            )}
            <p className="mt-1 text-sm text-stone-700">
              {i.luthier.contactName && i.luthier.ownerHandle ? (
                <Link to={`/u/${i.luthier.ownerHandle}`} className="hover:underline">
                  {i.luthier.contactName}
                </Link>
              ) : (
                i.luthier.contactName
              )}
            </p>
            <p className="text-sm text-stone-600">{i.luthier.location}</p>
            {i.luthier.establishedYear && (
              <p className="text-sm text-stone-600">Established {i.luthier.establishedYear}</p>
            )}
            {i.luthier.specializations.length > 0 && (
              <p className="mt-2 text-sm text-stone-600">
                {i.luthier.specializations.map(capitalize).join(', ')}
              </p>
            )}
          </section>
        )}
        <section aria-labelledby="owner-heading" className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="owner-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
            Current owner
          </h2>
          <p className="mt-1 font-serif text-lg font-semibold text-wood-900">
            {/* The server sends a handle only for an owner who chose to be public. */}
            {i.currentOwner.handle ? (
              <Link to={`/u/${i.currentOwner.handle}`} className="hover:underline">
                {i.currentOwner.name}
              </Link>
            ) : (
              i.currentOwner.name
            )}
          </p>
          {i.currentOwner.location && <p className="text-sm text-stone-600">{i.currentOwner.location}</p>}
          {i.currentOwner.email && <p className="text-sm text-stone-600">{i.currentOwner.email}</p>}
        </section>
      </div>
    </div>
  );
}
