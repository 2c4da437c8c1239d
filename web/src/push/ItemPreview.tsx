import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { pushApi } from './pushApi.ts';
import { pushTexts } from './texts.ts';
import { previewFields, requestText, typedMappings } from './preview.ts';
import type { PushWizardState } from './usePushWizard.ts';

const texts = pushTexts.preview;
/** The body and the request: text as sent, kept to its lines, scrolled within a bounded box. */
const SENT_TEXT = { m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflow: 'auto' } as const;

/**
 * The summary's preview of one connection's push: ticket by ticket, the item its tracker will receive (title,
 * fields, assignee, body, what follows, the exact request), built on the server by the tracker plugin's own create
 * code with the usernames typed so far. Shown on request: it reads from the tracker.
 */
export function ItemPreview({ wizard, connectionId, trackerName, ticketIds }: { wizard: PushWizardState; connectionId: string; trackerName: string; ticketIds: string[] }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const regionId = useId();
  const ticketId = ticketIds[Math.min(index, ticketIds.length - 1)];
  const mappings = typedMappings(wizard.state.usernames[connectionId]);
  const shown = useQuery({
    queryKey: ['push-preview', connectionId, ticketId, mappings],
    queryFn: () => pushApi.preview(connectionId, ticketId!, mappings),
    enabled: open && ticketId !== undefined,
    staleTime: 60_000,
    retry: false,
  });
  if (ticketIds.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button size="small" variant="text" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)} sx={{ px: 0 }}>
        {open ? texts.hide : texts.show(trackerName)}
      </Button>
      {open && (
        <Paper variant="outlined" id={regionId} role="region" aria-label={texts.regionLabel(trackerName)} sx={{ p: 1.5, mt: 0.5 }} data-testid="item-preview">
          {ticketIds.length > 1 && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", mb: 1 }}>
              <IconButton size="small" aria-label={texts.previous} disabled={index === 0} onClick={() => setIndex(index - 1)}>
                <ChevronLeft fontSize="small" />
              </IconButton>
              <Typography variant="body2" aria-live="polite">{texts.position(index, ticketIds.length)}</Typography>
              <IconButton size="small" aria-label={texts.next} disabled={index >= ticketIds.length - 1} onClick={() => setIndex(index + 1)}>
                <ChevronRight fontSize="small" />
              </IconButton>
            </Stack>
          )}
          <PreviewBody query={shown} />
        </Paper>
      )}
    </Box>
  );
}

function PreviewBody({ query }: { query: ReturnType<typeof useQuery<Awaited<ReturnType<typeof pushApi.preview>>>> }) {
  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">{texts.loading}</Typography>
      </Box>
    );
  }
  if (query.isError) return <Alert severity="info">{texts.failed}</Alert>;
  const { preview, problems } = query.data;
  return (
    <Stack spacing={1}>
      {problems.map((problem) => (
        <Alert key={problem} severity="warning" sx={{ overflowWrap: 'anywhere' }}>{problem}</Alert>
      ))}
      {preview && (
        <>
          <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>{preview.title}</Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}>
            {previewFields(preview, texts).map(({ name, value }) => (
              <Box key={name} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary">{name}</Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value}</Typography>
              </Box>
            ))}
          </Box>
          {preview.notices.map((notice) => (
            <Alert key={notice} severity="info" sx={{ overflowWrap: 'anywhere' }}>{notice}</Alert>
          ))}
          <Typography variant="body2" color="textSecondary">{texts.body}</Typography>
          <Box component="pre" tabIndex={0} sx={{ ...SENT_TEXT, fontSize: '0.8125rem' }}>
            {preview.body}
          </Box>
          {preview.then.length > 0 && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`${texts.then}: ${preview.then.join(' ')}`}</Typography>
          )}
          <Box component="details">
            <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>{texts.request}</Typography>
            <Box component="pre" tabIndex={0} sx={{ ...SENT_TEXT, mt: 0.5, fontSize: '0.75rem' }}>
              {requestText(preview.request)}
            </Box>
          </Box>
        </>
      )}
    </Stack>
  );
}
