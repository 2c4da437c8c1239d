import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SpreadRow } from '../ui/SpreadRow.tsx';
import { isPushed } from './listState.ts';
import { ticketTexts } from './texts.ts';
import { PriorityBadge, PushBadge, TicketStatusBadge } from './TicketBadges.tsx';
import type { Ticket } from './ticketsApi.ts';

const texts = ticketTexts.detail;

/** The ticket's title, badges and tracker link, and the Edit button (left out while editing). */
export function TicketHeader({ ticket, onEdit }: { ticket: Ticket; onEdit?: () => void }) {
  return (
    <SpreadRow>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
          {ticket.title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          <PushBadge ticket={ticket} />
          {isPushed(ticket) && (
            <Link href={ticket.externalUrl ?? undefined} target="_blank" rel="noopener noreferrer" variant="body2">
              {texts.openExternal}
              <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
            </Link>
          )}
        </Box>
      </Box>
      {onEdit && (
        <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit} sx={{ flexShrink: 0 }}>
          {texts.edit}
        </Button>
      )}
    </SpreadRow>
  );
}
