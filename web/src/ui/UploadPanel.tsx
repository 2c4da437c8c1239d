import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../api/client.ts';
import { transcriptsApi } from '../transcripts/api.ts';
import { parseMetadata, type ProcessingStatus, type TranscriptTicket } from '../transcripts/types.ts';
import {
  ACCEPTED_EXTENSIONS, nextProgress, processingFailure, PROGRESS_INTERVAL_MS, STATUS_POLL_MS, uploadFailure,
  uploadProblem, uploadTexts as texts, type Failure,
} from './UploadPanel.logic.ts';
import { visuallyHidden } from './visuallyHidden.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'processing'; transcriptId: string; title: string }
  | { kind: 'completed'; transcriptId: string; title: string; tickets: TranscriptTicket[] | null; ticketCount: number }
  | { kind: 'failed'; failure: Failure; transcriptId: string | null };

export interface UploadPanelProps {
  /** Called once the server has stored the file (processing then runs in the background). */
  onUploaded?(transcript: { id: string; title: string }): void;
  /** Called when processing of the uploaded transcript has ended, completed or failed. */
  onProcessed?(transcriptId: string, status: ProcessingStatus): void;
}

/** A failed upload or processing run: the reason, or the token-limit text with the 'Upgrade Subscription' link. */
export function FailureAlert({ failure }: { failure: Failure }) {
  if (failure.kind === 'token-limit') {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to="/billing" color="inherit" size="small" variant="outlined">
            {texts.upgrade}
          </Button>
        }
        sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
      >
        {failure.message}
      </Alert>
    );
  }
  return <Alert severity="error">{failure.message}</Alert>;
}

/**
 * The transcript upload panel (spec sections 2, 4, 5, 8, 9): a file picker with the 1MB and format note, the
 * client-side checks, a fake progress bar while the file goes up, then a status poll every 5 s until processing
 * completes (the created tickets are listed) or fails (the reason, or the upgrade link when token credits ran out).
 */
export function UploadPanel({ onUploaded, onProcessed }: UploadPanelProps) {
  const inputId = useId();
  const headingId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  // The callbacks may change on every render of the parent: the poll reads the latest ones.
  const callbacks = useRef({ onUploaded, onProcessed });
  useEffect(() => {
    callbacks.current = { onUploaded, onProcessed };
  });

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';

  // Fake progress while the upload is under way: +10% every 500 ms, up to 90%.
  const uploading = phase.kind === 'uploading';
  useEffect(() => {
    if (!uploading) return;
    const timer = window.setInterval(() => {
      setPhase((current) => (current.kind === 'uploading' ? { ...current, progress: nextProgress(current.progress) } : current));
    }, PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [uploading]);

  // Polls the status every 5 s while the uploaded transcript is pending or processing.
  const pollingId = phase.kind === 'processing' ? phase.transcriptId : null;
  const pollingTitle = phase.kind === 'processing' ? phase.title : '';
  useEffect(() => {
    if (pollingId === null) return;
    let stopped = false;
    let inFlight = false;
    const check = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const status = await transcriptsApi.status(pollingId);
        if (stopped) return;
        const current = status.processingStatus ?? status.status;
        if (current === 'completed') {
          stopped = true;
          let tickets: TranscriptTicket[] | null = null;
          try {
            tickets = (await transcriptsApi.get(pollingId)).tickets;
          } catch {
            tickets = null;
          }
          setPhase({ kind: 'completed', transcriptId: pollingId, title: pollingTitle, tickets, ticketCount: tickets?.length ?? status.ticketCount });
          callbacks.current.onProcessed?.(pollingId, 'completed');
        } else if (current === 'failed') {
          stopped = true;
          setPhase({ kind: 'failed', failure: processingFailure(parseMetadata(status.metadata)), transcriptId: pollingId });
          callbacks.current.onProcessed?.(pollingId, 'failed');
        }
      } catch (error) {
        // A passing network problem: try again at the next tick. A transcript that is gone ends the wait.
        if (!stopped && error instanceof ApiError && error.status === 404) {
          stopped = true;
          setPhase({ kind: 'failed', failure: { kind: 'error', message: texts.processingFailed }, transcriptId: null });
        }
      } finally {
        inFlight = false;
      }
    };
    const timer = window.setInterval(() => void check(), STATUS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [pollingId, pollingTitle]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen ? uploadProblem(chosen) : null);
    if (!busy) setPhase({ kind: 'idle' });
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0] ?? null);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) {
      if (inputRef.current) inputRef.current.value = '';
      choose(dropped);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = uploadProblem(file);
    setProblem(found);
    if (found !== null || file === null) return;
    setPhase({ kind: 'uploading', progress: 0 });
    try {
      const response = await transcriptsApi.upload(file);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      const transcript = response.transcript;
      callbacks.current.onUploaded?.(transcript);
      setPhase({ kind: 'processing', transcriptId: transcript.id, title: transcript.title });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : null;
      setPhase({ kind: 'failed', failure: uploadFailure(message), transcriptId: null });
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, sm: 3 }, borderStyle: dragging ? 'dashed' : undefined, borderColor: dragging ? 'primary.main' : undefined }}
      onDragOver={(event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {texts.heading}
      </Typography>
      <Typography color="text.secondary" id={noteId} sx={{ mb: 0.5 }}>
        {texts.limits}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {texts.sources}
      </Typography>

      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby={headingId}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box
            component="input"
            ref={inputRef}
            id={inputId}
            type="file"
            name="transcript"
            accept={ACCEPTED_EXTENSIONS.join(',')}
            aria-describedby={noteId}
            disabled={busy}
            onChange={onInputChange}
            sx={{
              ...visuallyHidden,
              '&:focus-visible + label': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
          <Box
            component="label"
            htmlFor={inputId}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 0.75,
              border: 1,
              borderColor: busy ? 'action.disabled' : 'primary.main',
              borderRadius: 1,
              color: busy ? 'text.disabled' : 'primary.main',
              fontWeight: 600,
              cursor: busy ? 'default' : 'pointer',
              '&:hover': busy ? undefined : { bgcolor: 'action.hover' },
            }}
          >
            <UploadFileIcon fontSize="small" aria-hidden="true" />
            {texts.chooseFile}
            <Box component="span" sx={visuallyHidden}>
              {` (${texts.fileLabel})`}
            </Box>
          </Box>
          <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }} aria-live="polite">
            {file ? file.name : texts.noFileChosen}
            <Typography component="span" color="text.secondary" variant="body2" sx={{ display: { xs: 'none', md: 'inline' }, ml: 1 }}>
              {file ? '' : texts.dropHint}
            </Typography>
          </Typography>
          <Button type="submit" variant="contained" disabled={busy} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {phase.kind === 'uploading' ? texts.uploading : texts.upload}
          </Button>
        </Box>

        {problem !== null && <Alert severity="error">{problem}</Alert>}

        {phase.kind === 'uploading' && (
          <Box>
            <LinearProgress variant="determinate" value={phase.progress} aria-label={texts.progressLabel} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {`${phase.progress}%`}
            </Typography>
          </Box>
        )}

        <Box aria-live="polite">
          {phase.kind === 'processing' && (
            <Stack spacing={1}>
              <LinearProgress aria-label={texts.processing} />
              <Alert severity="info">
                <strong>{phase.title}</strong>: {texts.processing}
              </Alert>
            </Stack>
          )}
          {phase.kind === 'completed' && (
            <Alert severity="success">
              <Typography sx={{ fontWeight: 600 }}>
                {phase.ticketCount > 0 ? texts.completed(phase.ticketCount) : texts.completedNoTickets}
              </Typography>
              {phase.tickets !== null && phase.tickets.length > 0 && (
                <Box component="ul" aria-label={texts.createdTickets} sx={{ my: 1, pl: 2.5 }}>
                  {phase.tickets.map((ticket) => (
                    <li key={ticket.id}>
                      <Link component={RouterLink} to={`/tickets/${ticket.id}`} color="inherit">
                        {ticket.title}
                      </Link>
                    </li>
                  ))}
                </Box>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
                <Link component={RouterLink} to={`/transcripts/${phase.transcriptId}`} color="inherit">
                  {texts.viewTranscript}
                </Link>
                {phase.ticketCount > 0 && (
                  <Link component={RouterLink} to="/tickets" color="inherit">
                    {texts.viewTickets}
                  </Link>
                )}
              </Box>
            </Alert>
          )}
          {phase.kind === 'failed' && <FailureAlert failure={phase.failure} />}
        </Box>

      </Stack>
    </Paper>
  );
}
