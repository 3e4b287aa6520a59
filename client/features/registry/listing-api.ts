import type { ListingInput, ListingState } from '../../../contract/listings';
import { apiJson } from '../../lib/api';
import { useRegistryMutation } from './api';

/** The owner lists the instrument, changes the listing, or takes it off (status not-listed). */
export function useSetListing(id: string) {
  return useRegistryMutation((input: ListingInput) =>
    apiJson<ListingState>('PUT', `/api/registry/instruments/${encodeURIComponent(id)}/listing`, input),
  );
}
