import Chip from '@mui/material/Chip';
import { typeLabel } from '../connections/connectionTypes.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { ticketTexts as texts } from './texts.ts';
import { externalKey, isPushed } from './listState.ts';
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

type PushedTicket = Pick<Ticket, 'externalUrl' | 'externalId' | 'externalType' | 'externalKey'>;

/** The tracker a ticket was pushed to: its connection type's name, else told by the item's address. */
function trackerOf(ticket: PushedTicket): string {
  return ticket.externalType ? typeLabel(ticket.externalType) : trackerName(ticket.externalUrl ?? '');
}

/** 'Not Pushed', or 'Pushed to <type> (#id)' (the spec's "Screens and routes"). */
export function PushBadge({ ticket }: { ticket: PushedTicket }) {
  if (!isPushed(ticket)) return <Chip size="small" variant="outlined" label={texts.detail.notPushedBadge} />;
  return <Chip size="small" color="success" label={texts.detail.pushedBadge(trackerOf(ticket), externalKey(ticket))} sx={{ fontWeight: 600 }} />;
}
