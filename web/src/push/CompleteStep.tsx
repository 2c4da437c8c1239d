import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { completionBanner, trackerOf } from './run.ts';
import { pushTexts } from './texts.ts';
import type { PushWizardState } from './usePushWizard.ts';
import { SkippedProjects } from './ProgressSteps.tsx';
import type { PushJob, PushResult } from './wizard.ts';

const texts = pushTexts.complete;

type TicketResult = PushResult['results'][number];

/** One ticket's line: a link to the item made for it, or the tracker's words for why not. */
function TicketLine({ entry, tracker }: { entry: TicketResult; tracker: string }) {
  let outcome;
  if (entry.success) {
    outcome = (
      <>
        {entry.linked !== undefined ? texts.linked(entry.key ?? entry.externalId ?? '', entry.linked === 'comment') : pushTexts.pushedTo(tracker)}
        {entry.externalUrl !== undefined && (
          <>
            {': '}
            <Link href={entry.externalUrl} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
              {texts.openItem(entry.key ?? entry.externalId ?? entry.externalUrl, tracker)}
            </Link>
          </>
        )}
      </>
    );
  } else if (entry.skipped) {
    outcome = entry.error ?? texts.skippedTicket;
  } else {
    outcome = `${pushTexts.ticketFailed}: ${entry.error ?? pushTexts.operationFailed}`;
  }
  return (
    <Box component="li" sx={{ py: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {entry.title ?? texts.untitled}
      </Typography>
      <Typography
        variant="body2"
        color={entry.success ? 'textPrimary' : entry.skipped ? 'textSecondary' : 'error'}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {outcome}
      </Typography>
      {entry.warning !== undefined && (
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {texts.warning(entry.warning)}
        </Typography>
      )}
    </Box>
  );
}

/** What one connection's push did: per project and per ticket, or why the push itself failed. */
function JobResults({ job, outcome }: { job: PushJob; outcome: PushWizardState['state']['outcomes'][string] | undefined }) {
  const result = outcome?.kind === 'done' ? outcome.result : undefined;
  const tracker = trackerOf(job, result);
  return (
    <Paper component="section" variant="outlined" aria-label={`${job.connectionName} (${tracker})`} sx={{ p: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {pushTexts.summary.through(job.connectionName, tracker)}
      </Typography>
      {result === undefined ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {outcome?.kind === 'failed' ? outcome.error : pushTexts.pushFailed}
        </Alert>
      ) : (
        <>
          <Typography component="h4" variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
            {texts.projectsHeading}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.projectResults.map((project) => (
              <Typography component="li" variant="body2" key={project.project} sx={{ overflowWrap: 'anywhere' }}>
                {texts.project(project.project, project.successful, project.failed, project.skipped)}
              </Typography>
            ))}
          </Box>
          <Typography component="h4" variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
            {texts.ticketsHeading}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {result.results.map((entry) => (
              <TicketLine key={entry.ticketId} entry={entry} tracker={tracker} />
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** Complete: the outcome, per connection, project and ticket, with links to the items made. */
export function CompleteStep({ wizard }: { wizard: PushWizardState }) {
  const { state } = wizard;
  const banner = completionBanner(state);
  return (
    <Stack spacing={2}>
      <Alert severity={banner.severity} role="status">
        {banner.text}
      </Alert>
      {state.jobs.map((job) => (
        <JobResults key={job.connectionId} job={job} outcome={state.outcomes[job.connectionId]} />
      ))}
      <SkippedProjects wizard={wizard} />
    </Stack>
  );
}
