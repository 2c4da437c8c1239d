import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/**
 * The app's one data-fetching layer: every screen reads through TanStack Query, so loading, polling, refetching
 * after a change and error states work the same everywhere. A refused request (4xx) is not retried: asking again
 * gives the same answer; a network failure or a 5xx is retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}

/** Query keys, one family per resource, so a change can refetch exactly what it touched. */
export const queryKeys = {
  transcripts: ['transcripts'] as const,
  transcriptList: (query: object) => ['transcripts', 'list', query] as const,
  transcript: (id: string) => ['transcripts', 'detail', id] as const,
  tickets: ['tickets'] as const,
  dashboard: ['dashboard'] as const,
};
