import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './ListControls.tsx';
import { useDebouncedCallback } from './useDebouncedCallback.ts';

/** What a list screen asks the server for: its filters (with a text search), the page and the page size. */
export interface ListParams<Filters> {
  filters: Filters;
  page: number;
  limit: number;
}

/**
 * The state of a server-side list (the spec's "States and transitions" and "Business constants and limits"): any
 * filter, the page size and the search take the list
 * back to page 1; the search is applied once typing pauses for `searchDelayMs`, while the field shows every key.
 */
export function useListParams<Filters extends { search: string }>(initial: Filters, searchDelayMs: number) {
  const [params, setParams] = useState<ListParams<Filters>>({ filters: initial, page: 1, limit: DEFAULT_PAGE_SIZE });
  const [searchInput, setSearchInput] = useState(initial.search);
  const setFilter = <Field extends keyof Filters>(field: Field, value: Filters[Field]) =>
    setParams((current) => ({ ...current, filters: { ...current.filters, [field]: value }, page: 1 }));
  const applySearch = useDebouncedCallback((search: Filters['search']) => setFilter('search', search), searchDelayMs);

  return {
    params,
    searchInput,
    setSearch: (text: string) => {
      setSearchInput(text);
      applySearch(text);
    },
    setFilter,
    setLimit: (limit: number) => setParams((current) => ({ ...current, limit, page: 1 })),
    setPage: (page: number) => setParams((current) => ({ ...current, page })),
  };
}
