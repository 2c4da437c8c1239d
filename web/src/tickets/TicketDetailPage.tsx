import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { DependencyChips, DependencySearch } from './Dependencies.tsx';
import { isPushed } from './listState.ts';
import { SUCCESS_BANNER_MS, ticketTexts } from './texts.ts';
import { PriorityBadge, PushBadge, TicketStatusBadge } from './TicketBadges.tsx';
import { TicketFields } from './TicketFields.tsx';
import { draftFromTicket, draftProblem, draftToInput, failureText, type TicketDraft } from './ticketForm.ts';
import {
  fetchTicket,
  fetchTranscriptSummary,
  updateTicket,
  type Ticket,
  type TranscriptSummary,
} from './ticketsApi.ts';

const texts = ticketTexts.detail;

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

function LongText({ text }: { text: string | null }) {
  if (text === null || text.trim() === '') {
    return <Typography color="text.secondary">{texts.none}</Typography>;
  }
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>;
}

function formatDate(value: string, withTime: boolean): string {
  // Due dates are plain calendar days; read them as such, not as midnight UTC.
  const date = withTime ? new Date(value) : new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime())) return value;
  return withTime
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function DetailsList({ ticket }: { ticket: Ticket }) {
  const rows: { label: string; value: ReactNode }[] = [
    { label: ticketTexts.fields.project, value: ticket.project },
    { label: ticketTexts.fields.status, value: ticketTexts.status[ticket.status] },
    { label: ticketTexts.fields.priority, value: ticketTexts.priority[ticket.priority] },
    { label: ticketTexts.fields.effort, value: ticket.effort ? ticketTexts.effort[ticket.effort] : texts.notSet },
    { label: ticketTexts.fields.assignee, value: ticket.assignee ?? texts.unassigned },
    { label: ticketTexts.fields.dueDate, value: ticket.dueDate ? formatDate(ticket.dueDate, false) : texts.notSet },
    {
      label: ticketTexts.fields.tags,
      value:
        ticket.tags.length === 0 ? (
          texts.noTags
        ) : (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
            {ticket.tags.map((tag) => (
              <Chip key={tag} size="small" label={tag} />
            ))}
          </Box>
        ),
    },
    { label: texts.created, value: formatDate(ticket.createdAt, true) },
    { label: texts.updated, value: formatDate(ticket.updatedAt, true) },
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
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

/** The Related Transcript card; a failure to load the transcript is only logged (spec section 8). */
function RelatedTranscript({ transcriptId }: { transcriptId: string }) {
  const [transcript, setTranscript] = useState<TranscriptSummary | null>(null);
  useEffect(() => {
    let active = true;
    fetchTranscriptSummary(transcriptId).then(
      (found) => {
        if (active) setTranscript(found);
      },
      (error: unknown) => console.error('Could not load the related transcript', error),
    );
    return () => {
      active = false;
    };
  }, [transcriptId]);

  const when = transcript?.date ?? transcript?.createdAt;
  return (
    <Section id="transcript-heading" heading={texts.transcriptHeading}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {transcript?.title ?? texts.transcriptFallback}
      </Typography>
      {when && (
        <Typography variant="body2" color="text.secondary">
          {formatDate(when, true)}
        </Typography>
      )}
      <Link component={RouterLink} to={`/transcripts/${transcriptId}`} sx={{ display: 'inline-block', mt: 1 }}>
        {texts.viewTranscript}
      </Link>
    </Section>
  );
}

/** Titles of the dependencies, fetched one by one; failures are only logged (spec section 8). */
function useDependencyTitles(ids: readonly string[]) {
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const missing = ids.filter((id) => !titles.has(id)).join(',');
  useEffect(() => {
    if (missing === '') return;
    // No cancelling here: each answer only adds a title, and every answer is still right later.
    for (const id of missing.split(',')) {
      fetchTicket(id).then(
        (ticket) => setTitles((current) => new Map(current).set(id, ticket.title)),
        (error: unknown) => console.error('Could not load a dependency', id, error),
      );
    }
  }, [missing]);
  const remember = (ticket: Ticket) => setTitles((current) => new Map(current).set(ticket.id, ticket.title));
  return [titles, remember] as const;
}

function TicketDetail({ id }: { id: string }) {
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<TicketDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [titles, rememberTitle] = useDependencyTitles(editing && draft ? draft.dependencies : (ticket?.dependencies ?? []));

  useEffect(() => {
    let active = true;
    fetchTicket(id).then(
      (found) => {
        if (active) setTicket(found);
      },
      (failure: unknown) => {
        if (!active) return;
        setLoadError(failure instanceof ApiError && failure.status === 404 ? texts.notFound : failureText(failure, texts.loadFailed));
      },
    );
    return () => {
      active = false;
    };
  }, [id]);

  useEffect(() => {
    if (success === null) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  if (loadError !== null) {
    return (
      <>
        <title>{texts.loadingTitle}</title>
        <Alert severity="error">{loadError}</Alert>
      </>
    );
  }
  if (ticket === null) {
    return (
      <>
        <title>{texts.loadingTitle}</title>
        <PageLoader />
      </>
    );
  }

  const startEditing = () => {
    setDraft(draftFromTicket(ticket));
    setError(null);
    setSuccess(null);
    setEditing(true);
  };
  // Spec section 2: Cancel restores the original values.
  const cancel = () => {
    setDraft(null);
    setError(null);
    setEditing(false);
  };
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft === null) return;
    const problem = draftProblem(draft);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      setTicket(await updateTicket(ticket.id, draftToInput(draft)));
      setDraft(null);
      setEditing(false);
      setSuccess(texts.saved);
    } catch (failure) {
      setError(failureText(failure, texts.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const header = (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
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
      {!editing && (
        <Button variant="contained" startIcon={<EditIcon />} onClick={startEditing} sx={{ flexShrink: 0 }}>
          {texts.edit}
        </Button>
      )}
    </Box>
  );

  if (editing && draft !== null) {
    const exclude = new Set([ticket.id, ...draft.dependencies]);
    return (
      <Stack spacing={3}>
        <title>{texts.pageTitle(ticket.title)}</title>
        {header}
        <Paper variant="outlined" component="section" aria-labelledby="edit-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="edit-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2.5 }}>
            {texts.editHeading}
          </Typography>
          <Stack component="form" noValidate onSubmit={save} spacing={2.5} aria-labelledby="edit-heading">
            {error !== null && <Alert severity="error">{error}</Alert>}
            <TicketFields
              draft={draft}
              extended
              disabled={saving}
              onChange={(patch) => setDraft((current) => (current === null ? current : { ...current, ...patch }))}
            />
            <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="h3" sx={{ fontSize: '1.05rem', mb: 1.5, p: 0 }}>
                {texts.dependenciesHeading}
              </Typography>
              <Stack spacing={2}>
                <DependencyChips
                  ids={draft.dependencies}
                  titles={titles}
                  onRemove={(removed) =>
                    setDraft((current) =>
                      current === null
                        ? current
                        : { ...current, dependencies: current.dependencies.filter((other) => other !== removed) },
                    )
                  }
                />
                <DependencySearch
                  exclude={exclude}
                  onAdd={(added) => {
                    rememberTitle(added);
                    setDraft((current) =>
                      current === null || current.dependencies.includes(added.id)
                        ? current
                        : { ...current, dependencies: [...current.dependencies, added.id] },
                    );
                  }}
                />
              </Stack>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={saving} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
                {saving ? texts.saving : texts.save}
              </Button>
              <Button onClick={cancel} disabled={saving} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
                {texts.cancel}
              </Button>
            </Box>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <title>{texts.pageTitle(ticket.title)}</title>
      {header}
      {success !== null && (
        <Alert severity="success" onClose={() => setSuccess(null)}>
          {success}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section id="description-heading" heading={texts.descriptionHeading}>
            <LongText text={ticket.description} />
          </Section>
          <Section id="context-heading" heading={texts.contextHeading}>
            <LongText text={ticket.context} />
          </Section>
          <Section id="implementation-heading" heading={texts.implementationHeading}>
            <LongText text={ticket.implementation} />
          </Section>
          <Section id="notes-heading" heading={texts.notesHeading}>
            <LongText text={ticket.notes} />
          </Section>
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section id="details-heading" heading={texts.detailsHeading}>
            <DetailsList ticket={ticket} />
          </Section>
          <Section id="dependencies-heading" heading={texts.dependenciesHeading}>
            <DependencyChips ids={ticket.dependencies} titles={titles} />
          </Section>
          {ticket.transcriptId !== null && <RelatedTranscript transcriptId={ticket.transcriptId} />}
        </Stack>
      </Box>
    </Stack>
  );
}

export default function TicketDetailPage() {
  const { id } = useParams();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Link
        component={RouterLink}
        to="/tickets"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2.5 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {texts.back}
      </Link>
      {id === undefined || id.trim() === '' ? (
        <>
          <title>{texts.loadingTitle}</title>
          <Alert severity="error">{texts.missingId}</Alert>
        </>
      ) : (
        // A new id (a dependency chip) starts a fresh screen: nothing of the last ticket's edit is kept.
        <TicketDetail key={id} id={id} />
      )}
    </Container>
  );
}
