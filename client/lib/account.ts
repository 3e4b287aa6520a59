import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './api-client';

const accountQuery = apiQuery('GET /api/account');
/** The signed-in person's own account (GET /api/account): settings edits it, onboarding starts from it. */
export const ACCOUNT_KEY = accountQuery.queryKey;

export const useAccount = () => useQuery(accountQuery);

/**
 * The account as the server holds it now: a cached copy is read again on mount (and waited for, see
 * isFetchedAfterMount), for the onboarding wizard, which must not resume from answers another tab has changed.
 */
export const useFreshAccount = () => useQuery({ ...accountQuery, refetchOnMount: 'always' });
