import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { useConfirmation } from '../ui/useConfirmation.ts';
import { usageTexts } from '../usage/texts.ts';
import { TokenUsagePanel } from '../usage/TokenUsagePanel.tsx';
import { useTokenStats } from '../usage/usageApi.ts';
import { billingApi, refreshBilling, usePayments, usePlans, useSubscription, type Tier, type Tiers } from './api.ts';
import { CurrentSubscription } from './CurrentSubscription.tsx';
import { billingReturn, type BillingReturn } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { PlanCards } from './PlanCards.tsx';
import { billingTexts as texts } from './texts.ts';
import { useBillingActions } from './useBillingActions.ts';

/** Stripe's confirmation of a checkout arrives by webhook, usually within seconds: ask for it this often, this long. */
const CHECKOUT_POLL_MS = 2000;
const CHECKOUT_WAIT_MS = 60_000;

interface Notice {
  severity: 'success' | 'info';
  text: string;
}

function returnNotice(arrival: BillingReturn, tiers: Tiers | undefined): Notice | null {
  if (arrival === null) return null;
  if (arrival.kind === 'checkout-success') return { severity: 'success', text: texts.checkoutSuccess };
  if (arrival.kind === 'checkout-cancelled') return { severity: 'info', text: texts.checkoutCancelled };
  const name = tiers?.tiers.find((tier) => tier.id === arrival.tierId)?.name ?? arrival.tierId;
  return { severity: 'success', text: texts.planChanged(name) };
}

const twoColumns = { display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };

/**
 * Billing (the spec's "Screens and routes"): the subscription, this month's credits, the plans (choosing one goes to
 * Stripe
 * Checkout; Free while subscribed cancels, after a confirmation) and the payment history. Only the workspace's owner
 * is offered choosing a plan and the portal; an admin or a member of a team workspace reads the same page without
 * them, with a line saying whose the plan is.
 */
export default function BillingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh: refreshUser } = useAuth();
  const { may, waiting, notOwner } = useBillingActions();
  const [arrival] = useState(() => billingReturn(location.search));
  const [checkoutWaitOver, setCheckoutWaitOver] = useState(false);
  const awaitingCheckout = arrival?.kind === 'checkout-success' && !checkoutWaitOver;
  const tiers = usePlans();
  const subscription = useSubscription({ pollMs: awaitingCheckout ? CHECKOUT_POLL_MS : false });
  const payments = usePayments();
  const stats = useTokenStats();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [arrivalDismissed, setArrivalDismissed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busyTierId, setBusyTierId] = useState<string | null>(null);

  // The notice is shown once: the address loses its ?checkout= or ?plan= so a reload does not repeat it.
  useEffect(() => {
    if (arrival !== null && location.search !== '') void navigate(location.pathname, { replace: true });
  }, [arrival, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!awaitingCheckout) return;
    const timer = window.setTimeout(() => setCheckoutWaitOver(true), CHECKOUT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [awaitingCheckout]);

  // Once the checkout is confirmed, the plans, payments, credits and the signed-in user load again.
  const subscribed = subscription.data?.isSubscribed === true;
  useEffect(() => {
    if (arrival?.kind !== 'checkout-success' || !subscribed) return;
    void refreshBilling(queryClient);
    void refreshUser();
  }, [arrival, subscribed, queryClient, refreshUser]);

  const subscribe = async (tier: Tier) => {
    setError(null);
    setBusyTierId(tier.id);
    try {
      const { redirectUrl } = await billingApi.subscribe(tier.id);
      window.location.assign(redirectUrl);
    } catch (failure) {
      setError(failureText(failure, texts.subscribeFailed));
      setBusyTierId(null);
    }
  };

  const cancellation = useConfirmation(async (_plan: string) => {
    setError(null);
    try {
      const answer = await billingApi.cancel();
      queryClient.setQueryData(queryKeys.billing.current, answer.subscription);
      setNotice({ severity: 'success', text: answer.message });
      await Promise.all([refreshBilling(queryClient), refreshUser()]);
    } catch (failure) {
      setError(failureText(failure, texts.cancelFailed));
    }
  });

  const shownNotice = notice ?? (arrivalDismissed ? null : returnNotice(arrival, tiers.data));
  const currentPlan = subscription.data?.tierName ?? '';

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeading title={texts.pageTitle} heading={texts.heading} intro={texts.intro} />
      <Stack spacing={3}>
        <Box aria-live="polite">
          {shownNotice && (
            <Alert
              severity={shownNotice.severity}
              onClose={() => (notice ? setNotice(null) : setArrivalDismissed(true))}
              slotProps={{ closeButton: { 'aria-label': texts.dismiss } }}
            >
              {shownNotice.text}
            </Alert>
          )}
        </Box>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} slotProps={{ closeButton: { 'aria-label': texts.dismiss } }}>
            {error}
          </Alert>
        )}
        <Box sx={twoColumns}>
          <CurrentSubscription subscription={subscription.data} failed={subscription.isError} onError={setError} mayManage={may.manageBilling} />
          <TokenUsagePanel
            id="billing-usage-heading"
            heading={texts.usageHeading}
            notOwner={notOwner}
            stats={stats.data}
            failure={stats.isError && stats.data === undefined ? failureText(stats.error, usageTexts.statsError) : null}
          >
            <Link component={RouterLink} to="/token-usage">
              {texts.usageDetails}
            </Link>
          </TokenUsagePanel>
        </Box>
        {tiers.data ? (
          <PlanCards
            tiers={tiers.data}
            subscription={subscription.data}
            busyTierId={busyTierId}
            onSubscribe={(tier) => void subscribe(tier)}
            onChooseFree={() => cancellation.ask(currentPlan)}
            may={may}
            waiting={waiting}
            notOwner={notOwner}
          />
        ) : tiers.isError ? (
          <LoadFailed />
        ) : (
          <CircularProgress aria-label={texts.plansHeading} />
        )}
        <PaymentHistory payments={payments.data} failed={payments.isError} />
      </Stack>
      <ConfirmDialog
        {...cancellation.dialog}
        title={texts.confirmTitle}
        message={texts.confirmMessage(cancellation.item ?? currentPlan)}
        confirmLabel={texts.confirm}
        busyLabel={texts.confirming}
        cancelLabel={texts.keep}
      />
    </Container>
  );
}
