import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { useAssigneeMappingNote } from '../connections/projectConnection.ts';
import { formatDate, formatDateTime } from '../ui/dates.ts';
import { Panel } from '../ui/Panel.tsx';
import { DependencyChips } from './Dependencies.tsx';
import { RelatedTranscript } from './RelatedTranscript.tsx';
import { TicketHistory } from './TicketHistory.tsx';
import { ticketTexts } from './texts.ts';
import type { Ticket } from './ticketsApi.ts';
import { useDependencyTitles } from './useDependencyTitles.ts';

const texts = ticketTexts.detail;

const LONG_TEXTS = [
  { field: 'description', heading: texts.descriptionHeading },
  { field: 'context', heading: texts.contextHeading },
  { field: 'implementation', heading: texts.implementationHeading },
  { field: 'notes', heading: texts.notesHeading },
] as const;

/** A panel of the ticket page, e.g. Description or Details. */
function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Panel id={id} heading={heading} dense smallHeading headingGap={1.5}>
      {children}
    </Panel>
  );
}

function LongText({ text }: { text: string | null }) {
  if (text === null || text.trim() === '') return <Typography color="textSecondary">{texts.none}</Typography>;
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>;
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return texts.noTags;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {tags.map((tag) => (
        <Chip key={tag} size="small" label={tag} />
      ))}
    </Box>
  );
}

/** The assignee, marked 'Not mapped' when the project's connection has no user mapping for the name. */
function Assignee({ ticket }: { ticket: Ticket }) {
  const note = useAssigneeMappingNote(ticket.project, ticket.assignee ?? '');
  if (ticket.assignee === null) return texts.unassigned;
  return (
    <>
      {ticket.assignee}
      {note !== null && <Chip size="small" variant="outlined" color="warning" label={note} sx={{ ml: 1 }} />}
    </>
  );
}

/**
 * Who made and who last edited the ticket, when that was someone else: a user alone never sees these rows, a
 * member of a shared workspace sees who did what.
 */
function authorRows(ticket: Ticket, viewerId: string | undefined): { label: string; value: ReactNode }[] {
  const byOther = (person: Ticket['createdBy']) => (person && person.id !== viewerId ? person.name : null);
  const createdBy = byOther(ticket.createdBy);
  const editedBy = byOther(ticket.editedBy);
  return [
    ...(createdBy ? [{ label: texts.createdBy, value: createdBy }] : []),
    ...(editedBy ? [{ label: texts.editedBy, value: editedBy }] : []),
  ];
}

function DetailsList({ ticket }: { ticket: Ticket }) {
  const { user } = useAuth();
  const rows: { label: string; value: ReactNode }[] = [
    { label: ticketTexts.fields.project, value: ticket.project },
    { label: ticketTexts.fields.status, value: ticketTexts.status[ticket.status] },
    { label: ticketTexts.fields.priority, value: ticketTexts.priority[ticket.priority] },
    { label: ticketTexts.fields.effort, value: ticket.effort ? ticketTexts.effort[ticket.effort] : texts.notSet },
    { label: ticketTexts.fields.assignee, value: <Assignee ticket={ticket} /> },
    { label: ticketTexts.fields.dueDate, value: ticket.dueDate ? formatDate(ticket.dueDate) : texts.notSet },
    { label: ticketTexts.fields.tags, value: <Tags tags={ticket.tags} /> },
    { label: texts.created, value: formatDateTime(ticket.createdAt) },
    { label: texts.updated, value: formatDateTime(ticket.updatedAt) },
    ...authorRows(ticket, user?.id),
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The ticket as it is: its texts, its details, its dependencies, the transcript it came from and its history. */
export function TicketView({ ticket }: { ticket: Ticket }) {
  const [titles] = useDependencyTitles(ticket.dependencies);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {LONG_TEXTS.map(({ field, heading }) => (
          <Section key={field} id={`${field}-heading`} heading={heading}>
            <LongText text={ticket[field]} />
          </Section>
        ))}
      </Stack>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <Section id="details-heading" heading={texts.detailsHeading}>
          <DetailsList ticket={ticket} />
        </Section>
        <Section id="dependencies-heading" heading={texts.dependenciesHeading}>
          <DependencyChips ids={ticket.dependencies} titles={titles} />
        </Section>
        {ticket.transcriptId !== null && <RelatedTranscript transcriptId={ticket.transcriptId} />}
        <TicketHistory ticketId={ticket.id} />
      </Stack>
    </Box>
  );
}
