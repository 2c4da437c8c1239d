import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranscript } from '../transcripts/queries.ts';
import { formatDateTime } from '../ui/dates.ts';
import { Panel } from '../ui/Panel.tsx';
import { ticketTexts } from './texts.ts';

const texts = ticketTexts.detail;

/** The Related Transcript card; a failure to load the transcript is only logged (the spec's "Error catalogue"). */
export function RelatedTranscript({ transcriptId }: { transcriptId: string }) {
  const { data } = useTranscript(transcriptId, { failureLog: 'Could not load the related transcript' });
  const transcript = data?.transcript;
  const when = transcript?.date ?? transcript?.createdAt;
  return (
    <Panel id="transcript-heading" heading={texts.transcriptHeading} dense smallHeading headingGap={1.5}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{transcript?.title ?? texts.transcriptFallback}</Typography>
      {when && (
        <Typography variant="body2" color="textSecondary">
          {formatDateTime(when)}
        </Typography>
      )}
      <Link component={RouterLink} to={`/transcripts/${transcriptId}`} sx={{ display: 'inline-block', mt: 1 }}>
        {texts.viewTranscript}
      </Link>
    </Panel>
  );
}
