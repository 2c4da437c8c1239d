import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { Schema } from '../api/schema.ts';

export type Tier = Schema<'SubscriptionTier'>;
export type Tiers = Schema<'SubscriptionTiers'>;
export type Subscription = Schema<'CurrentSubscription'>;
export type Payment = Schema<'BillingPayment'>;

/** The billing calls of the spec's "The calls it makes", and GET /api/subscriptions/current. */
export const billingApi = {
  tiers: () => dataOf(api.GET('/api/subscriptions/tiers')),
  current: () => dataOf(api.GET('/api/subscriptions/current')),
  payments: async () => (await dataOf(api.GET('/api/subscriptions/payment-history'))).payments,
  /** Where to send the browser: Stripe Checkout, or back to /billing after a plan change. */
  subscribe: (tierId: string) => dataOf(api.POST('/api/subscriptions/subscribe', { body: { tierId } })),
  cancel: () => dataOf(api.POST('/stripe/cancel-subscription')),
  portal: () => dataOf(api.POST('/stripe/create-portal-session')),
};

/** Polling after a checkout, until Stripe's confirmation has arrived. */
export interface AwaitingCheckout {
  /** Ask again every this many ms while the plan is still Free (false: do not poll). */
  pollMs: number | false;
}

export const usePlans = () => useQuery({ queryKey: queryKeys.billing.tiers, queryFn: billingApi.tiers });

/** The user's plan and subscription; after a checkout it is asked again until a paid plan applies. */
export function useSubscription({ pollMs }: AwaitingCheckout = { pollMs: false }) {
  return useQuery({
    queryKey: queryKeys.billing.current,
    queryFn: billingApi.current,
    refetchInterval: ({ state }) => (pollMs !== false && state.data?.isSubscribed !== true ? pollMs : false),
  });
}

export const usePayments = () => useQuery({ queryKey: queryKeys.billing.payments, queryFn: billingApi.payments });

/** After a plan change: the plans, the subscription, the payments, the credits and the dashboard load again. */
export async function refreshBilling(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tokenUsage.stats }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]);
}
