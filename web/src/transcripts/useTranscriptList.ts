import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { useListParams } from '../ui/useListParams.ts';
import { transcriptsApi, type TranscriptListQuery } from './api.ts';

export type SortField = NonNullable<TranscriptListQuery['sort']>;
export type SortOrder = NonNullable<TranscriptListQuery['order']>;

interface TranscriptFilters {
  search: string;
  sort: SortField;
  order: SortOrder;
}

/** How long typing may pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The transcript list's state (search, sort, order, page size, page) and the page the server returns for it:
 * searching, sorting and paging happen in the database. The page shown stays while the next one loads.
 */
export function useTranscriptList() {
  const list = useListParams<TranscriptFilters>({ search: '', sort: 'date', order: 'newest' }, SEARCH_DELAY_MS);
  const { filters, page, limit } = list.params;
  const search = filters.search.trim();
  const query: TranscriptListQuery = { page, limit, sort: filters.sort, order: filters.order, ...(search === '' ? {} : { search }) };
  const result = useQuery({
    queryKey: queryKeys.transcripts.list(query),
    queryFn: () => transcriptsApi.list(query),
    placeholderData: keepPreviousData,
  });
  return { ...list, searching: search !== '', result };
}

export type TranscriptListState = ReturnType<typeof useTranscriptList>;
