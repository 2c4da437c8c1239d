import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import { cutTitle, externalKey, isPushed } from './listState.ts';
import { ticketTexts } from './texts.ts';
import { PriorityBadge, TicketStatusBadge } from './TicketBadges.tsx';
import type { Ticket } from './ticketsApi.ts';

const texts = ticketTexts.list;

export interface TicketTableProps {
  tickets: Ticket[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(select: boolean): void;
  onDelete(ticket: Ticket): void;
  /** Phones get one card per ticket instead of the wide table. */
  compact: boolean;
  busy: boolean;
}

function TitleLink({ ticket }: { ticket: Ticket }) {
  const shown = cutTitle(ticket.title);
  return (
    <Link
      component={RouterLink}
      to={`/tickets/${ticket.id}`}
      title={shown === ticket.title ? undefined : ticket.title}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {shown}
    </Link>
  );
}

/**
 * A short value on one line: cut with an ellipsis where the column ends, never broken mid-word ("acme/we/b"); the
 * whole value shows on hover. Wrapping anywhere let the table squeeze these columns to a few letters.
 */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: { md: 150, lg: 200 } } as const;

function External({ ticket }: { ticket: Ticket }) {
  if (!isPushed(ticket)) {
    return (
      <Typography component="span" variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
        {ticketTexts.notPushed}
      </Typography>
    );
  }
  return (
    <Link href={ticket.externalUrl ?? undefined} target="_blank" rel="noopener noreferrer">
      {externalKey(ticket) ?? ticket.externalUrl}
    </Link>
  );
}

function Actions({ ticket, onDelete, busy, wrap }: {
  ticket: Ticket;
  onDelete(ticket: Ticket): void;
  busy: boolean;
  /** In the table the two buttons stay side by side, so a row is one line high. */
  wrap: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: wrap ? 'wrap' : 'nowrap' }}>
      <Button
        component={RouterLink}
        to={`/tickets/${ticket.id}`}
        size="small"
        variant="outlined"
        aria-label={texts.viewTicket(ticket.title)}
      >
        {texts.view}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={busy}
        aria-label={texts.deleteTicket(ticket.title)}
        onClick={() => onDelete(ticket)}
      >
        {texts.delete}
      </Button>
    </Box>
  );
}

function selectAllState(tickets: Ticket[], selected: ReadonlySet<string>) {
  const count = tickets.filter((ticket) => selected.has(ticket.id)).length;
  return { checked: count > 0 && count === tickets.length, indeterminate: count > 0 && count < tickets.length };
}

/** The ticket list: columns Select, Title, Project, Status, Priority, Assignee, External and the actions. */
export function TicketTable({ tickets, selected, onToggle, onToggleAll, onDelete, compact, busy }: TicketTableProps) {
  const all = selectAllState(tickets, selected);

  if (compact) {
    return (
      <Box>
        <FormControlLabel
          sx={{ ml: 0, mb: 1 }}
          control={
            <Checkbox
              checked={all.checked}
              indeterminate={all.indeterminate}
              onChange={(event) => onToggleAll(event.target.checked)}
            />
          }
          label={texts.selectAll}
        />
        <Box component="ul" aria-label={texts.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {tickets.map((ticket) => (
            <Paper component="li" variant="outlined" key={ticket.id} sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Checkbox
                  checked={selected.has(ticket.id)}
                  onChange={() => onToggle(ticket.id)}
                  slotProps={{ input: { 'aria-label': texts.selectTicket(ticket.title) } }}
                  sx={{ mt: -1, ml: -1 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <TitleLink ticket={ticket} />
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                    <TicketStatusBadge status={ticket.status} />
                    <PriorityBadge priority={ticket.priority} />
                  </Box>
                </Box>
              </Box>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 1.5 }}
              >
                {[
                  { label: texts.columns.project, value: ticket.project },
                  { label: texts.columns.assignee, value: ticket.assignee ?? texts.unassigned },
                ].map((row) => (
                  <Box key={row.label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="textSecondary">
                      {row.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {row.value}
                    </Typography>
                  </Box>
                ))}
                <Typography component="dt" variant="body2" color="textSecondary">
                  {texts.columns.external}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  <External ticket={ticket} />
                </Typography>
              </Box>
              <Actions ticket={ticket} onDelete={onDelete} busy={busy} wrap />
            </Paper>
          ))}
        </Box>
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={texts.tableLabel}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {texts.columns.select}
              </Box>
              <Checkbox
                checked={all.checked}
                indeterminate={all.indeterminate}
                onChange={(event) => onToggleAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': texts.selectAll } }}
              />
            </TableCell>
            <TableCell>{texts.columns.title}</TableCell>
            <TableCell>{texts.columns.project}</TableCell>
            <TableCell>{texts.columns.status}</TableCell>
            <TableCell>{texts.columns.priority}</TableCell>
            <TableCell>{texts.columns.assignee}</TableCell>
            <TableCell>{texts.columns.external}</TableCell>
            <TableCell>{texts.columns.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tickets.map((ticket) => (
            <TableRow key={ticket.id} hover selected={selected.has(ticket.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(ticket.id)}
                  onChange={() => onToggle(ticket.id)}
                  slotProps={{ input: { 'aria-label': texts.selectTicket(ticket.title) } }}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 180, maxWidth: 320 }}>
                <TitleLink ticket={ticket} />
              </TableCell>
              <TableCell sx={oneLine} title={ticket.project}>
                {ticket.project}
              </TableCell>
              <TableCell>
                <TicketStatusBadge status={ticket.status} />
              </TableCell>
              <TableCell>
                <PriorityBadge priority={ticket.priority} />
              </TableCell>
              <TableCell sx={oneLine} title={ticket.assignee ?? undefined}>
                {ticket.assignee ?? (
                  <Typography component="span" variant="body2" color="textSecondary">
                    {texts.unassigned}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <External ticket={ticket} />
              </TableCell>
              <TableCell>
                <Actions ticket={ticket} onDelete={onDelete} busy={busy} wrap={false} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
