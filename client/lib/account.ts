import { useQuery } from '@tanstack/react-query';
import type { Account } from '../../contract/account';
import { getQueryFn } from './api';

/** The signed-in person's own account (GET /api/account): settings edits it, onboarding starts from it. */
export const ACCOUNT_KEY = ['/api/account'] as const;

export const useAccount = () =>
  useQuery({ queryKey: ACCOUNT_KEY, queryFn: getQueryFn<Account>({ on401: 'throw' }) });
