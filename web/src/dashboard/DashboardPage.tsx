import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useAuth } from '../auth/AuthContext.tsx';
import { formatDateTime } from '../ui/dates.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { UploadPanel } from '../ui/UploadPanel.tsx';
import { useDismissible } from '../ui/useDismissible.ts';
import { AccountSummary } from './AccountSummary.tsx';
import { useDashboard } from './api.ts';
import { MeetingBotPanel } from './MeetingBotPanel.tsx';
import { RecentList } from './RecentList.tsx';
import { dashboardTexts as texts } from './texts.ts';

const twoColumns = { display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };

/**
 * The overview of the spec's "Screens and routes": account summary, meeting-bot panel, upload panel, the newest
 * transcripts and tickets.
 */
export default function DashboardPage() {
  const { user, refresh: refreshUser } = useAuth();
  const { data, error } = useDashboard();
  const failure = useDismissible(error);

  if (!user) return null;
  const failed = data === undefined && error !== null;

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeading title={texts.pageTitle} heading={texts.heading} intro={texts.welcome(user.fullName ?? user.email)} />
      <Stack spacing={3}>
        {failure.shown !== null && (
          <Alert severity="error" onClose={data ? failure.dismiss : undefined}>
            {data ? texts.refreshFailed : texts.loadFailed}
          </Alert>
        )}
        <Box sx={twoColumns}>
          <AccountSummary user={user} />
          <MeetingBotPanel />
        </Box>
        {/* A finished processing run counts towards the account's transcripts processed. */}
        <UploadPanel onProcessed={() => void refreshUser()} />
        <Box sx={twoColumns}>
          <RecentList
            id="recent-transcripts-heading"
            heading={texts.recentTranscripts}
            items={data?.transcripts.map((transcript) => ({
              id: transcript.id,
              to: `/transcripts/${transcript.id}`,
              title: transcript.title,
              detail: formatDateTime(transcript.createdAt),
              status: transcript.processingStatus,
            }))}
            failed={failed}
            empty={texts.noTranscripts}
            viewAllLabel={texts.viewAllTranscripts}
            viewAllTo="/transcripts"
          />
          <RecentList
            id="recent-tickets-heading"
            heading={texts.recentTickets}
            items={data?.tickets.map((ticket) => ({
              id: ticket.id,
              to: `/tickets/${ticket.id}`,
              title: ticket.title,
              detail: ticket.project,
              status: ticket.status,
            }))}
            failed={failed}
            empty={texts.noTickets}
            viewAllLabel={texts.viewAllTickets}
            viewAllTo="/tickets"
          />
        </Box>
      </Stack>
    </Container>
  );
}
