import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Schema } from '../api/schema.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { transcriptsTexts } from './texts.ts';

const texts = transcriptsTexts.detail;

/** The Related Tickets tab: each ticket made from the transcript, linked, with its status and main fields. */
export function RelatedTickets({ tickets }: { tickets: Schema<'TicketView'>[] }) {
  if (tickets.length === 0) return <Typography color="textSecondary">{texts.noTickets}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {tickets.map((ticket) => (
        <Box component="li" key={ticket.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
            <Link component={RouterLink} to={`/tickets/${ticket.id}`} sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}>
              {ticket.title}
            </Link>
            <StatusBadge status={ticket.status} />
          </Box>
          {ticket.description && (
            <Typography
              variant="body2"
              sx={{ mt: 0.5, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {ticket.description}
            </Typography>
          )}
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {`${texts.ticketProject}: ${ticket.project} · ${texts.ticketPriority}: ${ticket.priority} · ${texts.ticketAssignee}: ${ticket.assignee ?? texts.unassigned}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
