import { useQuery } from '@tanstack/react-query';
import type { Listing } from '../../../contract/listings';
import { ListingContact } from '../../components/listing-contact';
import { apiQuery } from '../../lib/api-client';

/**
 * A listed instrument seen by someone who does not own it: what it is listed as, the owner's note, and the way to
 * ask the seller's shop about it (a conversation; no address is shown). The working view showed only the price,
 * so a buyer on it had nothing to act on.
 */
export function ListingForBuyer({ code, listing, line }: { code: string; listing: Listing; line: string }) {
  const { data } = useQuery({
    ...apiQuery('GET /api/public/passports/:code/listing', { params: { code } }),
    retry: false,
  });
  return (
    <div className="mt-2 grid gap-1 text-sm">
      <p className="text-base font-semibold text-emerald-800">{line}</p>
      {listing.note && <p className="whitespace-pre-line text-stone-700">{listing.note}</p>}
      {data && <ListingContact data={data} className="text-stone-700" />}
    </div>
  );
}
