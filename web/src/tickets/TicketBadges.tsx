import Chip from '@mui/material/Chip';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { ticketTexts as texts } from './texts.ts';
import { isPushed } from './listState.ts';
import { trackerName } from './ticketForm.ts';
import type { Ticket, TicketPriority, TicketStatus } from './ticketsApi.ts';

const priorityTone = { Low: 'default', Medium: 'warning', High: 'error' } as const;

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge status={status} label={texts.status[status]} />;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Chip
      size="small"
      label={texts.priority[priority]}
      color={priorityTone[priority]}
      variant={priority === 'Low' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** 'Not Pushed', or 'Pushed to <type> (#id)' (spec section 2). */
export function PushBadge({ ticket }: { ticket: Pick<Ticket, 'externalUrl' | 'externalId'> }) {
  if (!isPushed(ticket)) return <Chip size="small" variant="outlined" label={texts.detail.notPushedBadge} />;
  return (
    <Chip
      size="small"
      color="success"
      label={texts.detail.pushedBadge(trackerName(ticket.externalUrl ?? ''), ticket.externalId)}
      sx={{ fontWeight: 600 }}
    />
  );
}
