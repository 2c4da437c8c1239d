import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { FailureAlert } from '../ui/UploadPanel.tsx';
import { processingFailure } from '../ui/UploadPanel.logic.ts';
import { transcriptsApi } from './api.ts';
import {
  failureText, formatConfidence, formatDate, formatDateTime, formatDuration, formatTimestamp, truncateMessage,
} from './format.ts';
import { DETAIL_POLL_MS, transcriptsTexts, type TranscriptsNavigationState } from './texts.ts';
import { isInProgress, parseMetadata, type Message, type Participant, type TranscriptDetail, type TranscriptTicket } from './types.ts';

const texts = transcriptsTexts.detail;
const dialogTexts = transcriptsTexts.deleteDialog;

type TabKey = 'content' | 'tickets';

function MessageItem({ message, speaker }: { message: Message; speaker: string }) {
  const [expanded, setExpanded] = useState(false);
  const { short, truncated } = truncateMessage(message.content);
  const contentId = `message-${message.id}`;
  const time = formatTimestamp(message.timestamp);
  const confidence = typeof message.confidence === 'number' ? formatConfidence(message.confidence) : null;

  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.25, mb: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {speaker}
        </Typography>
        {time !== '' && (
          <Typography component="span" variant="body2" color="text.secondary">
            {time}
          </Typography>
        )}
        {confidence !== null && (
          <Typography component="span" variant="body2" color="text.secondary">
            {texts.confidence(confidence)}
          </Typography>
        )}
      </Box>
      <Typography id={contentId} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {expanded ? message.content : short}
      </Typography>
      {truncated && (
        <Button
          size="small"
          variant="text"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((open) => !open)}
          sx={{ px: 0.5, mt: 0.5, minWidth: 0 }}
        >
          {expanded ? texts.showLess : texts.readMore}
        </Button>
      )}
    </Box>
  );
}

function ContentTab({ participants, messages }: { participants: Participant[]; messages: Message[] }) {
  const names = new Map(participants.map((participant) => [participant.id, participant.name]));
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="participants-heading">
        <Typography id="participants-heading" variant="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          {texts.participants}
        </Typography>
        {participants.length === 0 ? (
          <Typography color="text.secondary">{texts.noParticipants}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {participants.map((participant) => (
              <li key={participant.id}>
                <Chip
                  variant="outlined"
                  label={participant.role ? `${participant.name} (${participant.role})` : participant.name}
                  sx={{ maxWidth: '100%' }}
                />
              </li>
            ))}
          </Box>
        )}
      </Box>
      <Box component="section" aria-labelledby="conversation-heading">
        <Typography id="conversation-heading" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {texts.conversation}
        </Typography>
        {messages.length === 0 ? (
          <Typography color="text.secondary">{texts.noMessages}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                speaker={(message.speaker && names.get(message.speaker.id)) || texts.unknownSpeaker}
              />
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}

function TicketsTab({ tickets }: { tickets: TranscriptTicket[] }) {
  if (tickets.length === 0) return <Typography color="text.secondary">{texts.noTickets}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {tickets.map((ticket) => (
        <Box
          component="li"
          key={ticket.id}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
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
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {`${texts.ticketProject}: ${ticket.project} · ${texts.ticketPriority}: ${ticket.priority} · ${texts.ticketAssignee}: ${ticket.assignee ?? texts.unassigned}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The transcript detail of spec section 2. */
export default function TranscriptDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<TranscriptDetail | null>(null);
  const [error, setError] = useState<string | null>(id ? null : texts.missingId);
  const [tab, setTab] = useState<TabKey>('content');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // Each bump loads the transcript again (when polling sees the processing status change).
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!id) return;
    let active = true;
    transcriptsApi.get(id).then(
      (next) => {
        if (!active) return;
        setDetail(next);
        setError(null);
      },
      (failure: unknown) => {
        if (!active) return;
        setError(
          failure instanceof ApiError && failure.status === 404 ? texts.notFound : failureText(failure, texts.loadFailed),
        );
      },
    );
    return () => {
      active = false;
    };
  }, [id, reloads]);

  // While the transcript is pending or processing, the status is checked every 5 s; a change reloads the page data.
  const shown = detail !== null && detail.transcript.id === id ? detail : null;
  const status = shown?.transcript.processingStatus ?? null;
  useEffect(() => {
    if (!id || status === null || !isInProgress(status)) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      void transcriptsApi
        .status(id)
        .then((current) => {
          if (!stopped && current.processingStatus !== status) setReloads((count) => count + 1);
        })
        .catch(() => {
          // A passing problem: the next tick tries again.
        });
    }, DETAIL_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [id, status]);

  const confirmDelete = async () => {
    if (!id) return;
    setDeleting(true);
    try {
      await transcriptsApi.remove(id);
      const state: TranscriptsNavigationState = { notification: transcriptsTexts.list.deleted };
      void navigate('/transcripts', { state });
    } catch (failure) {
      setDialogOpen(false);
      setDeleting(false);
      setError(failureText(failure, texts.deleteFailed));
    }
  };

  const backLink = (
    <Link component={RouterLink} to="/transcripts" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {texts.back}
    </Link>
  );

  if (shown === null) {
    if (error === null) return <PageLoader />;
    return (
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <title>{transcriptsTexts.detail.pageTitle(texts.fallbackTitle)}</title>
        {backLink}
        <Typography variant="h1" sx={{ mb: 3 }}>
          {texts.fallbackTitle}
        </Typography>
        <Alert severity="error">{error}</Alert>
      </Container>
    );
  }

  const { transcript, tickets } = shown;
  const metadata = parseMetadata(transcript.metadata);
  const facts = [
    { label: texts.status, value: <StatusBadge status={transcript.processingStatus} /> },
    { label: texts.date, value: formatDate(transcript.date) },
    { label: texts.source, value: transcript.source ?? '' },
    { label: texts.duration, value: formatDuration(transcript.duration) },
    { label: texts.fileName, value: transcript.fileName ?? '' },
    { label: texts.uploaded, value: formatDateTime(transcript.createdAt) },
  ].filter((fact) => fact.value !== '');

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle(transcript.title)}</title>
      {backLink}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          {transcript.title}
        </Typography>
        <Button variant="outlined" color="error" onClick={() => setDialogOpen(true)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          {texts.delete}
        </Button>
      </Box>

      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5, m: 0, mb: 3 }}
      >
        {facts.map((fact) => (
          <Box key={fact.label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fact.label}
            </Typography>
            <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {fact.value}
            </Box>
          </Box>
        ))}
      </Box>

      <Stack spacing={2} sx={{ mb: 3 }}>
        {error !== null && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {isInProgress(transcript.processingStatus) && (
          <Box aria-live="polite">
            <LinearProgress aria-label={texts.processing} sx={{ mb: 1 }} />
            <Alert severity="info">{texts.processing}</Alert>
          </Box>
        )}
        {transcript.processingStatus === 'failed' && <FailureAlert failure={processingFailure(metadata)} />}
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_event, value: TabKey) => setTab(value)}
            aria-label={texts.tabsLabel}
            variant="scrollable"
            scrollButtons={false}
            sx={{ '& .MuiTab-root': { px: { xs: 1.5, sm: 2 } } }}
          >
            <Tab value="content" label={texts.contentTab} id="transcript-tab-content" aria-controls="transcript-panel-content" />
            <Tab
              value="tickets"
              label={texts.ticketsTab(tickets.length)}
              id="transcript-tab-tickets"
              aria-controls="transcript-panel-tickets"
            />
          </Tabs>
        </Box>
        <Box
          role="tabpanel"
          id="transcript-panel-content"
          aria-labelledby="transcript-tab-content"
          hidden={tab !== 'content'}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {tab === 'content' && <ContentTab participants={transcript.participants} messages={transcript.messages} />}
        </Box>
        <Box
          role="tabpanel"
          id="transcript-panel-tickets"
          aria-labelledby="transcript-tab-tickets"
          hidden={tab !== 'tickets'}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {tab === 'tickets' && <TicketsTab tickets={tickets} />}
        </Box>
      </Paper>

      <ConfirmDialog
        open={dialogOpen}
        title={dialogTexts.title}
        message={dialogTexts.message(transcript.title)}
        confirmLabel={dialogTexts.confirm}
        busyLabel={dialogTexts.busy}
        cancelLabel={dialogTexts.cancel}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialogOpen(false)}
      />
    </Container>
  );
}
