import { useQuery } from '@tanstack/react-query';
import type { ShopProfile, UserProfile } from '../../../contract/profiles';
import { ApiError } from '../../lib/api';

/** A missing profile is final: no retries on 404. */
const retry = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && count < 2;

export const useUserProfile = (slug: string) =>
  useQuery<UserProfile>({ queryKey: ['/api/profile/u', slug], retry });

export const useShopProfile = (slug: string) =>
  useQuery<ShopProfile>({ queryKey: ['/api/profile/l', slug], retry });
