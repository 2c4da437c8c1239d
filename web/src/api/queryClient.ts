import { QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The spec's "Error catalogue": data a screen can do without (suggestions, titles, a related card) is only logged
       * when it
       * cannot be loaded, with these words.
       */
      failureLog?: string;
    };
  }
}

/**
 * The app's one data-fetching layer: every screen reads and changes data through TanStack Query, so loading,
 * polling, refetching after a change and error states work the same everywhere. A failed call is not retried:
 * the screen says what failed (the spec's "Error catalogue"), and Refresh, the next poll or the next change asks again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.failureLog !== undefined) console.error(query.meta.failureLog, error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
