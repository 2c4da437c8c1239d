import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { formatDateTime } from '../ui/dates.ts';
import { Panel } from '../ui/Panel.tsx';
import { eventDetail, eventsOf, eventText, HISTORY_PAGE_SIZE, historyTexts, nextEventsOffset, type TicketEvent } from './ticketHistory.ts';
import { ticketsApi } from './ticketsApi.ts';

/** The ticket's history a page at a time, newest first; Show more asks for the next page while there is one. */
function useTicketEvents(ticketId: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.tickets.events(ticketId),
    queryFn: ({ pageParam }) => ticketsApi.events(ticketId, HISTORY_PAGE_SIZE, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextEventsOffset,
  });
  return { ...query, events: query.data ? eventsOf(query.data.pages) : undefined };
}

/** One entry: its line in words (a push's item linked), what it quoted, and when and by whom. */
function HistoryEntry({ event }: { event: TicketEvent }) {
  const detail = eventDetail(event);
  const url = (event.kind === 'pushed' && event.data.result !== 'failed') || event.kind === 'status' || event.kind === 'linked' ? event.data.url : null;
  const failed = event.kind === 'pushed' && event.data.result === 'failed';
  const by = event.actor && event.kind !== 'edited' && event.kind !== 'created' ? event.actor.name : null;
  return (
    <Box
      component="li"
      data-testid="history-entry"
      data-kind={event.kind}
      sx={{ position: 'relative', pl: 3, pb: 2, '&:last-of-type': { pb: 0 }, '&::before': { content: '""', position: 'absolute', left: 5, top: 6, bottom: -6, borderLeft: 2, borderColor: 'divider' }, '&:last-of-type::before': { display: 'none' } }}
    >
      <Box aria-hidden sx={{ position: 'absolute', left: 0, top: 5, width: 12, height: 12, borderRadius: '50%', bgcolor: failed ? 'error.main' : 'primary.main' }} />
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} color={failed ? 'error' : undefined}>
        {eventText(event)}
        {url && (
          <>
            {' '}
            <Link href={url} target="_blank" rel="noreferrer" aria-label={event.kind === 'pushed' || event.kind === 'status' || event.kind === 'linked' ? `Open ${event.data.key ?? 'the item'} in ${event.data.trackerName}` : undefined}>
              Open
            </Link>
          </>
        )}
      </Typography>
      {detail && (
        <Typography variant="body2" color="textSecondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      )}
      <Typography variant="caption" color="textSecondary" component="p">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        {by && ` · ${by}`}
      </Typography>
    </Box>
  );
}

/** The ticket page's History section: a timeline of what happened to the ticket, newest first. */
export function TicketHistory({ ticketId }: { ticketId: string }) {
  const history = useTicketEvents(ticketId);
  let body;
  if (history.events === undefined) {
    body = history.isError ? <Alert severity="error">{failureText(history.error, historyTexts.loadFailed)}</Alert> : <Skeleton variant="rounded" height={48} />;
  } else if (history.events.length === 0) {
    body = <Typography color="textSecondary">{historyTexts.empty}</Typography>;
  } else {
    body = (
      <>
        <Box component="ol" aria-labelledby="history-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.events.map((event) => (
            <HistoryEntry key={event.id} event={event} />
          ))}
        </Box>
        {history.isFetchNextPageError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {historyTexts.loadMoreFailed}
          </Alert>
        )}
        {history.hasNextPage && (
          <Button variant="outlined" size="small" sx={{ mt: 2 }} disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {history.isFetchingNextPage ? historyTexts.loadingMore : historyTexts.showMore}
          </Button>
        )}
      </>
    );
  }
  return (
    <Panel id="history-heading" heading={historyTexts.heading} dense smallHeading headingGap={1.5}>
      {body}
    </Panel>
  );
}
