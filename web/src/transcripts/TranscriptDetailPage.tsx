import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../api/client.ts';
import { BackLink } from '../ui/BackLink.tsx';
import { formatDate, formatDateTime } from '../ui/dates.ts';
import { FailureAlert } from '../ui/FailureAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { processingFailure } from '../ui/UploadPanel.logic.ts';
import { useConfirmation } from '../ui/useConfirmation.ts';
import { useDismissible } from '../ui/useDismissible.ts';
import type { TranscriptDetail } from './api.ts';
import { DeleteTranscriptDialog } from './DeleteTranscriptDialog.tsx';
import { FollowThrough } from './FollowThrough.tsx';
import { formatDuration } from './format.ts';
import { isInProgress, metadataWarnings, parseMetadata } from './processing.ts';
import { isGone, usePolledTranscript, useRemoveTranscript } from './queries.ts';
import { transcriptsTexts, type TranscriptsNavigationState } from './texts.ts';
import { TranscriptTabs } from './TranscriptTabs.tsx';

const texts = transcriptsTexts.detail;

/** The facts under the title: status, date, source, duration, file and upload time (those that are known). */
function TranscriptFacts({ transcript }: { transcript: TranscriptDetail['transcript'] }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: texts.status, value: <StatusBadge status={transcript.processingStatus} /> },
    { label: texts.date, value: formatDate(transcript.date) },
    { label: texts.source, value: transcript.source ?? '' },
    { label: texts.duration, value: formatDuration(transcript.duration) },
    { label: texts.fileName, value: transcript.fileName ?? '' },
    { label: texts.uploaded, value: formatDateTime(transcript.createdAt) },
  ];
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5, m: 0, mb: 3 }}>
      {facts.filter((fact) => fact.value !== '').map((fact) => (
        <Box key={fact.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {fact.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The page without a transcript to show: its id is missing, it is not found, or it could not be loaded. */
function TranscriptError({ error }: { error: string }) {
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle(texts.fallbackTitle)}</title>
      <BackLink to="/transcripts" label={texts.back} />
      <Typography variant="h1" sx={{ mb: 3 }}>
        {texts.fallbackTitle}
      </Typography>
      <Alert severity="error">{error}</Alert>
    </Container>
  );
}

/** A transcript: its facts, processing state, content and tickets, and its delete (the spec's "Screens and routes"). */
function TranscriptDetailView({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: detail, error: loadFailure } = usePolledTranscript(id);
  const remove = useRemoveTranscript();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const loadError = useDismissible(loadFailure);
  const deletion = useConfirmation(async () => {
    try {
      await remove(id);
      const state: TranscriptsNavigationState = { notification: transcriptsTexts.list.deleted };
      void navigate('/transcripts', { state });
    } catch (failure) {
      setDeleteError(failureText(failure, texts.deleteFailed));
    }
  });

  const loadErrorText = loadError.shown && (isGone(loadError.shown) ? texts.notFound : failureText(loadError.shown, texts.loadFailed));
  if (detail === undefined) return loadErrorText ? <TranscriptError error={loadErrorText} /> : <PageLoader />;

  const { transcript } = detail;
  const error = deleteError ?? loadErrorText;
  const metadata = parseMetadata(transcript.metadata);
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle(transcript.title)}</title>
      <BackLink to="/transcripts" label={texts.back} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          {transcript.title}
        </Typography>
        <Button variant="outlined" color="error" onClick={() => deletion.ask(transcript)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          {texts.delete}
        </Button>
      </Box>
      <TranscriptFacts transcript={transcript} />

      <Stack spacing={2} sx={{ mb: 3 }}>
        {error && (
          <Alert severity="error" onClose={() => (deleteError !== null ? setDeleteError(null) : loadError.dismiss())}>
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
        {transcript.processingStatus !== 'failed' &&
          metadataWarnings(metadata).map((warning) => (
            <Alert key={warning} severity="warning" sx={{ overflowWrap: 'anywhere' }}>
              {warning}
            </Alert>
          ))}
      </Stack>

      <FollowThrough transcriptId={transcript.id} ready={transcript.processingStatus === 'completed'} />
      <TranscriptTabs detail={detail} />
      <DeleteTranscriptDialog title={transcript.title} dialog={deletion.dialog} />
    </Container>
  );
}

/** The transcript detail of the spec's "Screens and routes" (/transcripts/{id}). */
export default function TranscriptDetailPage() {
  const { id } = useParams();
  if (!id) return <TranscriptError error={texts.missingId} />;
  // A new id starts a fresh screen: nothing of the last transcript's tabs or messages is kept.
  return <TranscriptDetailView key={id} id={id} />;
}
