import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { Schema } from '../api/schema.ts';
import { entriesOf, nextOffset } from './history.ts';

export type TokenStats = Schema<'TokenUsageStats'>;

/** The token usage calls of the spec's "The calls it makes". */
export const usageApi = {
  stats: () => dataOf(api.GET('/api/token-usage/stats')),
  history: (limit: number, offset: number) => dataOf(api.GET('/api/token-usage/history', { params: { query: { limit, offset } } })),
  /** Resets the period's usage; refused (429) within the cooldown, with the next possible date in words. */
  reset: () => dataOf(api.POST('/api/token-usage/reset')),
};

export const useTokenStats = () => useQuery({ queryKey: queryKeys.tokenUsage.stats, queryFn: usageApi.stats });

/**
 * The usage history from offset 0, `pageSize` entries at a time: Load More asks for the next page while the
 * server says there is more (the spec's "States and transitions"), and `entries` holds every page loaded so far.
 */
export function useUsageHistory(pageSize: number) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.tokenUsage.history(pageSize),
    queryFn: ({ pageParam }) => usageApi.history(pageSize, pageParam),
    initialPageParam: 0,
    getNextPageParam: (page) => nextOffset(page, pageSize),
  });
  return {
    entries: query.data ? entriesOf(query.data.pages) : undefined,
    /** The first page could not be loaded. */
    failed: query.data === undefined && query.isError,
    /** A later page could not be loaded; the entries shown so far stay. */
    loadMoreFailed: query.isFetchNextPageError,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/** The history as the chart and the table use it. */
export type UsageHistory = ReturnType<typeof useUsageHistory>;
