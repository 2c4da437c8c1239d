import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { FailureAlert } from '../ui/FailureAlert.tsx';
import { Panel } from '../ui/Panel.tsx';
import { BotList } from './BotList.tsx';
import { useMeetingBots } from './botsApi.ts';
import { botTexts as texts, meetingUrlProblem, type BotOutcome } from './meetingBot.ts';

function Outcome({ outcome, onDismiss }: { outcome: BotOutcome; onDismiss(): void }) {
  if (outcome.kind === 'failed' && outcome.failure.kind === 'token-limit') {
    return (
      <Box>
        <Typography sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>{texts.failedTitle(outcome.title)}</Typography>
        <FailureAlert failure={outcome.failure} />
      </Box>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <Alert severity="error" onClose={onDismiss} slotProps={{ closeButton: { title: texts.dismiss } }}>
        <AlertTitle sx={{ overflowWrap: 'anywhere' }}>{texts.failedTitle(outcome.title)}</AlertTitle>
        {outcome.failure.message}
      </Alert>
    );
  }
  return (
    <Alert severity="success" onClose={onDismiss} slotProps={{ closeButton: { title: texts.dismiss } }}>
      <AlertTitle>{texts.completedTitle}</AlertTitle>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{texts.completed(outcome.title)}</Box>{' '}
      <Link component={RouterLink} to="/transcripts" color="inherit">
        {texts.viewTranscripts}
      </Link>
    </Alert>
  );
}

/**
 * The dashboard's meeting-bot panel (the spec's "Screens and routes", "States and transitions", "Validation rules",
 * "Error catalogue" and "Business constants and limits"): the meeting's URL and title, Send Bot, the
 * active bots with their states (polled every 10 s while there are any) and Cancel, the completion message when a
 * bot's meeting is done, why one failed, and what to configure when the meeting bot is off.
 */
export function MeetingBotPanel() {
  const bots = useMeetingBots();
  const [meetingUrl, setMeetingUrl] = useState('');
  const [meetingTitle, setMeetingTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = meetingUrlProblem(meetingUrl);
    setProblem(found);
    if (found) return;
    const title = meetingTitle.trim();
    bots.send.mutate({ meetingUrl: meetingUrl.trim(), ...(title ? { meetingTitle: title } : {}) }, {
      onSuccess: () => {
        setMeetingUrl('');
        setMeetingTitle('');
      },
    });
  };

  return (
    <Panel id="meeting-bot-heading" heading={texts.heading} headingGap={1}>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {texts.intro}
      </Typography>
      <Stack spacing={2}>
        {bots.notConfigured !== null ? (
          <Alert severity="info">
            <AlertTitle>{texts.notConfiguredTitle}</AlertTitle>
            {bots.notConfigured}
          </Alert>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="meeting-bot-heading">
            <TextField
              label={texts.urlLabel}
              name="meetingUrl"
              type="url"
              required
              fullWidth
              value={meetingUrl}
              onChange={(event) => setMeetingUrl(event.target.value)}
              error={problem !== null}
              helperText={problem ?? texts.urlHint}
              disabled={bots.send.isPending}
            />
            <TextField
              label={texts.titleLabel}
              name="meetingTitle"
              fullWidth
              value={meetingTitle}
              onChange={(event) => setMeetingTitle(event.target.value)}
              disabled={bots.send.isPending}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={bots.send.isPending} sx={{ width: { xs: '100%', sm: 'auto' } }}>
                {bots.send.isPending ? texts.sending : texts.send}
              </Button>
            </Box>
          </Stack>
        )}
        {bots.sendFailure && <FailureAlert failure={bots.sendFailure} />}
        {bots.loadFailed && <Alert severity="error">{texts.loadFailed}</Alert>}
        {bots.cancelFailure && <Alert severity="error">{bots.cancelFailure}</Alert>}
        <Stack spacing={1.5} aria-live="polite">
          {bots.outcomes.map((outcome) => (
            <Outcome key={outcome.id} outcome={outcome} onDismiss={() => bots.dismiss(outcome.id)} />
          ))}
        </Stack>
        <Box aria-live="polite">
          <BotList bots={bots.bots ?? []} cancelling={bots.cancel.isPending ? (bots.cancel.variables ?? null) : null} onCancel={(id) => bots.cancel.mutate(id)} />
        </Box>
      </Stack>
    </Panel>
  );
}
