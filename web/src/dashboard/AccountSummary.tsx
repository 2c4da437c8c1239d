import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { User } from '../auth/user.ts';
import { useSubscription } from '../billing/api.ts';
import { planNameFromId, subscriptionLabel } from '../billing/format.ts';
import { Panel } from '../ui/Panel.tsx';
import { dashboardTexts as texts } from './texts.ts';

/** The signed-in user's name, address, plan and how many transcripts were processed. */
export function AccountSummary({ user }: { user: User }) {
  // The plan's name and state come from the subscription; the signed-in user's plan id stands in until then.
  const { data: subscription } = useSubscription();
  const plan = subscription
    ? subscriptionLabel(subscription.tierName, subscription.isSubscribed, texts.active)
    : subscriptionLabel(user.subscriptionTier ? planNameFromId(user.subscriptionTier) : texts.freeTier, user.isSubscribed, texts.active);
  const rows = [
    { label: texts.fullName, value: user.fullName ?? texts.notProvided },
    { label: texts.email, value: user.email },
    { label: texts.subscription, value: plan },
    { label: texts.transcriptsProcessed, value: String(user.transcriptsProcessed) },
  ];
  return (
    <Panel id="account-heading" heading={texts.accountHeading} headingGap={2}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="textSecondary">
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
    </Panel>
  );
}
