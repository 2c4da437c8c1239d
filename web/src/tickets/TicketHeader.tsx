import CloudUploadIcon from '@mui/icons-material/CloudUpload';
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
import { StatusOrigin } from './StatusOrigin.tsx';
import type { Ticket } from './ticketsApi.ts';

const texts = ticketTexts.detail;

export interface TicketHeaderProps {
  ticket: Ticket;
  /** Left out while editing. */
  onEdit?: () => void;
  /** Opens the push wizard for this ticket; the button shows only while it is not pushed. */
  onPush?: () => void;
}

/** The ticket's title, badges and tracker link, and the Push and Edit buttons. */
export function TicketHeader({ ticket, onEdit, onPush }: TicketHeaderProps) {
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
        <StatusOrigin ticket={ticket} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, flexShrink: 0 }}>
        {onPush && !isPushed(ticket) && (
          <Button variant="outlined" startIcon={<CloudUploadIcon />} onClick={onPush} aria-label={texts.pushTicket(ticket.title)}>
            {texts.push}
          </Button>
        )}
        {onEdit && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
            {texts.edit}
          </Button>
        )}
      </Box>
    </SpreadRow>
  );
}
