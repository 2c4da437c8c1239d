import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../data/queryClient.ts';
import { transcriptsApi } from './api.ts';
import { DEFAULT_PAGE_SIZE } from './texts.ts';

export type SortField = 'date' | 'title';
export type SortOrder = 'newest' | 'oldest';

/** How long typing may pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The transcript list's state (search, sort, order, page size, page) and the page the server returns for it:
 * searching, sorting and paging happen in the database. Any change of the view goes back to page 1; the previous
 * page stays on screen while the next one loads.
 */
export function useTranscriptList() {
  const [search, setSearchText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [sort, setSort] = useState<SortField>('date');
  const [order, setOrder] = useState<SortOrder>('newest');
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const query = { search: debounced, sort, order, page, limit };
  const result = useQuery({
    queryKey: queryKeys.transcriptList(query),
    queryFn: () => transcriptsApi.list(query),
    placeholderData: keepPreviousData,
  });
  const fresh = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  return {
    view: { search, sort, order, limit, page },
    searching: debounced !== '',
    setSearch: fresh(setSearchText),
    setSort: fresh(setSort),
    setOrder: fresh(setOrder),
    setLimit: fresh(setLimit),
    setPage,
    ...result,
  };
}
