import { Tag } from 'lucide-react';
import type { PublicListing } from '../../../contract/listings';
import { formatPrice } from '../../../presentation/money';
import { ListingContact } from '../../components/listing-contact';
import { MakeOffer } from '../../components/make-offer';

/** "For sale by its owner" beside the passport, with the way to ask the seller's shop about it. */
export function ForSalePanel({ data, name }: { data: PublicListing | undefined; name: string }) {
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
        {forSale && (
          <MakeOffer
            instrument={{ id: data.instrumentId, name, listing }}
            className="my-1 justify-self-start"
          />
        )}
        <ListingContact data={data} />
        <p className="text-sm">
          The passport below is the registry’s record; the listing is the owner’s offer and is not part of the
          logged history.
        </p>
      </div>
    </section>
  );
}
