import { Hammer, MapPin, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { ShopCard } from '../../../contract/profiles';
import { Avatar } from '../../components/ui/avatar';
import { countOf } from '../../lib/count';

/** A maker in the directory: who, where, what they make, and how much of it is in the registry. */
export function MakerCard({ shop }: { shop: ShopCard }) {
  const person = shop.ownerName ?? shop.name;
  return (
    <article className="flex h-full gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <Avatar url={shop.profileImageUrl} name={person} size="sm" />
      <div className="min-w-0 flex-1">
        <h2 className="font-serif text-lg font-semibold text-wood-900">
          <Link to={`/l/${shop.slug}`} className="hover:underline">
            {shop.name}
          </Link>
        </h2>
        {shop.ownerName && (
          <p className="text-sm text-stone-700">
            {shop.ownerHandle ? (
              <Link to={`/u/${shop.ownerHandle}`} className="hover:underline">
                {shop.ownerName}
              </Link>
            ) : (
              shop.ownerName
            )}
          </p>
        )}
        {shop.location && (
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-600">
            <MapPin className="size-4 shrink-0" aria-hidden /> {shop.location}
          </p>
        )}
        <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
          {shop.verified ? (
            <>
              <ShieldCheck className="size-4 shrink-0 text-emerald-700" aria-hidden /> Verified by the
              registry
            </>
          ) : (
            <>
              <Hammer className="size-4 shrink-0 text-stone-500" aria-hidden /> Not verified yet
            </>
          )}
        </p>
        {shop.specializations.length > 0 && (
          <p className="mt-2 text-sm text-stone-700">{shop.specializations.join(' · ')}</p>
        )}
        <p className="mt-2 text-sm font-medium text-stone-800">
          {countOf(shop.instrumentCount, 'registered instrument')} · {countOf(shop.courseCount, 'course')}
        </p>
      </div>
    </article>
  );
}
