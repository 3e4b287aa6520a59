import type { ListingInput } from '../../../contract/listings';
import { api } from '../../lib/api-client';
import { useRegistryMutation } from './api';

/** The owner lists the instrument, changes the listing, or takes it off (status not-listed). */
export function useSetListing(id: string) {
  return useRegistryMutation((input: ListingInput) =>
    api('PUT /api/registry/instruments/:id/listing', { params: { id }, body: input }),
  );
}
