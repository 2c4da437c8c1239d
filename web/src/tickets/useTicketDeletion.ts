import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../api/client.ts';
import { refreshTickets } from '../api/queryKeys.ts';
import { pageAfterDeletion } from '../ui/listPaging.ts';
import { useConfirmation } from '../ui/useConfirmation.ts';
import { ticketTexts } from './texts.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';
import type { TicketListState } from './useTicketList.ts';

const texts = ticketTexts.list;

/** What is to be deleted: one ticket through its row, or the selection. */
export interface TicketDeletion {
  tickets: Ticket[];
  bulk: boolean;
}

/**
 * Deleting tickets after confirmation. The spec's "The calls it makes": a bulk delete sends one DELETE per ticket, all
 * at once;
 * `onDone` hears what failed (null when nothing did). A page above 1 whose every row is gone goes back one page.
 */
export function useTicketDeletion(list: TicketListState, onDone: (failure: string | null) => void) {
  const queryClient = useQueryClient();
  const confirmation = useConfirmation<TicketDeletion>(async ({ tickets, bulk }) => {
    const outcomes = await Promise.allSettled(tickets.map((ticket) => ticketsApi.remove(ticket.id)));
    const deleted = tickets.filter((_ticket, index) => outcomes[index]?.status === 'fulfilled').map((ticket) => ticket.id);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    onDone(failure === undefined ? null : bulk ? texts.bulkDeleteFailed : failureText(failure.reason, texts.deleteFailed));
    list.unselect(deleted);
    const page = pageAfterDeletion(list.params.page, list.rows.length, deleted.length);
    list.setPage(page);
    void refreshTickets(queryClient, page === list.params.page ? 'active' : 'none');
  });

  const pending = confirmation.item;
  return {
    ...confirmation,
    title: pending?.bulk ? texts.deleteManyTitle : texts.deleteOneTitle,
    message: pending?.bulk ? texts.deleteManyMessage(pending.tickets.length) : texts.deleteOneMessage(pending?.tickets[0]?.title ?? ''),
  };
}
