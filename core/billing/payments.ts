import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { recordReset } from '../credits/resets.ts';
import { Plan } from '../credits/plan.entity.ts';
import type { Workspace } from '../workspaces/workspace.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { Payment, PAYMENT_STATUSES, type PaymentStatus } from './payment.entity.ts';
import { tierOfPrice, type BillingSetup } from './stripe.ts';
import { idOf, invoicePaymentIntent, invoiceSubscriptionId, linePriceId } from './shapes.ts';

/** Invoices that start a paid period: the first one, and each renewal. Their payment resets the credits. */
const NEW_PERIOD_REASONS = new Set(['subscription_create', 'subscription_cycle']);

const rank = (status: PaymentStatus) => PAYMENT_STATUSES.indexOf(status);

async function describeInvoice(em: EntityManager, invoice: Stripe.Invoice, setup: BillingSetup): Promise<string> {
  const line = invoice.lines?.data?.[0];
  if (line?.description) return line.description;
  const tier = tierOfPrice(setup, linePriceId(line));
  const plan = tier ? await em.findOne(Plan, tier) : null;
  return `Tickscribe ${plan?.name ?? 'subscription'}${invoice.billing_reason === 'subscription_cycle' ? ' (renewal)' : ''}`;
}

/**
 * Records an invoice's payment (one row per invoice) and moves its status forward only: a late 'failed' never
 * undoes 'successful', nor either of them 'refunded'. A paid invoice that starts a paid period resets the
 * credits once, keyed by the invoice, so a redelivered or duplicated event cannot reset them twice.
 */
export async function recordInvoice(
  tx: EntityManager,
  workspace: Workspace,
  invoice: Stripe.Invoice,
  status: 'successful' | 'failed',
  setup: BillingSetup,
): Promise<string> {
  const paidAt = invoice.status_transitions?.paid_at ?? null;
  const date = new Date((status === 'successful' && paidAt ? paidAt : invoice.created) * 1000);
  const amount = status === 'successful' ? invoice.amount_paid : invoice.amount_due;
  const paymentIntent = invoicePaymentIntent(invoice);
  const existing = await tx.findOne(Payment, { stripeInvoiceId: invoice.id });
  let outcome: string;
  if (!existing) {
    tx.create(Payment, {
      workspace, stripeInvoiceId: invoice.id, stripePaymentIntentId: paymentIntent, amountCents: amount, currency: invoice.currency,
      description: await describeInvoice(tx, invoice, setup), status, date,
    });
    outcome = `recorded a ${status} payment`;
  } else if (rank(status) > rank(existing.status)) {
    Object.assign(existing, { status, amountCents: amount, date, stripePaymentIntentId: existing.stripePaymentIntentId ?? paymentIntent });
    outcome = `payment is now ${status}`;
  } else {
    if (paymentIntent && !existing.stripePaymentIntentId) existing.stripePaymentIntentId = paymentIntent;
    outcome = `payment stays ${existing.status}`;
  }
  if (status !== 'successful' || !NEW_PERIOD_REASONS.has(invoice.billing_reason ?? '')) return outcome;
  const account = await tx.findOne(BillingAccount, { workspace });
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (account?.stripeSubscriptionId && subscriptionId && account.stripeSubscriptionId !== subscriptionId) {
    return `${outcome}; no reset: the invoice belongs to an earlier subscription`;
  }
  const reset = await recordReset(tx, { workspaceId: workspace.id, key: `invoice:${invoice.id}`, reason: 'renewal', at: date });
  return `${outcome}; ${reset.recorded ? 'credits reset for the new period' : 'credits were already reset for this invoice'}`;
}

/**
 * Records a refund on the payment it refunds: found by its payment intent, or by the invoice Stripe says it paid;
 * a charge we know no payment of becomes a row of its own. Fully refunded reads 'refunded'.
 */
export async function recordRefund(tx: EntityManager, workspace: Workspace, charge: Stripe.Charge, invoiceId: string | null): Promise<string> {
  const paymentIntent = idOf(charge.payment_intent);
  const payment =
    (paymentIntent && (await tx.findOne(Payment, { workspace, stripePaymentIntentId: paymentIntent }))) ||
    (invoiceId && (await tx.findOne(Payment, { workspace, stripeInvoiceId: invoiceId }))) ||
    (await tx.findOne(Payment, { workspace, stripeChargeId: charge.id }));
  const status: PaymentStatus = charge.refunded ? 'refunded' : 'successful';
  if (!payment) {
    tx.create(Payment, {
      workspace, stripeChargeId: charge.id, stripePaymentIntentId: paymentIntent, amountCents: charge.amount,
      amountRefundedCents: charge.amount_refunded, currency: charge.currency,
      description: charge.description ?? 'Tickscribe payment', status, date: new Date(charge.created * 1000),
    });
    return `recorded a ${status === 'refunded' ? 'refunded' : 'partly refunded'} charge`;
  }
  payment.amountRefundedCents = Math.max(payment.amountRefundedCents, charge.amount_refunded);
  if (rank(status) > rank(payment.status)) payment.status = status;
  payment.stripePaymentIntentId ??= paymentIntent;
  return payment.status === 'refunded' ? 'payment refunded' : 'payment partly refunded';
}
