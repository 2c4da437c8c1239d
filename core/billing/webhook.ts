import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { StripeWebhookReceipt } from '../../schemas/types.ts';
import type { CreditSchedules } from '../credits/resets.ts';
import { db, sql } from '../db/sql.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { Payment } from './payment.entity.ts';
import { recordInvoice, recordRefund } from './payments.ts';
import { chargeInvoiceId, idOf, invoiceSubscriptionMetadata, subscriptionPeriodEnd } from './shapes.ts';
import { applySubscription, lockedAccount, RANK, workspaceForStripe, type Effects } from './state.ts';
import { PAID_TIERS, tierOfPrice, type BillingSetup, type PaidTierId } from './stripe.ts';

export interface WebhookDependencies {
  setup: BillingSetup;
  schedules: CreditSchedules;
  logger?: Logger;
}

/** How far a delivery's signed timestamp may be from this server's clock (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const OUTSIDE_TOLERANCE =
  "The Stripe-Signature header's timestamp is more than 5 minutes away from this server's clock: the delivery is refused as a possible replay.";

const paidTier = (value: string | undefined): PaidTierId | null => PAID_TIERS.find((tier) => tier === value) ?? null;

function subscriptionState(subscription: Stripe.Subscription, setup: BillingSetup, deleted: boolean) {
  const item = subscription.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    status: deleted ? 'canceled' : subscription.status,
    tierId: tierOfPrice(setup, priceId) ?? paidTier(subscription.metadata?.['tierId']),
    priceId,
    itemId: item?.id ?? null,
    subscribedAt: seconds(subscription.billing_cycle_anchor),
    currentPeriodEnd: seconds(subscriptionPeriodEnd(subscription)),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    endedAt: seconds(subscription.ended_at),
  };
}

async function checkoutCompleted(tx: EntityManager, session: Stripe.Checkout.Session, created: number, setup: BillingSetup, effects: Effects) {
  if (session.mode !== 'subscription') return 'ignored: not a subscription checkout';
  const customerId = idOf(session.customer);
  // A session made before plans were the workspace's has the user's id as its reference.
  const workspace = await workspaceForStripe(tx, customerId, { userId: session.client_reference_id ?? undefined, ...session.metadata });
  if (!workspace) return 'ignored: no workspace has this customer';
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return 'ignored: the session has no subscription';
  const account = await lockedAccount(tx, workspace.id);
  if (customerId && !account.stripeCustomerId) account.stripeCustomerId = customerId;
  if (session.payment_status === 'unpaid') return 'ignored: the payment is not complete yet';
  if (account.stripeSubscriptionId === subscriptionId && account.stateRank >= RANK.created) return 'applied: the subscription was already known';
  const tierId = paidTier(session.metadata?.['tierId']);
  const state = {
    subscriptionId, customerId, status: 'active', tierId, priceId: tierId ? (setup.prices[tierId] ?? null) : null, itemId: null,
    subscribedAt: new Date(created * 1000), currentPeriodEnd: null, cancelAtPeriodEnd: false, endedAt: null,
  };
  return applySubscription(tx, workspace, account, state, { at: created, rank: RANK.checkout }, effects);
}

async function subscriptionChanged(tx: EntityManager, event: Stripe.Event, setup: BillingSetup, effects: Effects) {
  const subscription = event.data.object as Stripe.Subscription;
  const state = subscriptionState(subscription, setup, event.type === 'customer.subscription.deleted');
  const workspace = await workspaceForStripe(tx, state.customerId, subscription.metadata);
  if (!workspace) return 'ignored: no workspace has this customer';
  const account = await lockedAccount(tx, workspace.id);
  const rank = event.type === 'customer.subscription.created' ? RANK.created : event.type === 'customer.subscription.deleted' ? RANK.deleted : RANK.updated;
  return applySubscription(tx, workspace, account, state, { at: event.created, rank }, effects);
}

async function invoiceEvent(tx: EntityManager, invoice: Stripe.Invoice, status: 'successful' | 'failed', setup: BillingSetup) {
  const workspace = await workspaceForStripe(tx, idOf(invoice.customer), invoiceSubscriptionMetadata(invoice));
  if (!workspace) return 'ignored: no workspace has this customer';
  await lockedAccount(tx, workspace.id);
  return recordInvoice(tx, workspace, invoice, status, setup);
}

async function chargeRefunded(tx: EntityManager, charge: Stripe.Charge, invoiceId: string | null) {
  const workspace = await workspaceForStripe(tx, idOf(charge.customer), charge.metadata);
  if (!workspace) return 'ignored: no workspace has this customer';
  await lockedAccount(tx, workspace.id);
  return recordRefund(tx, workspace, charge, invoiceId);
}

function dispatch(tx: EntityManager, event: Stripe.Event, setup: BillingSetup, effects: Effects, refundedInvoice: string | null): Promise<string> | string {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(tx, event.data.object, event.created, setup, effects);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(tx, event, setup, effects);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoiceEvent(tx, event.data.object, 'successful', setup);
    case 'invoice.payment_failed':
      return invoiceEvent(tx, event.data.object, 'failed', setup);
    case 'charge.refunded':
      return chargeRefunded(tx, event.data.object, chargeInvoiceId(event.data.object) ?? refundedInvoice);
    default:
      return `ignored: ${event.type} is not used`;
  }
}

/**
 * The invoice a refunded charge paid, when our payments do not know its payment intent yet: Stripe's invoice
 * events do not carry it, so Stripe is asked (before the transaction). Null when it cannot say.
 */
async function invoiceOfRefund(em: EntityManager, stripe: Stripe, event: Stripe.Event, logger?: Logger): Promise<string | null> {
  if (event.type !== 'charge.refunded' || chargeInvoiceId(event.data.object)) return null;
  const paymentIntent = idOf(event.data.object.payment_intent);
  if (!paymentIntent || (await em.fork().count(Payment, { stripePaymentIntentId: paymentIntent }))) return null;
  try {
    const found = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 });
    return idOf(found.data[0]?.invoice as string | { id: string } | undefined);
  } catch (error) {
    logger?.warn({ err: error, paymentIntent }, 'could not ask Stripe which invoice a refunded payment paid');
    return null;
  }
}

/**
 * Receives one Stripe event: verifies its signature over the raw body, stores it under its id and processes it
 * in the same transaction, so each event is processed exactly once however often Stripe delivers it (a
 * delivery that fails stores nothing, and Stripe's retry processes it). Moved subscription dates are passed to
 * the monthly reset schedules after the commit.
 */
export async function receiveStripeEvent(
  em: EntityManager,
  deps: WebhookDependencies,
  rawBody: string | undefined,
  signature: string | undefined,
): Promise<StripeWebhookReceipt> {
  const { stripe, webhookSecret } = deps.setup;
  if (!stripe || !webhookSecret) throw new NotFound('Stripe is not configured on this installation, so it takes no Stripe events.');
  if (!signature) throw new InvalidInput('The Stripe-Signature header is missing.');
  const client = await stripe();
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(rawBody ?? '', signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    if (/tolerance/i.test(String(error))) throw new InvalidInput(OUTSIDE_TOLERANCE);
    throw new InvalidInput("The Stripe-Signature header does not match this body and the endpoint's signing secret.");
  }
  // The SDK refuses a signature older than the tolerance but takes one from any time ahead: a delivery signed in
  // the future could be replayed for as long. Both directions are refused (the signed timestamp, so it is genuine).
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!(Math.abs(Date.now() / 1000 - signedAt) <= SIGNATURE_TOLERANCE_SECONDS)) throw new InvalidInput(OUTSIDE_TOLERANCE);
  const refundedInvoice = await invoiceOfRefund(em, client, event, deps.logger);
  const effects: Effects = { anchorChanged: new Set() };
  const result = await em.fork().transactional(async (tx) => {
    const d = db(tx);
    const stored = await d.insertInto('stripe_events')
      .values({ id: event.id, type: event.type, created_at: new Date(event.created * 1000), received_at: sql<Date>`now()`, outcome: 'processing', payload: sql`${rawBody}::jsonb` })
      .onConflict((oc) => oc.column('id').doNothing()).returning('id').execute();
    if (!stored.length) {
      const [row] = await d.selectFrom('stripe_events').select('outcome').where('id', '=', event.id).execute();
      return { duplicate: true, outcome: row?.outcome ?? 'processed before' };
    }
    const outcome = await dispatch(tx, event, deps.setup, effects, refundedInvoice);
    await tx.flush();
    await d.updateTable('stripe_events').set({ outcome }).where('id', '=', event.id).execute();
    return { duplicate: false, outcome };
  });
  for (const workspaceId of effects.anchorChanged) {
    await deps.schedules.anchorChanged(workspaceId).catch((error: unknown) =>
      deps.logger?.warn({ err: error, workspaceId }, 'could not tell the monthly credit reset that the subscription date moved'),
    );
  }
  return { received: true, ...result };
}
