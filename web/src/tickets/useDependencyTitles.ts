import { useQueries, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';

/**
 * The titles of a ticket's dependencies, each ticket loaded on its own; a failure is only logged (the spec's "Error
 * catalogue")
 * and the chip shows the shortened id. `remember` keeps a ticket just picked, so its title needs no call.
 */
export function useDependencyTitles(ids: readonly string[]) {
  const queryClient = useQueryClient();
  const titles = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.tickets.detail(id),
      queryFn: () => ticketsApi.get(id),
      meta: { failureLog: `Could not load the dependency ${id}` },
    })),
    combine: (results) => new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data.title] as const] : []))),
  });
  const remember = (ticket: Ticket) => queryClient.setQueryData(queryKeys.tickets.detail(ticket.id), ticket);
  return [titles, remember] as const;
}
