import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingPayment, CurrentSubscription, PaymentHistory, SubscriptionTiers } from '../../schemas/types.ts';
import { planOf } from '../credits/credits.ts';
import { Plan } from '../credits/plan.entity.ts';
import type { Workspace } from '../workspaces/workspace.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { Payment } from './payment.entity.ts';
import { canBuy, ENDED_STATUSES, type BillingSetup } from './stripe.ts';

/** What the plan cards say when this installation takes no payments. */
export const PAID_PLANS_UNAVAILABLE = 'Paid plans are not available on this installation. Ask its administrator to change your plan.';

/** The workspace's Stripe link, or null before its first checkout. */
export function billingAccountOf(em: EntityManager, workspace: Pick<Workspace, 'id'>): Promise<BillingAccount | null> {
  return em.findOne(BillingAccount, { workspace: workspace.id });
}

/** The plans from the plans table (prices and limits), with what this installation can sell. */
export async function listTiers(em: EntityManager, workspace: Workspace, setup: BillingSetup): Promise<SubscriptionTiers> {
  const [plans, current] = await Promise.all([em.find(Plan, {}, { orderBy: { sortOrder: 'asc' } }), planOf(em, workspace)]);
  const paidPlansAvailable = plans.some((plan) => plan.id !== 'free' && canBuy(setup, plan.id));
  return {
    tiers: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: plan.priceCents / 100,
      currency: 'usd',
      interval: plan.interval,
      description: plan.description,
      features: plan.features,
      tokenLimits: { input: plan.inputTokenLimit, output: plan.outputTokenLimit },
      transcriptLimit: plan.transcriptLimit,
      available: canBuy(setup, plan.id),
      current: plan.id === current.id,
    })),
    currentTierId: current.id,
    paidPlansAvailable,
    notice: paidPlansAvailable ? null : PAID_PLANS_UNAVAILABLE,
  };
}

/** The workspace's plan and subscription: from Stripe's events, or set by an administrator, or Free. */
export async function currentSubscription(em: EntityManager, workspace: Workspace, setup: BillingSetup): Promise<CurrentSubscription> {
  const [plan, account] = await Promise.all([planOf(em, workspace), billingAccountOf(em, workspace)]);
  const stripeManaged = Boolean(account?.stripeSubscriptionId && account.status && !ENDED_STATUSES.has(account.status));
  return {
    tierId: plan.id,
    tierName: plan.name,
    isSubscribed: plan.id !== 'free' && workspace.isSubscribed,
    status: account?.stripeSubscriptionId ? (account.status ?? null) : null,
    managedBy: stripeManaged ? 'stripe' : plan.id !== 'free' ? 'administrator' : 'none',
    subscribedAt: stripeManaged ? (account!.subscribedAt?.toISOString() ?? null) : null,
    currentPeriodEnd: stripeManaged ? (account!.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: stripeManaged ? account!.cancelAtPeriodEnd : false,
    canManageBilling: Boolean(setup.stripe && account?.stripeCustomerId),
    paidPlansAvailable: setup.unavailableReason === null,
  };
}

/** The status shown for a payment: successful, failed or refunded; anything else reads pending. */
function shownStatus(status: string): BillingPayment['status'] {
  return status === 'successful' || status === 'failed' || status === 'refunded' ? status : 'pending';
}

/** The workspace's payments from our own table (it answers while Stripe is unreachable), newest first. */
export async function paymentHistory(em: EntityManager, workspace: Pick<Workspace, 'id'>): Promise<PaymentHistory> {
  const payments = await em.find(Payment, { workspace: workspace.id }, { orderBy: { date: 'desc', createdAt: 'desc' }, limit: 100 });
  return {
    payments: payments.map((payment) => ({
      id: payment.id,
      date: payment.date.toISOString(),
      amount: payment.amountCents / 100,
      currency: payment.currency,
      description: payment.description,
      status: shownStatus(payment.status),
      amountRefunded: payment.amountRefundedCents / 100,
    })),
  };
}
