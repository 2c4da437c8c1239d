import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { typeLabel } from '../connections/connectionTypes.ts';
import { ticketTexts } from '../tickets/texts.ts';
import { ExistingItems } from './ExistingItems.tsx';
import { ItemPreview } from './ItemPreview.tsx';
import { formatClock, overallProgress } from './run.ts';
import { pushTexts } from './texts.ts';
import type { PushWizardState } from './usePushWizard.ts';
import { projectsWithoutConnection } from './wizard.ts';

/** Analyze: the analysis under way, its failure, or why there is nothing to push. */
export function AnalyzeStep({ wizard }: { wizard: PushWizardState }) {
  if (wizard.analyzing) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography>{pushTexts.analyzing}</Typography>
      </Box>
    );
  }
  if (wizard.analyzeError !== null) return <Alert severity="error">{wizard.analyzeError}</Alert>;
  if (wizard.state.stop !== null) return <Alert severity="warning">{wizard.state.stop}</Alert>;
  return null;
}

const texts = pushTexts.summary;

/** The spec's warning, naming the projects left without a connection, whose tickets are skipped. */
export function SkippedProjects({ wizard }: { wizard: PushWizardState }) {
  const skipped = wizard.state.analysis ? projectsWithoutConnection(wizard.state.analysis) : [];
  if (skipped.length === 0) return null;
  return (
    <Alert severity="warning">
      {pushTexts.someUnmapped}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {skipped.map((entry) => (
          <li key={entry.project}>{texts.skipped(entry.project, entry.ticketIds.length)}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** Summary: what Confirm & Push will do, per connection, and what it leaves out. */
export function SummaryStep({ wizard }: { wizard: PushWizardState }) {
  const { analysis, usernames } = wizard.state;
  if (analysis === null) return null;
  const serving = analysis.connections.filter((entry) => entry.ticketIds.length > 0);
  return (
    <Stack spacing={2}>
      <Typography>{texts.intro}</Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {serving.map(({ connection, projects, ticketIds }) => {
          const typed = Object.values(usernames[connection.id] ?? {});
          const mapped = typed.filter((username) => username.trim() !== '').length;
          return (
            <Paper component="li" variant="outlined" key={connection.id} sx={{ p: 2 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {texts.through(connection.name, typeLabel(connection.connectionType))}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {pushTexts.ticketCount(ticketIds.length)} · {texts.projects(projects)}
              </Typography>
              {mapped > 0 && <Typography variant="body2">{texts.assignees(mapped)}</Typography>}
              {typed.length > mapped && (
                <Typography variant="body2" color="textSecondary">
                  {texts.unassigned(typed.length - mapped)}
                </Typography>
              )}
              <ExistingItems wizard={wizard} connectionId={connection.id} trackerName={typeLabel(connection.connectionType)} ticketIds={ticketIds} />
              <ItemPreview wizard={wizard} connectionId={connection.id} trackerName={typeLabel(connection.connectionType)} ticketIds={ticketIds} />
            </Paper>
          );
        })}
      </Stack>
      <SkippedProjects wizard={wizard} />
      {analysis.alreadyPushed.length > 0 && <Alert severity="info">{texts.alreadyPushed(analysis.alreadyPushed.length)}</Alert>}
      {analysis.undecided.length > 0 && (
        <Alert severity="warning" data-testid="undecided-same-as">
          {texts.undecided(analysis.undecided.length)}
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {analysis.undecided.map((entry) => (
              <li key={entry.proposalId}>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {texts.sameAs(entry.title, entry.sameAs.title, entry.sameAs.externalType ? ticketTexts.detail.pushedBadge(entry.sameAs.externalType, entry.sameAs.externalKey) : null)}
                </Box>{' '}
                <Link component={RouterLink} to={`/transcripts/${entry.transcriptId}`}>{texts.decide}</Link>
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Pushing: n of m over all connections, the ticket being pushed (with the failure it is being retried after, if
 * any), and a rate-limit wait when there is one.
 */
export function PushingStep({ wizard }: { wizard: PushWizardState }) {
  const progress = overallProgress(wizard.state);
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Stack spacing={1.5}>
      <LinearProgress
        variant={progress.done === 0 ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={pushTexts.pushing.progressLabel}
      />
      <Box role="status">
        <Typography sx={{ fontWeight: 600 }}>{pushTexts.pushing.count(progress.done, progress.total)}</Typography>
        {progress.connectionName !== null && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {pushTexts.pushing.through(progress.connectionName)}
          </Typography>
        )}
        {progress.current !== null && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {pushTexts.pushing.current(progress.current)}
          </Typography>
        )}
        {/* Beside the ticket it concerns, inside the live region, and gone once the ticket went through. */}
        {progress.retrying !== null && (
          <Alert severity="warning" role="none" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {progress.retrying}
          </Alert>
        )}
      </Box>
      {progress.waitingUntil !== null && <Alert severity="info">{pushTexts.pushing.waiting(formatClock(progress.waitingUntil))}</Alert>}
    </Stack>
  );
}
