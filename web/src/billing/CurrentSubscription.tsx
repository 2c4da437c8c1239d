import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { Panel } from '../ui/Panel.tsx';
import { billingApi, type Subscription } from './api.ts';
import { formatDay, subscriptionLabel } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { billingTexts as texts } from './texts.ts';

/** The subscription's renewal or end, or who set the plan. */
function periodNote(subscription: Subscription): string | null {
  if (subscription.cancelAtPeriodEnd) {
    const end = formatDay(subscription.currentPeriodEnd);
    return end ? texts.cancelsOn(end) : texts.cancelsAtPeriodEnd;
  }
  return subscription.managedBy === 'administrator' ? texts.setByAdministrator : null;
}

/**
 * The workspace's plan and subscription; 'Manage Billing' (only for a Stripe customer, and only for the workspace's
 * owner) opens Stripe's Customer Portal in this tab.
 */
export interface CurrentSubscriptionProps {
  subscription: Subscription | undefined;
  failed: boolean;
  /** Shows why the portal could not be opened. */
  onError(text: string): void;
  /** The viewer may open the portal: the workspace's owner. */
  mayManage: boolean;
}

export function CurrentSubscription({ subscription, failed, onError, mayManage }: CurrentSubscriptionProps) {
  const [opening, setOpening] = useState(false);

  const openPortal = async () => {
    setOpening(true);
    try {
      const { url } = await billingApi.portal();
      if (!url) throw new Error(texts.invalidPortalUrl);
      window.location.assign(url);
    } catch (error) {
      onError(error instanceof Error && error.message === texts.invalidPortalUrl ? error.message : failureText(error, texts.portalFailed));
      setOpening(false);
    }
  };

  if (subscription === undefined) {
    return (
      <Panel id="current-subscription-heading" heading={texts.currentHeading} headingGap={2}>
        {failed ? <LoadFailed /> : <CircularProgress aria-label={texts.currentHeading} />}
      </Panel>
    );
  }

  const rows: { label: string; value: string }[] = [
    { label: texts.plan, value: subscriptionLabel(subscription.tierName, subscription.isSubscribed, texts.active) },
  ];
  if (subscription.status) rows.push({ label: texts.status, value: texts.subscriptionStatuses[subscription.status] ?? subscription.status });
  if (subscription.subscribedAt) rows.push({ label: texts.subscribedSince, value: formatDay(subscription.subscribedAt) });
  if (subscription.currentPeriodEnd && !subscription.cancelAtPeriodEnd) {
    rows.push({ label: texts.renewsOn, value: formatDay(subscription.currentPeriodEnd) });
  }
  const note = periodNote(subscription);

  return (
    <Panel id="current-subscription-heading" heading={texts.currentHeading} headingGap={2}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="textSecondary">
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600 }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {note && (
        <Alert severity={subscription.cancelAtPeriodEnd ? 'warning' : 'info'} sx={{ mt: 2 }}>
          {note}
        </Alert>
      )}
      {subscription.canManageBilling && mayManage && (
        <Button variant="contained" onClick={() => void openPortal()} disabled={opening} sx={{ mt: 2 }}>
          {opening ? texts.openingPortal : texts.manageBilling}
        </Button>
      )}
    </Panel>
  );
}
