import { typeLabel } from '../../../contract/registry-values';
import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { ShopInstrument, ShopPage } from '../../../contract/profiles';
import { Image } from '../../components/ui/image';
import { countOf } from '../../lib/count';

/** The passports this maker built, each linking to its public passport. */
export function ShopInstruments({ shop }: { shop: ShopPage }) {
  if (shop.instruments.length === 0) return <p>No instruments registered yet.</p>;
  return (
    <>
      <InstrumentGrid items={shop.instruments} label="Instruments by this maker" />
      {shop.instrumentCount > shop.instruments.length && (
        <p className="mt-3 text-sm">
          <Link
            to={`/registry?search=${encodeURIComponent(shop.name)}`}
            className="font-medium text-wood-700 underline"
          >
            All {countOf(shop.instrumentCount, 'instrument')} in the registry
          </Link>
        </p>
      )}
    </>
  );
}

/** The courses the maker teaches in the academy. */
export function ShopCourses({ shop }: { shop: ShopPage }) {
  if (shop.courses.length === 0) return <p>No courses yet.</p>;
  return (
    <ul className="grid gap-2">
      {shop.courses.map((c) => (
        <li key={c.id} className="flex items-center gap-2">
          <BookOpen className="size-4 shrink-0 text-wood-700" aria-hidden />
          <Link to={`/listing/${c.slug}`} className="font-medium text-wood-800 underline">
            {c.title}
          </Link>
          <span className="text-sm capitalize text-stone-600">({c.level})</span>
        </li>
      ))}
    </ul>
  );
}

/** The pieces the maker chose to show first, when there are any. */
export function ShopPortfolio({ shop }: { shop: ShopPage }) {
  return <InstrumentGrid items={shop.portfolio} label="Portfolio pieces" />;
}

function InstrumentGrid({ items, label }: { items: ShopInstrument[]; label: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={label}>
      {items.map((i) => (
        <li key={i.id}>
          <Link
            to={`/p/${i.passportCode}`}
            className="block overflow-hidden rounded-lg border border-stone-200 bg-white hover:border-wood-400"
          >
            {i.imageUrl ? (
              <Image
                src={i.imageUrl}
                alt=""
                width={320}
                height={240}
                sizes="(min-width: 640px) 200px, 45vw"
                className="aspect-[4/3] w-full bg-stone-100 object-cover"
              />
            ) : (
              <div className="aspect-[4/3] w-full bg-stone-100" aria-hidden />
            )}
            <span className="block p-2 text-sm">
              <span className="block font-semibold text-stone-900">{i.name}</span>
              <span className="block capitalize text-stone-600">
                {typeLabel(i.instrumentType)}, {i.yearMade}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
