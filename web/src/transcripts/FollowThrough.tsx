import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api } from '../api/browser.ts';
import { dataOf, failureText } from '../api/client.ts';
import { ticketTexts } from '../tickets/texts.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { decisionText, evidenceText, followThroughTexts as texts, type Proposal } from './followThrough.ts';

const proposalsKey = (transcriptId: string) => ['transcripts', 'proposals', transcriptId] as const;

function Quote({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>{`${label}: `}</Box>
      <Box component="q" sx={{ fontStyle: 'italic' }}>{text}</Box>
    </Typography>
  );
}

/** One proposal: what it says, the evidence, and the person's choice (or the choice made). */
function ProposalItem({ proposal, transcriptId }: { proposal: Proposal; transcriptId: string }) {
  const queryClient = useQueryClient();
  const [applyDueDate, setApplyDueDate] = useState(false);
  const [applyPriority, setApplyPriority] = useState(false);
  const decide = useMutation({
    mutationFn: (action: 'accept' | 'dismiss') => action === 'accept'
      ? dataOf(api.POST('/api/proposals/{id}/accept', { params: { path: { id: proposal.id } }, body: { applyDueDate, applyPriority } }))
      : dataOf(api.POST('/api/proposals/{id}/dismiss', { params: { path: { id: proposal.id } } })),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: proposalsKey(transcriptId) }),
      queryClient.invalidateQueries({ queryKey: ['transcripts', 'detail', transcriptId] }),
      queryClient.invalidateQueries({ queryKey: ['tickets'] }),
    ]),
  });
  const { ticket } = proposal;
  const decided = decisionText(proposal);
  const same = proposal.kind === 'same';
  const ticketLink = (
    <Link component={RouterLink} to={`/tickets/${ticket.id}`} sx={{ fontWeight: 600 }}>
      {same ? texts.sameAs(ticket.title) : texts.saidDone(ticket.title)}
    </Link>
  );
  return (
    <Box component="li" sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }} aria-label={same ? texts.sameAs(ticket.title) : texts.saidDone(ticket.title)}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, rowGap: 0.5 }}>
        <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
          {same && proposal.newTitle ? <><q>{proposal.newTitle}</q>{' · '}</> : null}
          {ticketLink}
        </Typography>
        <Typography component="span" variant="body2" color="textSecondary">
          {texts.from(ticket.meeting)}
          {ticket.externalType ? ` · ${ticketTexts.detail.pushedBadge(ticket.externalType, ticket.externalKey)}` : ''}
        </Typography>
        <StatusBadge status={ticket.status} />
      </Box>
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        {same ? (
          <>
            <Quote label={texts.then} text={ticket.quote} />
            <Quote label={texts.now} text={proposal.quote} />
          </>
        ) : (
          <Quote label={texts.said(proposal.speaker)} text={proposal.quote} />
        )}
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>{evidenceText(proposal)}</Typography>
      </Stack>
      {decided ? (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>{decided}</Typography>
      ) : (
        <>
          {same && (proposal.proposed.dueDate || proposal.proposed.priority) && (
            <Stack sx={{ mt: 1 }}>
              {proposal.proposed.dueDate && (
                <FormControlLabel
                  control={<Checkbox checked={applyDueDate} onChange={(event) => setApplyDueDate(event.target.checked)} />}
                  label={texts.useDueDate(proposal.proposed.dueDate, ticket.dueDate)}
                />
              )}
              {proposal.proposed.priority && (
                <FormControlLabel
                  control={<Checkbox checked={applyPriority} onChange={(event) => setApplyPriority(event.target.checked)} />}
                  label={texts.usePriority(proposal.proposed.priority, ticket.priority)}
                />
              )}
            </Stack>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            <Button variant="contained" size="small" disabled={decide.isPending} onClick={() => decide.mutate('accept')}>
              {same ? texts.merge : texts.markDone}
            </Button>
            <Button variant="outlined" size="small" disabled={decide.isPending} onClick={() => decide.mutate('dismiss')}>
              {same ? texts.keepSeparate : texts.dismiss}
            </Button>
          </Box>
          {decide.error && <Alert severity="error" sx={{ mt: 1 }}>{failureText(decide.error, texts.failed)}</Alert>}
        </>
      )}
    </Box>
  );
}

/**
 * What this meeting proposes about tickets already open in the workspace: the same task restated (merge or keep
 * separate) and tasks said done (mark done or dismiss). Shown once the meeting's tickets are saved, when there is any.
 */
export function FollowThrough({ transcriptId, ready }: { transcriptId: string; ready: boolean }) {
  const { data, error } = useQuery({
    queryKey: proposalsKey(transcriptId),
    queryFn: () => dataOf(api.GET('/api/transcripts/{id}/proposals', { params: { path: { id: transcriptId } } })),
    enabled: ready,
  });
  if (error) return <Alert severity="error" sx={{ mb: 3 }}>{failureText(error, texts.loadFailed)}</Alert>;
  if (!data || data.proposals.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="follow-through-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="follow-through-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>{texts.heading}</Typography>
      <Typography variant="body2" color="textSecondary">{texts.intro}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.proposals.map((proposal) => <ProposalItem key={proposal.id} proposal={proposal} transcriptId={transcriptId} />)}
      </Box>
    </Paper>
  );
}
