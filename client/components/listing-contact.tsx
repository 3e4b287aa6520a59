import { Link } from 'react-router';
import type { PublicListing } from '../../contract/listings';

/**
 * How someone who does not own a listed instrument asks about it: a conversation with the seller's shop (no address
 * is shown), or, when the owner keeps their name private, how a sale happens. The public passport's for-sale panel
 * and the signed-in instrument page both show it.
 */
export function ListingContact({ data, className }: { data: PublicListing; className?: string }) {
  return data.shop ? (
    <p className={className}>
      <Link
        to={`/l/${data.shop.slug}?about=${data.instrumentId}`}
        className="font-medium text-emerald-900 underline"
      >
        Write to {data.shop.name} about it
      </Link>{' '}
      (your email address is not shown).
    </p>
  ) : (
    <p className={className}>
      Its owner keeps their name private; a sale ends in the registry’s ownership transfer.
    </p>
  );
}
