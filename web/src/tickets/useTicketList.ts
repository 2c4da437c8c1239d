import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../api/queryKeys.ts';
import { useListParams } from '../ui/useListParams.ts';
import { filterQuery, NO_FILTERS, type TicketFilters } from './listState.ts';
import { SEARCH_DEBOUNCE_MS } from './texts.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The ticket list's state (search, filters, page size, page, selection) and the page the server returns for it.
 * The page shown stays while the next one loads; the selection belongs to the page it was made on.
 */
export function useTicketList() {
  const list = useListParams<TicketFilters>(NO_FILTERS, SEARCH_DEBOUNCE_MS);
  const { filters, page, limit } = list.params;
  const query = filterQuery(filters, page, limit);
  const result = useQuery({
    queryKey: queryKeys.tickets.list(query),
    queryFn: () => ticketsApi.list(query),
    placeholderData: keepPreviousData,
  });

  const shownKey = JSON.stringify(query);
  const [selection, setSelection] = useState({ key: shownKey, ids: NONE });
  const selected = selection.key === shownKey ? selection.ids : NONE;
  const select = (change: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection({ key: shownKey, ids: change(selected) });

  // A failed answer shows no rows, even where an earlier one had some.
  const answer = result.isError ? null : (result.data ?? null);
  const rows: Ticket[] = answer?.data ?? [];
  return {
    ...list,
    result,
    answer,
    rows,
    selected,
    selectedTickets: rows.filter((ticket) => selected.has(ticket.id)),
    toggle: (id: string) =>
      select((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: (all: boolean) => select(() => (all ? new Set(rows.map((ticket) => ticket.id)) : NONE)),
    unselect: (ids: readonly string[]) => select((current) => new Set([...current].filter((id) => !ids.includes(id)))),
    clearSelection: () => select(() => NONE),
  };
}

export type TicketListState = ReturnType<typeof useTicketList>;
