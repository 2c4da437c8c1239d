import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';

const texts = {
  pageTitle: 'Dashboard · Tickscribe',
  heading: 'Dashboard',
  welcome: (name: string) => `Welcome back, ${name}.`,
  accountHeading: 'Account',
  fullName: 'Full name',
  notProvided: 'Not provided',
  email: 'Email',
  subscription: 'Subscription',
  freeTier: 'Free',
  active: '(Active)',
  billingLink: 'View plans and billing',
  transcriptsProcessed: 'Transcripts processed',
} as const;

export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;

  const tier = user.subscriptionTier ?? texts.freeTier;
  const rows = [
    { label: texts.fullName, value: user.fullName ?? texts.notProvided },
    { label: texts.email, value: user.email },
    { label: texts.subscription, value: user.isSubscribed ? `${tier} ${texts.active}` : tier },
    { label: texts.transcriptsProcessed, value: String(user.transcriptsProcessed) },
  ];

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle}</title>
      <Typography variant="h1">{texts.heading}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {texts.welcome(user.fullName ?? user.email)}
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="account-heading" sx={{ p: 3, maxWidth: 560 }}>
        <Typography id="account-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {texts.accountHeading}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
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
    </Container>
  );
}
