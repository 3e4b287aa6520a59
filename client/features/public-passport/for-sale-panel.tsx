import { Tag } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicListing } from '../../../contract/listings';
import { formatPrice } from '../../../contract/currencies';

/** "For sale by its owner" beside the passport, with the way to ask the seller's shop about it. */
export function ForSalePanel({ data }: { data: PublicListing | undefined }) {
  const listing = data?.listing;
  if (!data || !listing) return null;
  const forSale = listing.status === 'for-sale';
  return (
    <section
      aria-labelledby="for-sale-title"
      className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
    >
      <Tag className="size-6 shrink-0 text-emerald-800" aria-hidden />
      <div className="grid gap-1">
        <h2 id="for-sale-title" className="font-semibold">
          {forSale
            ? `For sale by its owner · ${formatPrice(listing)}`
            : `Its maker takes commissions for one like it${listing.price ? `, from ${formatPrice(listing)}` : ''}`}
        </h2>
        {listing.note && <p className="whitespace-pre-line">{listing.note}</p>}
        {data.shop ? (
          <p>
            <Link
              to={`/l/${data.shop.slug}?about=${data.instrumentId}`}
              className="font-medium text-emerald-900 underline"
            >
              Write to {data.shop.name} about it
            </Link>{' '}
            (your email address is not shown).
          </p>
        ) : (
          <p>Its owner keeps their name private; a sale ends in the registry’s ownership transfer.</p>
        )}
        <p className="text-sm">
          The passport below is the registry’s record; the listing is the owner’s offer and is not part of the
          logged history.
        </p>
      </div>
    </section>
  );
}
