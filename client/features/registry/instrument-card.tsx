import { MapPin, ShieldCheck } from 'lucide-react';
import { formatPrice } from '../../../presentation/money';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { InstrumentSummary } from '../../../contract/registry';
import { typeLabel } from '../../../contract/registry-values';
import { MakeOffer } from '../../components/make-offer';
import { Badge } from '../../components/ui/badge';
import { GRID_CARD_SIZES, Image } from '../../components/ui/image';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { capitalize, formatMoney } from './format';

// Drawn only for an instrument without a photo: its chunk stays out of the page until one is shown.
const InstrumentDrawing = lazy(() =>
  import('../../components/instrument-drawing').then((m) => ({ default: m.InstrumentDrawing })),
);

/** A phone's grid card is a row (a thumbnail beside the words): a column of full-width photos ran to 10,800 px. */
const PHONE_ROW_SIZES = `(max-width: 639px) 112px, ${GRID_CARD_SIZES}`;

/**
 * A registry card: image, Verified badge, name, value, category and type, year, maker, condition. In the grid it
 * is a photo over the words from 640 px up and a row with a thumbnail below (denser: about a third of the height).
 */
export function InstrumentCard({
  instrument: i,
  layout = 'grid',
  headingLevel = 3,
  priority = false,
  offer = false,
}: {
  instrument: InstrumentSummary;
  layout?: 'grid' | 'list';
  /** 2 where the cards sit right under the page title, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** The first card of a page: its photo is likely the largest paint, so it is fetched first. */
  priority?: boolean;
  /** The registry's cards: "Make an offer" on an instrument listed for sale (not on one's own dashboard). */
  offer?: boolean;
}) {
  const list = layout === 'list';
  // Guests read the public passport; members keep the working view with their actions.
  const { user } = useAuth();
  const href = user ? `/instruments/${i.id}` : `/p/${i.passportCode}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      aria-label={i.name}
      className={cn(
        'group relative overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-wood-500 hover:shadow-md',
        list ? 'flex' : 'flex sm:block',
      )}
    >
      <div
        className={cn(
          'relative bg-wood-50',
          list ? 'w-40 shrink-0 sm:w-56' : 'aspect-[4/3] w-28 shrink-0 self-start sm:w-auto',
        )}
      >
        {i.imageUrl ? (
          <Image
            src={i.imageUrl}
            alt=""
            width={640}
            height={480}
            sizes={list ? '(min-width: 640px) 224px, 160px' : PHONE_ROW_SIZES}
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-1 p-2 text-sm text-stone-600">
            <Suspense fallback={null}>
              <InstrumentDrawing type={i.instrumentType} category={i.category} className="h-3/4 w-full" />
            </Suspense>
            {/* A phone's thumbnail has room for the drawing only; the words stay for screen readers. */}
            <span className={list ? undefined : 'sr-only sm:not-sr-only'}>No photo yet</span>
          </div>
        )}
        {i.verified && (
          <Badge
            variant="success"
            className={cn('absolute left-1 top-1 sm:left-2 sm:top-2', !list && 'max-sm:px-1.5')}
          >
            <ShieldCheck aria-hidden /> Verified
          </Badge>
        )}
        {i.status === 'stolen' && (
          // Under the Verified badge on a phone's thumbnail, where the two would overlap side by side.
          <Badge className="absolute bottom-1 left-1 bg-red-700 sm:bottom-auto sm:left-auto sm:right-2 sm:top-2">
            Reported stolen
          </Badge>
        )}
      </div>
      <div className={cn('flex min-w-0 flex-1 flex-col', list ? 'gap-2 p-4' : 'gap-1 p-3 sm:gap-2 sm:p-4')}>
        <div className="flex items-start justify-between gap-3">
          <Heading
            className={cn(
              'font-serif font-semibold leading-snug text-wood-900',
              list ? 'text-lg' : 'text-base sm:text-lg',
            )}
          >
            <Link to={href} className="after:absolute after:inset-0 focus:outline-none">
              {i.name}
            </Link>
          </Heading>
          {/* The estimate is its owner's: the server sends it only on the owner's own cards. */}
          {i.estimatedValue != null && (
            <p className="shrink-0 font-semibold text-wood-800">
              <span className="sr-only">Your estimate: </span>
              {formatMoney(i.estimatedValue, i.estimatedValueCurrency)}
            </p>
          )}
        </div>
        <p className="text-sm text-stone-700">
          {capitalize(i.category)} · {capitalize(typeLabel(i.instrumentType))} · {i.yearMade}
        </p>
        {i.listing?.status === 'for-sale' && (
          <p className="text-sm font-semibold text-emerald-800">For sale · {formatPrice(i.listing)}</p>
        )}
        {offer && i.listing?.status === 'for-sale' && i.status === 'active' && (
          // Above the card's stretched link, like the maker's link.
          <MakeOffer
            instrument={{ id: i.id, name: i.name, listing: i.listing }}
            size="sm"
            className="relative z-10 self-start"
          />
        )}
        {i.luthier && (
          <p className="flex items-center gap-1 text-sm text-stone-600">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            <span>
              {/* Above the card's stretched link, so it opens the maker's shop rather than the passport. */}
              <Link to={`/l/${i.luthier.slug}`} className="relative z-10 underline hover:text-wood-900">
                {i.luthier.businessName}
              </Link>
              {i.luthier.location ? `, ${i.luthier.location}` : ''}
            </span>
          </p>
        )}
        {i.condition && (
          <p className="mt-auto text-xs uppercase tracking-wide text-stone-500">
            Condition: {capitalize(i.condition)}
          </p>
        )}
      </div>
    </article>
  );
}
