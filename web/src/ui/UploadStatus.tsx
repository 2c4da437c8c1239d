import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FailureAlert } from './FailureAlert.tsx';
import { uploadTexts as texts } from './UploadPanel.logic.ts';
import type { UploadPhase } from './useUpload.ts';

/** Processing has completed: how many tickets it created, links to them, the transcript and the ticket list. */
function Completed({ phase }: { phase: Extract<UploadPhase, { kind: 'completed' }> }) {
  return (
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
  );
}

/** Where an upload stands: the progress bar while it goes up, then processing, its outcome, or what failed. */
export function UploadStatus({ phase }: { phase: UploadPhase }) {
  return (
    <>
      {phase.kind === 'uploading' && (
        <Box>
          <LinearProgress variant="determinate" value={phase.progress} aria-label={texts.progressLabel} />
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
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
        {phase.kind === 'completed' && <Completed phase={phase} />}
        {phase.kind === 'failed' && <FailureAlert failure={phase.failure} />}
      </Box>
    </>
  );
}
