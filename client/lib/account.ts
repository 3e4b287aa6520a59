import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './api-client';

const accountQuery = apiQuery('GET /api/account');
/** The signed-in person's own account (GET /api/account): settings edits it, onboarding starts from it. */
export const ACCOUNT_KEY = accountQuery.queryKey;

export const useAccount = () => useQuery(accountQuery);
