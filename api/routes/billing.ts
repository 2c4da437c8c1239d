import type { EntityManager } from '@mikro-orm/postgresql';
import { isStripeError, type BillingSetup } from '../../core/billing/stripe.ts';
import { cancelSubscription, portalSession, subscribe } from '../../core/billing/subscriptions.ts';
import { currentSubscription, listTiers, paymentHistory } from '../../core/billing/views.ts';
import { receiveStripeEvent } from '../../core/billing/webhook.ts';
import type { CreditSchedules } from '../../core/credits/resets.ts';
import { UpstreamFailed } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import type {
  CancelSubscriptionResponse, CurrentSubscription, PaymentHistory, PortalSession, SubscribeRequest, SubscribeResponse,
  SubscriptionTiers, StripeWebhookEvent, StripeWebhookReceipt,
} from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';
import { billedWorkspace } from '../../core/users/scope.ts';

export interface BillingRouteDependencies {
  em: () => EntityManager;
  setup: BillingSetup;
  /** The web app's address, where Stripe sends the browser back. */
  appUrl: string;
  schedules: CreditSchedules;
  logger?: Logger;
}

const schema = (name: string) => `api/billing/${name}.schema.json`;
const NO_STRIPE = 'Paid plans are not available on this installation (no Stripe account is configured).';
const STRIPE_DOWN = { description: 'Stripe refused the request or could not be reached; nothing changed.', schema: 'api/error.schema.json' };

/** Runs a call that talks to Stripe; a Stripe failure becomes UpstreamFailed (502 in words) instead of a 500. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw new UpstreamFailed('The payment provider could not complete the request. Nothing was changed; please try again in a few minutes.', { cause: error });
  }
}

/** Plans, the subscription, payments, and Stripe's Checkout, Customer Portal and webhook. */
export function billingRoutes(api: ApiRegistry, deps: BillingRouteDependencies): void {
  const { em, setup } = deps;

  api.route<undefined, undefined, SubscriptionTiers>({
    method: 'get', path: '/api/subscriptions/tiers', operationId: 'listSubscriptionTiers', tag: 'billing', auth: 'session', role: 'member',
    summary: 'The plans (Free, Pro, Enterprise) with price, interval, features and monthly token limits, and whether paid plans can be bought here.',
    responses: { 200: { description: 'The plans.', schema: schema('tiers.response') } },
    handler: async (ctx, { scope }) => listTiers(em(), await billedWorkspace(em(), scope), setup),
  });

  api.route<undefined, undefined, CurrentSubscription>({
    method: 'get', path: '/api/subscriptions/current', operationId: 'currentSubscription', tag: 'billing', auth: 'session', role: 'member',
    summary: "The workspace's plan and subscription: status, subscription date, period end, cancellation, and whether billing can be managed.",
    responses: { 200: { description: 'The subscription.', schema: schema('current.response') } },
    handler: async (ctx, { scope }) => currentSubscription(em(), await billedWorkspace(em(), scope), setup),
  });

  api.route<undefined, undefined, PaymentHistory>({
    method: 'get', path: '/api/subscriptions/payment-history', operationId: 'paymentHistory', tag: 'billing', auth: 'session', role: 'member',
    summary: "The payments for the workspace's plan (date, amount, description, status), newest first, from this installation's records.",
    responses: { 200: { description: 'The payments; an empty list when there are none.', schema: schema('payment-history.response') } },
    handler: async (ctx, { scope }) => paymentHistory(em(), { id: scope.workspace }),
  });

  api.route<SubscribeRequest, undefined, SubscribeResponse>({
    method: 'post', path: '/api/subscriptions/subscribe', operationId: 'subscribe', tag: 'billing', auth: 'session', role: 'owner',
    summary: "Subscribe the workspace to a paid plan, paid by its owner: answers the Stripe Checkout page to send the browser to, or changes the plan of a live subscription at once.",
    body: schema('subscribe.request'),
    responses: {
      200: { description: 'Where to send the browser.', schema: schema('subscribe.response') },
      400: { description: 'No such plan, or the Free plan (which needs no payment).' },
      403: { description: `${NO_STRIPE} Or this plan has no Stripe price here.` },
      409: { description: 'Already on this plan.' },
      502: STRIPE_DOWN,
    },
    handler: async (ctx, { body, user, scope }) => {
      const workspace = await billedWorkspace(em(), scope);
      return viaStripe(() => subscribe(em(), workspace, user, body.tierId, deps));
    },
  });

  api.route<undefined, undefined, PortalSession>({
    method: 'post', path: '/stripe/create-portal-session', operationId: 'createPortalSession', tag: 'billing', auth: 'session', role: 'owner',
    summary: "A Stripe Customer Portal session for the workspace's billing details, invoices and payment methods.",
    responses: {
      200: { description: 'The portal page.', schema: schema('portal.response') },
      403: { description: NO_STRIPE },
      409: { description: 'No billing account yet (never subscribed).' },
      502: STRIPE_DOWN,
    },
    handler: async (ctx, { scope }) => {
      const workspace = await billedWorkspace(em(), scope);
      return viaStripe(() => portalSession(em(), workspace, deps));
    },
  });

  api.route<undefined, undefined, CancelSubscriptionResponse>({
    method: 'post', path: '/stripe/cancel-subscription', operationId: 'cancelSubscription', tag: 'billing', auth: 'session', role: 'owner',
    summary: 'Cancel the subscription (choosing the free plan): a paid-up one ends with its period, one with a payment outstanding at once.',
    responses: {
      200: { description: 'Cancelled, in words, with the subscription after it.', schema: schema('cancel.response') },
      403: { description: NO_STRIPE },
      409: { description: 'No subscription to cancel (Free), or a plan set by the administrator.' },
      502: STRIPE_DOWN,
    },
    handler: async (ctx, { scope }) => {
      const workspace = await billedWorkspace(em(), scope);
      return viaStripe(() => cancelSubscription(em(), workspace, deps));
    },
  });

  api.route<StripeWebhookEvent, undefined, StripeWebhookReceipt>({
    method: 'post', path: '/stripe/webhook', operationId: 'stripeWebhook', tag: 'billing',
    summary: "Stripe's events (checkout, subscription, invoice, refund), verified by their Stripe-Signature header and processed once each.",
    body: schema('stripe-event'),
    responses: {
      200: { description: 'Received: processed now, or a delivery of an event processed before.', schema: schema('webhook.response') },
      400: { description: 'Not a Stripe event, or a missing or wrong signature: nothing changed.' },
      404: { description: 'This installation has no Stripe account configured.' },
    },
    handler: (ctx) => receiveStripeEvent(em(), deps, ctx.request.rawBody, ctx.get('stripe-signature') || undefined),
  });
}
