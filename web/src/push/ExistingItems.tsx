import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { pushApi } from './pushApi.ts';
import { pushTexts } from './texts.ts';
import type { PushWizardState } from './usePushWizard.ts';
import type { ExistingChoice, PushCandidates } from './wizard.ts';

const texts = pushTexts.existing;
type TicketCandidates = PushCandidates['tickets'][number];

/** A choice as the select holds it: '' for create, else 'link:<id>' or 'comment:<id>'. */
const valueOf = (choice: ExistingChoice | undefined) => (choice ? `${choice.action}:${choice.externalId}` : '');

/**
 * The summary's look in one connection's tracker for items like its tickets: per ticket the likely items, each with
 * its title, a link and how alike it is, and a choice to create, link or comment. Nothing is chosen for the reviewer.
 */
export function ExistingItems({ wizard, connectionId, trackerName, ticketIds }: { wizard: PushWizardState; connectionId: string; trackerName: string; ticketIds: string[] }) {
  const found = useQuery({
    queryKey: ['push-candidates', connectionId, ticketIds],
    queryFn: () => pushApi.candidates(connectionId, ticketIds.slice(0, 50)),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (found.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">{texts.looking(trackerName)}</Typography>
      </Box>
    );
  }
  if (found.isError) return <Alert severity="info" sx={{ mt: 1 }}>{texts.failed(trackerName)}</Alert>;
  const answer = found.data;
  if (!answer.searchable) return <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>{texts.notSearchable(answer.trackerName)}</Typography>;
  const alike = answer.tickets.filter((ticket) => ticket.candidates.length > 0);
  const failures = answer.tickets.filter((ticket) => ticket.error !== null);
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }} data-testid="existing-items">
      {failures.length > 0 && <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>{failures[0]!.error}</Alert>}
      {alike.length === 0 && failures.length === 0 && <Typography variant="body2" color="textSecondary">{texts.none(answer.trackerName)}</Typography>}
      {alike.length > 0 && (
        <>
          <Typography component="h4" variant="subtitle2">{texts.heading}</Typography>
          <Typography variant="body2">{texts.intro(answer.trackerName)}</Typography>
          {alike.map((ticket) => <TicketChoice key={ticket.ticketId} wizard={wizard} ticket={ticket} commentable={answer.commentable} />)}
        </>
      )}
    </Stack>
  );
}

function TicketChoice({ wizard, ticket, commentable }: { wizard: PushWizardState; ticket: TicketCandidates; commentable: boolean }) {
  const chosen = wizard.state.existing[ticket.ticketId];
  const choose = (value: string) => {
    const [action, ...rest] = value.split(':');
    const choice: ExistingChoice | null = action === 'link' || action === 'comment' ? { ticketId: ticket.ticketId, action, externalId: rest.join(':') } : null;
    wizard.dispatch({ type: 'existing', ticketId: ticket.ticketId, choice });
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="existing-ticket">
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{ticket.title}</Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {ticket.candidates.map((item) => (
          <li key={item.externalId}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <Link href={item.url} target="_blank" rel="noreferrer" aria-label={texts.open(item.key)}>{item.key}</Link>
              {` ${item.title}`}
              <Box component="span" sx={{ color: 'text.secondary' }}>{` · ${texts.likely(item.score)}${item.status ? ` · ${item.status}` : ''}`}</Box>
            </Typography>
            {item.excerpt && (
              <Typography variant="caption" color="textSecondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>{item.excerpt}</Typography>
            )}
          </li>
        ))}
      </Box>
      <TextField
        select
        size="small"
        fullWidth
        sx={{ mt: 1 }}
        label={texts.choiceLabel(ticket.title)}
        value={valueOf(chosen)}
        onChange={(event) => choose(event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{texts.create}</MenuItem>
        {ticket.candidates.flatMap((item) => [
          <MenuItem key={`link:${item.externalId}`} value={`link:${item.externalId}`} sx={{ whiteSpace: 'normal' }}>{texts.link(item.key)}</MenuItem>,
          ...(commentable ? [<MenuItem key={`comment:${item.externalId}`} value={`comment:${item.externalId}`} sx={{ whiteSpace: 'normal' }}>{texts.comment(item.key)}</MenuItem>] : []),
        ])}
      </TextField>
    </Paper>
  );
}
