import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import type { User } from '../auth/user.ts';
import { formatDateTime } from '../transcripts/format.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { UploadPanel } from '../ui/UploadPanel.tsx';
import { loadDashboard, type DashboardData } from './api.ts';
import { dashboardTexts as texts } from './texts.ts';

function AccountSummary({ user }: { user: User }) {
  const tier = user.subscriptionTier ?? texts.freeTier;
  const rows = [
    { label: texts.fullName, value: user.fullName ?? texts.notProvided },
    { label: texts.email, value: user.email },
    { label: texts.subscription, value: user.isSubscribed ? `${tier} ${texts.active}` : tier },
    { label: texts.transcriptsProcessed, value: String(user.transcriptsProcessed) },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="account-heading" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id="account-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {texts.accountHeading}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Link component={RouterLink} to="/billing" sx={{ display: 'inline-block', mt: 2 }}>
        {texts.billingLink}
      </Link>
    </Paper>
  );
}

interface RecentListProps {
  id: string;
  heading: string;
  loading: boolean;
  /** The data could not be loaded: the page's error banner explains, so no empty text is shown. */
  failed: boolean;
  empty: string;
  viewAllLabel: string;
  viewAllTo: string;
  children: ReactNode[];
}

function RecentList({ id, heading, loading, failed, empty, viewAllLabel, viewAllTo, children }: RecentListProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {heading}
      </Typography>
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={`${texts.loading} ${heading}`} />
        </Box>
      ) : failed ? null : children.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {children}
        </Box>
      )}
      <Box sx={{ mt: 'auto', pt: 2 }}>
        <Link component={RouterLink} to={viewAllTo}>
          {viewAllLabel}
        </Link>
      </Box>
    </Paper>
  );
}

function RecentItem({ to, title, detail, status }: { to: string; title: string; detail: string; status: string }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link component={RouterLink} to={to} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Link>
        {detail !== '' && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
      <StatusBadge status={status} />
    </Box>
  );
}

/** The overview of spec section 2: account summary, upload panel, the newest transcripts and tickets. */
export default function DashboardPage() {
  const { user, refresh: refreshUser } = useAuth();
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded = useRef(false);

  // Each bump loads the lists again (after an upload, and when processing ends).
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useEffect(() => {
    let active = true;
    loadDashboard().then(
      (next) => {
        if (!active) return;
        loaded.current = true;
        setData(next);
        setError(null);
      },
      () => {
        if (active) setError(loaded.current ? texts.refreshFailed : texts.loadFailed);
      },
    );
    return () => {
      active = false;
    };
  }, [reloads]);

  const afterProcessing = useCallback(() => {
    reload();
    void refreshUser();
  }, [reload, refreshUser]);

  if (!user) return null;
  const loading = data === null && error === null;

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle}</title>
      <Typography variant="h1">{texts.heading}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {texts.welcome(user.fullName ?? user.email)}
      </Typography>
      <Stack spacing={3}>
        {error !== null && (
          <Alert severity="error" onClose={data ? () => setError(null) : undefined}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <AccountSummary user={user} />
          <UploadPanel onUploaded={reload} onProcessed={afterProcessing} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <RecentList
            id="recent-transcripts-heading"
            heading={texts.recentTranscripts}
            loading={loading}
            failed={data === null && error !== null}
            empty={texts.noTranscripts}
            viewAllLabel={texts.viewAllTranscripts}
            viewAllTo="/transcripts"
          >
            {(data?.transcripts ?? []).map((transcript) => (
              <RecentItem
                key={transcript.id}
                to={`/transcripts/${transcript.id}`}
                title={transcript.title}
                detail={formatDateTime(transcript.createdAt)}
                status={transcript.processingStatus}
              />
            ))}
          </RecentList>
          <RecentList
            id="recent-tickets-heading"
            heading={texts.recentTickets}
            loading={loading}
            failed={data === null && error !== null}
            empty={texts.noTickets}
            viewAllLabel={texts.viewAllTickets}
            viewAllTo="/tickets"
          >
            {(data?.tickets ?? []).map((ticket) => (
              <RecentItem
                key={ticket.id}
                to={`/tickets/${ticket.id}`}
                title={ticket.title}
                detail={ticket.project}
                status={ticket.status}
              />
            ))}
          </RecentList>
        </Box>
      </Stack>
    </Container>
  );
}
