import { QueryClient } from '@tanstack/react-query';

/** Every query names its own fetcher (apiQuery in lib/api-client.ts). Data fresh for 60 s, queries retried twice 500 ms apart, mutations never, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
