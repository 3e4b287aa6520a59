import { useQuery } from '@tanstack/react-query';
import type { ShopProfile, UserProfile } from '../../../contract/profiles';
import { ApiError, getQueryFn } from '../../lib/api';

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
    queryFn: getQueryFn<ShopProfile>({ on401: 'throw' }),
    retry,
  });
