import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { formatDateTime } from '../ui/dates.ts';
import { statusOriginText } from './ticketHistory.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';

/**
 * Where the ticket's status came from, when a tracker set it or it was sent to one ("Closed on GitHub (#42), by
 * webhook, 2 minutes ago"); nothing when the status is the ticket's own (set here and never sent, or edited since).
 */
export function StatusOrigin({ ticket }: { ticket: Ticket }) {
  // "How long ago" is counted to when the event was read, which the page reads again with the ticket.
  const { data: event, dataUpdatedAt } = useQuery({
    queryKey: queryKeys.tickets.statusOrigin(ticket.id),
    queryFn: () => ticketsApi.latestStatus(ticket.id),
    enabled: Boolean(ticket.externalUrl),
  });
  if (!event || event.kind !== 'status' || event.data.status !== ticket.status) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="status-origin" title={formatDateTime(event.at)} sx={{ mt: 1, overflowWrap: 'anywhere' }}>
      {statusOriginText(event, dataUpdatedAt)}
    </Typography>
  );
}
