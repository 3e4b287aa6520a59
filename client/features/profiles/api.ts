import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ShopCard,
  ShopFacets,
  ShopMessageInput,
  ShopPage,
  UserProfile,
} from '../../../contract/profiles';
import { ApiError, apiJson, getQueryFn, throwIfResNotOk } from '../../lib/api';

/** A missing profile is final: no retries on 404. */
const retry = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && count < 2;

export const useUserProfile = (slug: string) =>
  useQuery({
    queryKey: ['/api/profile/u', slug],
    queryFn: getQueryFn<UserProfile>({ on401: 'throw' }),
    retry,
  });

export const useShopProfile = (slug: string) =>
  useQuery({
    queryKey: ['/api/profile/l', slug],
    queryFn: getQueryFn<ShopPage>({ on401: 'throw' }),
    retry,
  });

export interface DirectoryFilters {
  q: string;
  country: string;
  speciality: string;
  verified: boolean;
  page: number;
  pageSize: number;
}

export function directoryUrl(f: DirectoryFilters): string {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.country) params.set('country', f.country);
  if (f.speciality) params.set('speciality', f.speciality);
  if (f.verified) params.set('verified', 'true');
  params.set('page', String(f.page));
  params.set('pageSize', String(f.pageSize));
  return `/api/profile/shops?${params.toString()}`;
}

/** One page of the makers directory and the total from X-Total-Count. */
export const useShopDirectory = (filters: DirectoryFilters) =>
  useQuery({
    queryKey: ['/api/profile/shops', filters],
    queryFn: async ({ signal }): Promise<{ items: ShopCard[]; total: number }> => {
      const res = await fetch(directoryUrl(filters), { credentials: 'include', signal });
      await throwIfResNotOk(res);
      const items = (await res.json()) as ShopCard[];
      return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
    },
    placeholderData: (previous) => previous,
  });

export const useShopFacets = () =>
  useQuery({
    queryKey: ['/api/profile/shop-facets'],
    queryFn: getQueryFn<ShopFacets>({ on401: 'throw' }),
    staleTime: 5 * 60_000,
  });

export const useContactMaker = (slug: string) =>
  useMutation({
    mutationFn: (input: ShopMessageInput & { instrumentId?: string }) =>
      apiJson<{ ok: true; conversationId: string }>(
        'POST',
        `/api/profile/l/${encodeURIComponent(slug)}/messages`,
        input,
      ),
  });
