import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { CancelSubscriptionResponse, PortalSession, SubscribeResponse } from '../../schemas/types.ts';
import { planOf } from '../credits/credits.ts';
import { Plan } from '../credits/plan.entity.ts';
import type { CreditSchedules } from '../credits/resets.ts';
import { Conflict, InvalidInput, Refused, UpstreamFailed } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import type { BillingAccount } from './billing-account.entity.ts';
import { applySubscription, lockedAccount, RANK } from './state.ts';
import { subscriptionPeriodEnd } from './shapes.ts';
import { ENDED_STATUSES, PAID_STATUSES, type BillingSetup, type PaidTierId } from './stripe.ts';
import { billingAccountOf, currentSubscription, PAID_PLANS_UNAVAILABLE } from './views.ts';

export interface SubscriptionDependencies {
  setup: BillingSetup;
  /** The web app's address: Stripe sends the browser back to its /billing page. */
  appUrl: string;
  schedules: CreditSchedules;
}

const live = (account: BillingAccount | null): account is BillingAccount & { stripeSubscriptionId: string; status: string } =>
  Boolean(account?.stripeSubscriptionId && account.status && !ENDED_STATUSES.has(account.status));

const day = (date: Date | null) => date?.toISOString().slice(0, 10);

async function stripeOf(setup: BillingSetup): Promise<Stripe> {
  if (!setup.stripe || setup.unavailableReason) throw new Refused(PAID_PLANS_UNAVAILABLE);
  return setup.stripe();
}

/**
 * Subscribes the workspace to a paid plan, paid by `owner`. Without a paid subscription: a Stripe Checkout Session
 * in subscription mode for the workspace's Stripe customer (made once, its id kept; its e-mail the owner's), whose
 * page the browser is sent to. With one: the subscription's price is changed in place (prorated), and the new plan's
 * limits apply at once.
 */
export async function subscribe(em: EntityManager, workspace: Workspace, owner: User, tierId: string, deps: SubscriptionDependencies): Promise<SubscribeResponse> {
  const plans = await em.find(Plan, {}, { orderBy: { sortOrder: 'asc' } });
  const plan = plans.find((candidate) => candidate.id === tierId.trim().toLowerCase());
  if (!plan) throw new InvalidInput(`There is no plan "${tierId}". Choose one of: ${plans.map((p) => p.id).join(', ')}.`);
  const stripe = await stripeOf(deps.setup);
  if (plan.id === 'free') {
    const current = await planOf(em, workspace);
    throw new InvalidInput(current.id === 'free' ? 'You are on the Free plan already.' : 'To return to the Free plan, cancel your subscription.');
  }
  const price = deps.setup.prices[plan.id as PaidTierId];
  if (!price) throw new Refused(`The ${plan.name} plan is not available on this installation.`);

  const result = await em.fork().transactional(async (tx) => {
    const account = await lockedAccount(tx, workspace.id);
    if (live(account) && PAID_STATUSES.has(account.status)) return changePlan(tx, stripe, account, plan, price, deps);
    const metadata = { workspaceId: workspace.id, userId: owner.id };
    if (!account.stripeCustomerId) {
      const customer = await stripe.customers.create(
        { email: owner.email, name: (workspace.personal ? owner.fullName : workspace.name) || undefined, metadata },
        { idempotencyKey: `tickscribe-customer-${workspace.id}` },
      );
      account.stripeCustomerId = customer.id;
    }
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: account.stripeCustomerId,
      client_reference_id: workspace.id,
      line_items: [{ price, quantity: 1 }],
      metadata: { ...metadata, tierId: plan.id },
      subscription_data: { metadata: { ...metadata, tierId: plan.id } },
      success_url: `${deps.appUrl}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.appUrl}/billing?checkout=cancelled`,
    });
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a url.');
    return { redirectUrl: session.url, message: `Complete the payment for the ${plan.name} plan on Stripe's page.` };
  });
  await deps.schedules.ensure(workspace.id).catch(() => {});
  return result;
}

async function changePlan(
  tx: EntityManager, stripe: Stripe, account: BillingAccount & { stripeSubscriptionId: string; status: string }, plan: Plan, price: string,
  deps: SubscriptionDependencies,
): Promise<SubscribeResponse> {
  if (account.tierId === plan.id) throw new Conflict(`You are on the ${plan.name} plan already.`);
  const itemId = account.stripeItemId ?? (await stripe.subscriptions.retrieve(account.stripeSubscriptionId)).items.data[0]?.id;
  if (!itemId) throw new Error(`Stripe subscription ${account.stripeSubscriptionId} has no item to change.`);
  const workspaceId = (account.workspace as Workspace).id;
  await stripe.subscriptions.update(account.stripeSubscriptionId, {
    items: [{ id: itemId, price }],
    proration_behavior: 'create_prorations',
    cancel_at_period_end: false,
    metadata: { workspaceId, tierId: plan.id },
  });
  Object.assign(account, {
    tierId: plan.id, priceId: price, stripeItemId: itemId, cancelAtPeriodEnd: false,
    stateAt: Math.max(account.stateAt, Math.floor(Date.now() / 1000)), stateRank: RANK.ownChange,
  });
  const workspace = await tx.findOneOrFail(Workspace, workspaceId);
  if (PAID_STATUSES.has(account.status)) Object.assign(workspace, { subscriptionTier: plan.id, isSubscribed: true });
  return { redirectUrl: `${deps.appUrl}/billing?plan=${plan.id}`, message: `You are now on the ${plan.name} plan: its limits apply at once.` };
}

/** A Stripe Customer Portal session for the workspace's customer: invoices, payment methods, plan. */
export async function portalSession(em: EntityManager, workspace: Workspace, deps: SubscriptionDependencies): Promise<PortalSession> {
  if (!deps.setup.stripe) throw new Refused(PAID_PLANS_UNAVAILABLE);
  const account = await billingAccountOf(em, workspace);
  if (!account?.stripeCustomerId) throw new Conflict('You have no billing account yet: subscribe to a paid plan first.');
  const stripe = await deps.setup.stripe();
  let session: Stripe.BillingPortal.Session;
  try {
    session = await stripe.billingPortal.sessions.create({ customer: account.stripeCustomerId, return_url: `${deps.appUrl}/billing` });
  } catch (error) {
    throw portalFailure(error);
  }
  return { url: session.url };
}

/** What the operator must set up in Stripe's dashboard before anyone can open the Customer Portal. */
export const PORTAL_NOT_SET_UP =
  "The billing portal is not set up for this installation's Stripe account yet: its operator must save the Customer Portal "
  + 'settings in the Stripe dashboard (Settings, Billing, Customer portal; in test mode and in live mode alike). Please try again later.';

/**
 * Stripe refuses portal sessions until the account's portal settings have been saved once ("You can't create a
 * portal session in test mode until you save your customer portal settings…", mozilla/fxa#13245; "No configuration
 * provided and your … default configuration has not been created"). Said so, for the operator; anything else in words.
 */
function portalFailure(error: unknown): UpstreamFailed {
  const message = error instanceof Error ? error.message : String(error);
  if (/customer portal settings|default configuration has not been created/i.test(message)) return new UpstreamFailed(PORTAL_NOT_SET_UP);
  return new UpstreamFailed(`Stripe could not open the billing portal: ${message.split('\n')[0]}`);
}

/**
 * Cancels the workspace's subscription (the spec's choice of the free plan while subscribed). A paid-up subscription
 * ends at the end of the period it was paid for (the refund policy); one whose payment is outstanding ends now.
 */
export async function cancelSubscription(em: EntityManager, workspace: Workspace, deps: SubscriptionDependencies): Promise<CancelSubscriptionResponse> {
  const account = await billingAccountOf(em, workspace);
  if (!live(account)) {
    const plan = await planOf(em, workspace);
    if (plan.id !== 'free') throw new Conflict('Your plan was set by the administrator of this installation: ask them to change it.');
    throw new Conflict('You have no subscription to cancel: you are on the Free plan.');
  }
  if (!deps.setup.stripe) throw new Refused(PAID_PLANS_UNAVAILABLE);
  const stripe = await deps.setup.stripe();
  const plan = await planOf(em, workspace);
  const effects = { anchorChanged: new Set<string>() };
  const message = await em.fork().transactional(async (tx) => {
    const locked = await lockedAccount(tx, workspace.id);
    if (!live(locked)) throw new Conflict('You have no subscription to cancel: you are on the Free plan.');
    if (locked.status === 'active' || locked.status === 'trialing') {
      const updated = await stripe.subscriptions.update(locked.stripeSubscriptionId, { cancel_at_period_end: true });
      const end = subscriptionPeriodEnd(updated);
      locked.cancelAtPeriodEnd = true;
      locked.currentPeriodEnd ??= end ? new Date(end * 1000) : null;
      const until = day(locked.currentPeriodEnd);
      return `Your ${plan.name} subscription is cancelled. ${until ? `It stays active until ${until}; then` : 'At the end of the period'} you are on the Free plan.`;
    }
    await stripe.subscriptions.cancel(locked.stripeSubscriptionId);
    const state = {
      subscriptionId: locked.stripeSubscriptionId, customerId: null, status: 'canceled', tierId: null, priceId: null, itemId: null,
      subscribedAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, endedAt: new Date(),
    };
    await applySubscription(tx, await tx.findOneOrFail(Workspace, workspace.id), locked, state, { at: Math.floor(Date.now() / 1000), rank: RANK.deleted }, effects);
    return 'Your subscription is cancelled: you are on the Free plan now.';
  });
  for (const workspaceId of effects.anchorChanged) await deps.schedules.anchorChanged(workspaceId).catch(() => {});
  return { message, subscription: await currentSubscription(em.fork(), await em.fork().findOneOrFail(Workspace, workspace.id), deps.setup) };
}
