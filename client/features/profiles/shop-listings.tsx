import { Link } from 'react-router';
import { formatPrice } from '../../../presentation/money';
import type { ShopPage } from '../../../contract/profiles';
import { MakeOffer } from '../../components/make-offer';
import { Button } from '../../components/ui/button';
import { Image } from '../../components/ui/image';

type Listed = ShopPage['listings'][number];

/** The storefront: what the maker sells now (photo, name, price) and the models they take commissions for. */
export function ShopListings({
  shop,
  onAsk,
  canOffer = true,
}: {
  shop: ShopPage;
  onAsk: (instrument: { id: string; name: string }) => void;
  /** False for the shop's owner looking at their own storefront. */
  canOffer?: boolean;
}) {
  const forSale = shop.listings.filter((l) => l.listing.status === 'for-sale');
  const commissions = shop.listings.filter((l) => l.listing.status === 'commission-open');
  return (
    <div className="grid gap-4">
      {forSale.length > 0 ? (
        <ListingGrid items={forSale} label="For sale" onAsk={onAsk} canOffer={canOffer} />
      ) : (
        <p>Nothing for sale right now.</p>
      )}
      {commissions.length > 0 && (
        <div className="grid gap-2">
          <h3 className="font-semibold text-stone-900">Commissions open</h3>
          <ListingGrid items={commissions} label="Open to commissions" onAsk={onAsk} />
        </div>
      )}
    </div>
  );
}

function ListingGrid({
  items,
  label,
  onAsk,
  canOffer = false,
}: {
  items: Listed[];
  label: string;
  onAsk: (instrument: { id: string; name: string }) => void;
  canOffer?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id} className="grid min-w-0 content-start gap-2 rounded-lg border border-stone-200 p-3">
          {item.imageUrl && (
            <Image
              src={item.imageUrl}
              alt=""
              width={320}
              height={240}
              sizes="(min-width: 640px) 300px, 90vw"
              className="aspect-[4/3] w-full rounded-md bg-stone-100 object-cover"
            />
          )}
          <Link to={`/p/${item.passportCode}`} className="font-semibold text-wood-800 underline">
            {item.name}
          </Link>
          <p className="text-lg font-semibold text-stone-900">
            {item.listing.status === 'for-sale'
              ? formatPrice(item.listing)
              : item.listing.price
                ? `Commissions from ${formatPrice(item.listing)}`
                : 'Commissions open'}
          </p>
          {item.listing.note && (
            <p className="whitespace-pre-line text-sm text-stone-700">{item.listing.note}</p>
          )}
          {canOffer && item.listing.status === 'for-sale' && (
            <MakeOffer
              instrument={{ id: item.id, name: item.name, listing: item.listing }}
              size="sm"
              className="justify-self-start"
            />
          )}
          <Button
            variant="outline"
            size="sm"
            // A long instrument name wraps inside the card instead of running out of it.
            className="h-auto min-h-8 max-w-full justify-self-start whitespace-normal py-1 text-left"
            onClick={() => onAsk({ id: item.id, name: item.name })}
          >
            Ask about {item.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}
