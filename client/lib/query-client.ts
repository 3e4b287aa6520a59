import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Data fresh for 60 s, queries retried twice 500 ms apart, mutations never, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 60_000,
        retry: 2,
        retryDelay: 500,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
