import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ShopMessageInput } from '../../../contract/profiles';
import { ApiError } from '../../lib/api';
import { api, apiKey, apiQuery, apiWithHeaders, type ApiInput } from '../../lib/api-client';

/** A missing profile is final: no retries on 404. */
const retry = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && count < 2;

export const useUserProfile = (slug: string) =>
  useQuery({ ...apiQuery('GET /api/profile/u/:slug', { params: { slug } }), retry });

export const useShopProfile = (slug: string) =>
  useQuery({ ...apiQuery('GET /api/profile/l/:slug', { params: { slug } }), retry });

export interface DirectoryFilters {
  q: string;
  country: string;
  speciality: string;
  verified: boolean;
  page: number;
  pageSize: number;
}

const SHOPS = 'GET /api/profile/shops';

/** The directory's query, empty filters left out (the first page is what the server preloads). */
export function directoryQuery(f: DirectoryFilters): NonNullable<ApiInput<typeof SHOPS>['query']> {
  return {
    ...(f.q.trim() && { q: f.q.trim() }),
    ...(f.country && { country: f.country }),
    ...(f.speciality && { speciality: f.speciality }),
    ...(f.verified && { verified: 'true' as const }),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** One page of the makers directory and the total from X-Total-Count. */
export const useShopDirectory = (filters: DirectoryFilters) => {
  const query = directoryQuery(filters);
  return useQuery({
    queryKey: apiKey(SHOPS, { query }),
    queryFn: async ({ signal }) => {
      const { data: items, headers } = await apiWithHeaders(SHOPS, { query, signal });
      return { items, total: Number(headers.get('x-total-count') ?? items.length) };
    },
    placeholderData: keepPreviousData,
  });
};

export const useShopFacets = () =>
  useQuery({ ...apiQuery('GET /api/profile/shop-facets'), staleTime: 5 * 60_000 });

export const useContactMaker = (slug: string) =>
  useMutation({
    mutationFn: (input: ShopMessageInput & { instrumentId?: string }) =>
      api('POST /api/profile/l/:slug/messages', { params: { slug }, body: input }),
  });
