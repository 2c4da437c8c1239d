import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { formatDate, formatDateTime } from '../ui/dates.ts';
import { transcriptsTexts } from './texts.ts';
import type { TranscriptSummary } from './api.ts';

const texts = transcriptsTexts.list;

/** One transcript in the list: title, details, status, and its view and delete buttons. */
export function TranscriptRow({ transcript, onDelete }: { transcript: TranscriptSummary; onDelete(): void }) {
  const details = [
    transcript.date ? formatDate(transcript.date) : null,
    texts.uploaded(formatDateTime(transcript.createdAt)),
    transcript.participantCount > 0 ? texts.participants(transcript.participantCount) : null,
    transcript.messageCount > 0 ? texts.messages(transcript.messageCount) : null,
  ].filter((detail): detail is string => detail !== null && detail !== '');

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        py: 1.75,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
        <Link component={RouterLink} to={`/transcripts/${transcript.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {transcript.title}
        </Link>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
      </Box>
      <StatusBadge status={transcript.processingStatus} />
      <Box sx={{ display: 'flex', gap: 1, ml: { xs: 'auto', sm: 0 } }}>
        <Button component={RouterLink} to={`/transcripts/${transcript.id}`} size="small" variant="outlined" aria-label={texts.viewLabel(transcript.title)}>
          {texts.view}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={onDelete} aria-label={texts.deleteLabel(transcript.title)}>
          {texts.delete}
        </Button>
      </Box>
    </Box>
  );
}
