// The billing flows against stripe-mock: every request the product sends to Stripe is checked by Stripe's own
// OpenAPI there (a request that breaks it fails the call, and so the test), and Stripe's answers come back as
// Stripe would send them. Stripe's side of each flow arrives as signed events on our webhook.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyReset } from '../../core/billing/renewals.ts';
import { nextMonthlyReset } from '../../core/credits/resets.ts';
import { teamWorkspace, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import {
  addUsage, anchorFor, call, chargeObject, customerOf, invoiceObject, newUser, postEvent, PRICE_ENTERPRISE, recordingStripe, stats,
  stripeEvent, stripeMockSettings, subscribeToPro, subscriptionObject, until, workspacePlan, type StripeRequest,
} from './billing-support.ts';

// stripe-mock answers every request; the proxy in front of it keeps them, for the tests that look at what was sent.
const stripeMock = await recordingStripe();
afterAll(() => stripeMock.close());
const t = useTestApp({ ...stripeMockSettings(), STRIPE_API_BASE: stripeMock.url });
const now = () => Math.floor(Date.now() / 1000);
let temporal: Client;

beforeAll(() => {
  temporal = new Client({ connection: t.app.temporal, namespace: t.app.config.TEMPORAL_NAMESPACE });
});

/** When the workspace was made: a personal workspace's is its user's sign-up. */
const signUpDate = async (workspaceId: string) => (await t.db.query('select created_at from workspaces where id = $1', [workspaceId])).rows[0].created_at as Date;
const monthlyResets = async (workspaceId: string) =>
  (await t.db.query("select at from credit_resets where workspace_id = $1 and reason = 'monthly'", [workspaceId])).rows as { at: Date }[];

/** Waits until the workspace's credits workflow plans its next reset on the next month day of `anchor`; returns what it plans. */
async function plannedFrom(workspaceId: string, anchor: Date): Promise<string | null> {
  const expected = nextMonthlyReset(anchor, new Date()).toISOString();
  return until(() => temporal.workflow.getHandle(`credits-${workspaceId}`).query<string | null>('nextCreditReset'), (next) => next === expected);
}

/** The monthly reset of `at` as the credits workflow's worker runs it. */
const resetOfDay = (workspaceId: string, at: Date) => monthlyReset(t.app.orm.em.fork(), workspaceId, at);

describe('plans', () => {
  it('lists Free, Pro and Enterprise with prices, limits, and paid plans available', async () => {
    const user = await newUser(t);
    const { status, body } = await call<{ tiers: Record<string, unknown>[]; paidPlansAvailable: boolean; notice: null; currentTierId: string }>(
      t.base, user, 'GET', '/api/subscriptions/tiers',
    );
    expect(status).toBe(200);
    expect(body.paidPlansAvailable).toBe(true);
    expect(body.notice).toBeNull();
    expect(body.currentTierId).toBe('free');
    expect(body.tiers.map((tier) => [tier['id'], tier['price'], tier['interval'], tier['tokenLimits'], tier['available'], tier['current']])).toEqual([
      ['free', 0, 'month', { input: 200_000, output: 40_000 }, true, true],
      ['pro', 19, 'month', { input: 2_000_000, output: 400_000 }, true, false],
      ['enterprise', 99, 'month', { input: 20_000_000, output: 4_000_000 }, true, false],
    ]);
    expect(body.tiers[1]).toMatchObject({ name: 'Pro', currency: 'usd', description: expect.any(String), features: expect.arrayContaining([expect.any(String)]) });
  });
});

describe('subscribing', () => {
  it('sends the browser to Stripe Checkout for the user’s one Stripe customer, and gives Pro limits once the checkout completes', async () => {
    const user = await newUser(t);
    const first = await call<{ redirectUrl: string }>(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' });
    expect(first.status).toBe(200);
    expect(first.body.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const customer = await customerOf(t, user.workspaceId);
    expect(customer).toMatch(/^cus_/);
    expect((await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' })).status).toBe(200);
    expect(await customerOf(t, user.workspaceId)).toBe(customer);
    expect((await stats(t, user)).limit).toEqual({ input: 200_000, output: 40_000 });

    const subscription = `sub_${randomUUID().slice(0, 12)}`;
    const session = { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid', customer, subscription, client_reference_id: user.workspaceId, metadata: { workspaceId: user.workspaceId, userId: user.userId, tierId: 'pro' } };
    expect((await postEvent(t.base, stripeEvent('checkout.session.completed', session))).body).toMatchObject({ received: true, duplicate: false, outcome: 'applied: active on pro' });
    expect((await stats(t, user)).limit).toEqual({ input: 2_000_000, output: 400_000 });
    const current = await call(t.base, user, 'GET', '/api/subscriptions/current');
    expect(current.body).toMatchObject({ tierId: 'pro', tierName: 'Pro', isSubscribed: true, status: 'active', managedBy: 'stripe', canManageBilling: true });
    const me = await call<{ user: { subscriptionTier: string; isSubscribed: boolean } }>(t.base, user, 'GET', '/auth/current-user');
    expect(me.body.user).toMatchObject({ subscriptionTier: 'pro', isSubscribed: true });
  });

  it('changes the plan of a live subscription in place, with the new limits at once, and refuses the plan it is on', async () => {
    const user = await newUser(t);
    await addUsage(t, user.userId, 250_000, 10);
    expect((await stats(t, user)).blocked).toBe(true);
    await subscribeToPro(t, user);
    expect((await stats(t, user)).blocked).toBe(false);
    const upgrade = await call<{ redirectUrl: string; message: string }>(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'enterprise' });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body.redirectUrl).toMatch(/\/billing\?plan=enterprise$/);
    expect((await stats(t, user)).limit).toEqual({ input: 20_000_000, output: 4_000_000 });
    const again = await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'enterprise' });
    expect(again).toEqual({ status: 409, body: { error: 'You are on the Enterprise plan already.' } });
    const { rows } = await t.db.query('select tier_id, price_id from billing_accounts where workspace_id = $1', [user.workspaceId]);
    expect(rows[0]).toEqual({ tier_id: 'enterprise', price_id: PRICE_ENTERPRISE });
  });

  it('refuses an unknown plan and the Free plan in words', async () => {
    const user = await newUser(t);
    expect(await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'platinum' })).toEqual({
      status: 400, body: { error: 'There is no plan "platinum". Choose one of: free, pro, enterprise.' },
    });
    expect((await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'free' })).body).toEqual({ error: 'You are on the Free plan already.' });
    expect((await call(t.base, null, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' })).status).toBe(401);
  });
});

describe('the customer portal', () => {
  it('opens Stripe’s portal for a customer, and says so when there is none yet', async () => {
    const user = await newUser(t);
    expect(await call(t.base, user, 'POST', '/stripe/create-portal-session')).toEqual({
      status: 409, body: { error: 'You have no billing account yet: subscribe to a paid plan first.' },
    });
    await subscribeToPro(t, user);
    const portal = await call<{ url: string }>(t.base, user, 'POST', '/stripe/create-portal-session');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\//);
  });
});

describe('cancelling', () => {
  it('ends a paid-up subscription with its period, then returns the workspace to Free with fresh credits', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    // The period ends on the subscription date's month day, seconds from now: the moment the credits workflow sleeps until.
    const periodEnd = now() + 5;
    const anchor = Math.floor(anchorFor(new Date(periodEnd * 1000)).getTime() / 1000);
    await postEvent(t.base, stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, anchor, periodEnd })));
    const cancelled = await call<{ message: string; subscription: Record<string, unknown> }>(t.base, user, 'POST', '/stripe/cancel-subscription');
    expect(cancelled.status).toBe(200);
    const until = new Date(periodEnd * 1000).toISOString().slice(0, 10);
    expect(cancelled.body.message).toBe(`Your Pro subscription is cancelled. It stays active until ${until}; then you are on the Free plan.`);
    expect(cancelled.body.subscription).toMatchObject({ tierId: 'pro', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    await addUsage(t, user.userId, 500_000, 1_000, new Date(Date.now() - 60_000));

    // The workflow wakes at the period's end, the subscription still paid (its renewal is the invoice's), and plans on.
    await sleep(periodEnd * 1000 + 500 - Date.now());
    expect(await plannedFrom(user.workspaceId, new Date(anchor * 1000))).toBe(nextMonthlyReset(new Date(anchor * 1000), new Date()).toISOString());
    const ended = subscriptionObject({ id: subscription, customer, status: 'canceled', anchor, periodEnd, endedAt: periodEnd });
    expect((await postEvent(t.base, stripeEvent('customer.subscription.deleted', ended))).body.outcome).toBe('applied: the subscription ended; the workspace is on Free');
    // Stripe's end and the wake-up come at the same moment in either order: the reset of that moment, when the worker
    // runs it after the end was applied, leaves the plan change's reset the last one.
    const lateReset = await resetOfDay(user.workspaceId, new Date(periodEnd * 1000));
    const after = await stats(t, user);
    expect(after).toMatchObject({
      limit: { input: 200_000, output: 40_000 }, used: { input: 0, output: 0 },
      lastReset: { at: new Date(periodEnd * 1000).toISOString(), reason: 'plan-change', unblocked: false },
    });
    const { rows } = await t.db.query('select credit_cycle_anchor = created_at as back_to_signup from workspaces where id = $1', [user.workspaceId]);
    expect(rows[0].back_to_signup).toBe(true);
    // The credits workflow, told that the date moved back to sign-up, plans that date's next month day and resets nothing now.
    const signUp = await signUpDate(user.workspaceId);
    expect(await plannedFrom(user.workspaceId, signUp)).toBe(nextMonthlyReset(signUp, new Date()).toISOString());
    expect(await monthlyResets(user.workspaceId)).toEqual([]);
    expect(lateReset).toBe('not a reset date');
    expect((await stats(t, user)).lastReset).toMatchObject({ reason: 'plan-change' });
    expect(await call(t.base, user, 'POST', '/stripe/cancel-subscription')).toEqual({
      status: 409, body: { error: 'You have no subscription to cancel: you are on the Free plan.' },
    });
  });

  it('plans the resets from each subscription date, Free to Pro to Enterprise to a cancellation, and resets on none a plan change left', async () => {
    const user = await newUser(t);
    const signUp = await signUpDate(user.workspaceId);
    expect(await plannedFrom(user.workspaceId, signUp)).toBe(nextMonthlyReset(signUp, new Date()).toISOString());

    const { customer, subscription } = await subscribeToPro(t, user);
    const subscribed = now() - 3 * 86_400;
    await postEvent(t.base, stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, anchor: subscribed })));
    const proDay = nextMonthlyReset(new Date(subscribed * 1000), new Date());
    expect(await plannedFrom(user.workspaceId, new Date(subscribed * 1000))).toBe(proDay.toISOString());
    // A wake-up planned from the sign-up date before the checkout, and one on the subscription's day, which its invoice renews.
    expect(await resetOfDay(user.workspaceId, nextMonthlyReset(signUp, new Date()))).toBe('not a reset date');
    expect(await resetOfDay(user.workspaceId, proDay)).toBe('renewed by invoice');

    expect((await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'enterprise' })).status).toBe(200);
    expect(await plannedFrom(user.workspaceId, new Date(subscribed * 1000))).toBe(proDay.toISOString());
    expect(await resetOfDay(user.workspaceId, proDay)).toBe('renewed by invoice');

    // A payment fails; cancelling then ends the subscription at once.
    await postEvent(t.base, stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, anchor: subscribed, price: PRICE_ENTERPRISE, status: 'past_due' })));
    const cancelled = await call<{ message: string }>(t.base, user, 'POST', '/stripe/cancel-subscription');
    expect(cancelled.body.message).toBe('Your subscription is cancelled: you are on the Free plan now.');
    expect(await plannedFrom(user.workspaceId, signUp)).toBe(nextMonthlyReset(signUp, new Date()).toISOString());
    expect(await resetOfDay(user.workspaceId, proDay)).toBe('not a reset date');
    expect(await monthlyResets(user.workspaceId)).toEqual([]);
    expect((await stats(t, user)).lastReset).toMatchObject({ reason: 'plan-change', unblocked: false });
  });
});

describe('payments', () => {
  it('records a failed payment, then its successful retry; a late failure does not undo it', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    const invoice = invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription });
    await postEvent(t.base, stripeEvent('invoice.payment_failed', invoice));
    let history = await call<{ payments: Record<string, unknown>[] }>(t.base, user, 'GET', '/api/subscriptions/payment-history');
    expect(history.body.payments).toEqual([expect.objectContaining({ status: 'failed', amount: 19, currency: 'usd', description: '1 × Tickscribe Pro (at $19.00 / month)' })]);
    await postEvent(t.base, stripeEvent('invoice.paid', invoice));
    await postEvent(t.base, stripeEvent('invoice.payment_failed', invoice));
    history = await call(t.base, user, 'GET', '/api/subscriptions/payment-history');
    expect(history.body.payments).toEqual([expect.objectContaining({ status: 'successful', amount: 19, amountRefunded: 0 })]);
  });

  it('marks a refunded payment refunded, and keeps a refund of an unknown charge as its own row', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    const paymentIntent = `pi_${randomUUID().slice(0, 10)}`;
    await postEvent(t.base, stripeEvent('invoice.paid', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription, reason: 'subscription_create', paymentIntent })));
    await postEvent(t.base, stripeEvent('charge.refunded', chargeObject({ id: `ch_${randomUUID().slice(0, 10)}`, customer, paymentIntent })));
    // Stripe (here stripe-mock) is asked which invoice this unknown payment intent paid; it names none of ours.
    await postEvent(t.base, stripeEvent('charge.refunded', chargeObject({ id: 'ch_other', customer, paymentIntent: 'pi_unknown', amount: 500, refunded: 200 })));
    const history = await call<{ payments: { status: string; amount: number; amountRefunded: number }[] }>(t.base, user, 'GET', '/api/subscriptions/payment-history');
    expect(history.body.payments.map(({ status, amount, amountRefunded }) => ({ status, amount, amountRefunded })).sort((a, b) => a.amount - b.amount)).toEqual([
      { status: 'successful', amount: 5, amountRefunded: 2 },
      { status: 'refunded', amount: 19, amountRefunded: 19 },
    ]);
  });

  it('shows each workspace only its own payments', async () => {
    const [payer, other] = [await newUser(t), await newUser(t)];
    const { customer, subscription } = await subscribeToPro(t, payer);
    await postEvent(t.base, stripeEvent('invoice.paid', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription })));
    expect((await call<{ payments: unknown[] }>(t.base, payer, 'GET', '/api/subscriptions/payment-history')).body.payments).toHaveLength(1);
    expect((await call(t.base, other, 'GET', '/api/subscriptions/payment-history')).body).toEqual({ payments: [] });
    expect((await call(t.base, null, 'GET', '/api/subscriptions/payment-history')).status).toBe(401);

    // A team the payer owns, with the other as a member, has payments of its own, which its members see.
    const team = await teamWorkspace(t.db, payer, [{ user: other, role: 'member' }], 'Acme Payments');
    expect((await call(t.base, other, 'GET', '/api/subscriptions/payment-history', undefined, team)).body).toEqual({ payments: [] });
    const teamBill = await subscribeToPro(t, payer, team);
    await postEvent(t.base, stripeEvent('invoice.paid', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer: teamBill.customer, subscription: teamBill.subscription, amount: 2500 })));
    for (const user of [payer, other]) {
      const inTeam = await call<{ payments: { amount: number }[] }>(t.base, user, 'GET', '/api/subscriptions/payment-history', undefined, team);
      expect(inTeam.body.payments.map((payment) => payment.amount), user.email).toEqual([25]);
    }
    const own = await call<{ payments: { amount: number }[] }>(t.base, payer, 'GET', '/api/subscriptions/payment-history');
    expect(own.body.payments.map((payment) => payment.amount)).toEqual([19]);
  });
});

/** What `send` sent to Stripe at `path` (POST), in order. */
async function sentTo(path: string, send: () => Promise<unknown>): Promise<StripeRequest[]> {
  const from = stripeMock.requests.length;
  await send();
  return stripeMock.requests.slice(from).filter((request) => request.method === 'POST' && request.path === path);
}

/** The Checkout Session `user` asks for in `workspace` (their personal one without it): what was sent to Stripe. */
async function checkoutSent(user: SignedInUser, workspace?: string): Promise<Record<string, string>> {
  const sessions = await sentTo('/v1/checkout/sessions', async () => {
    const answer = await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' }, workspace);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
  expect(sessions).toHaveLength(1);
  return sessions[0]!.params;
}

/** Stripe's events for the session `sent`: the checkout completes (carrying what was sent), the subscription starts. */
async function completeCheckout(sent: Record<string, string>, customer: string): Promise<string> {
  const subscription = `sub_${randomUUID().slice(0, 12)}`;
  const session = {
    id: `cs_test_${randomUUID().slice(0, 8)}`, object: 'checkout.session', mode: sent['mode'], status: 'complete', payment_status: 'paid',
    customer, subscription, client_reference_id: sent['client_reference_id'],
    metadata: { workspaceId: sent['metadata[workspaceId]'], userId: sent['metadata[userId]'], tierId: sent['metadata[tierId]'] },
  };
  expect((await postEvent(t.base, stripeEvent('checkout.session.completed', session))).body.outcome).toBe('applied: active on pro');
  const started = subscriptionObject({
    id: subscription, customer, workspaceId: sent['subscription_data[metadata][workspaceId]']!, userId: sent['subscription_data[metadata][userId]']!,
  });
  expect((await postEvent(t.base, stripeEvent('customer.subscription.created', started))).body.outcome).toBe('applied: active on pro');
  return subscription;
}

const PRO = { input: 2_000_000, output: 400_000 };
const FREE = { input: 200_000, output: 40_000 };

describe('a team workspace’s plan', () => {
  it('is bought by its owner for the team: Checkout names the workspace, its events put the team on Pro, the owner’s own workspace stays Free', async () => {
    const [owner, member] = [await newUser(t), await newUser(t)];
    const team = await teamWorkspace(t.db, owner, [{ user: member, role: 'member' }], 'Acme Billing');
    expect((await call(t.base, member, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' }, team)).status).toBe(403);

    let sent: Record<string, string> = {};
    const customers = await sentTo('/v1/customers', async () => void (sent = await checkoutSent(owner, team)));
    // The team's own Stripe customer, billed to its owner's address; the owner's personal workspace has none.
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      params: { email: owner.email, name: 'Acme Billing', 'metadata[workspaceId]': team, 'metadata[userId]': owner.userId },
      idempotencyKey: `tickscribe-customer-${team}`,
    });
    const customer = await customerOf(t, team);
    expect((await t.db.query('select id from billing_accounts where workspace_id = $1', [owner.workspaceId])).rows).toEqual([]);
    expect(sent).toMatchObject({
      mode: 'subscription', customer, client_reference_id: team,
      'metadata[workspaceId]': team, 'metadata[userId]': owner.userId, 'metadata[tierId]': 'pro',
      'subscription_data[metadata][workspaceId]': team, 'subscription_data[metadata][userId]': owner.userId,
    });

    await completeCheckout(sent, customer);
    expect(await workspacePlan(t, team)).toEqual({ tier: 'pro', subscribed: true });
    expect(await workspacePlan(t, owner.workspaceId)).toEqual({ tier: null, subscribed: false });
    expect(await workspacePlan(t, member.workspaceId)).toEqual({ tier: null, subscribed: false });

    // Every member sees the team's Pro in the team, and their own plan elsewhere.
    for (const user of [owner, member]) {
      expect((await call(t.base, user, 'GET', '/api/subscriptions/current', undefined, team)).body, user.email)
        .toMatchObject({ tierId: 'pro', isSubscribed: true, status: 'active', managedBy: 'stripe' });
      expect((await stats(t, user, team)).limit).toEqual(PRO);
      const inTeam = await call<{ user: Record<string, unknown> }>(t.base, user, 'GET', '/auth/current-user', undefined, team);
      expect(inTeam.body.user).toMatchObject({ subscriptionTier: 'pro', isSubscribed: true });
      expect((await call(t.base, user, 'GET', '/api/subscriptions/current')).body).toMatchObject({ tierId: 'free', isSubscribed: false, status: null });
      expect((await stats(t, user)).limit).toEqual(FREE);
      const own = await call<{ user: Record<string, unknown> }>(t.base, user, 'GET', '/auth/current-user');
      expect(own.body.user).toMatchObject({ subscriptionTier: null, isSubscribed: false });
    }
  });

  it('is not changed by its owner’s personal subscription, which Checkout names by the personal workspace', async () => {
    const [owner, member] = [await newUser(t), await newUser(t)];
    const team = await teamWorkspace(t.db, owner, [{ user: member, role: 'admin' }], 'Acme Personal');
    const sent = await checkoutSent(owner);
    const customer = await customerOf(t, owner.workspaceId);
    expect(sent).toMatchObject({
      customer, client_reference_id: owner.workspaceId, 'metadata[workspaceId]': owner.workspaceId, 'metadata[userId]': owner.userId,
      'subscription_data[metadata][workspaceId]': owner.workspaceId,
    });
    await completeCheckout(sent, customer);

    expect(await workspacePlan(t, owner.workspaceId)).toEqual({ tier: 'pro', subscribed: true });
    expect(await workspacePlan(t, team)).toEqual({ tier: null, subscribed: false });
    expect((await t.db.query('select id from billing_accounts where workspace_id = $1', [team])).rows).toEqual([]);
    expect((await stats(t, owner)).limit).toEqual(PRO);
    for (const user of [owner, member]) {
      expect((await call(t.base, user, 'GET', '/api/subscriptions/current', undefined, team)).body, user.email)
        .toMatchObject({ tierId: 'free', isSubscribed: false, managedBy: 'none', canManageBilling: false });
      expect((await stats(t, user, team)).limit).toEqual(FREE);
    }
    // The team's own checkout then makes it a customer of its own.
    const teamSent = await checkoutSent(owner, team);
    expect(teamSent['client_reference_id']).toBe(team);
    expect(await customerOf(t, team)).not.toBe(customer);
  });

  it('keeps the team from being deleted while its Stripe subscription is live, and lets it go once the subscription has ended', async () => {
    const owner = await newUser(t);
    const team = await teamWorkspace(t.db, owner, [], 'Acme Paid');
    const { customer, subscription } = await subscribeToPro(t, owner, team);
    const periodEnd = now() + 20 * 86_400;
    await postEvent(t.base, stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, periodEnd, workspaceId: team, userId: owner.userId })));
    const refusal = {
      status: 409,
      body: { error: 'This workspace has a paid subscription: cancel it on the Billing page (its owner can), then delete the workspace once it has ended.' },
    };
    expect(await call(t.base, owner, 'DELETE', '/api/workspace', undefined, team)).toEqual(refusal);

    // Cancelled, it stays live until its period ends: still refused.
    expect((await call(t.base, owner, 'POST', '/stripe/cancel-subscription', undefined, team)).status).toBe(200);
    expect(await call(t.base, owner, 'DELETE', '/api/workspace', undefined, team)).toEqual(refusal);
    expect((await t.db.query('select id from workspaces where id = $1', [team])).rows).toHaveLength(1);

    const ended = subscriptionObject({ id: subscription, customer, status: 'canceled', periodEnd, endedAt: now(), workspaceId: team, userId: owner.userId });
    expect((await postEvent(t.base, stripeEvent('customer.subscription.deleted', ended))).body.outcome).toBe('applied: the subscription ended; the workspace is on Free');
    expect((await call(t.base, owner, 'DELETE', '/api/workspace', undefined, team)).status).toBe(204);
    expect((await t.db.query('select id from workspaces where id = $1', [team])).rows).toEqual([]);
    expect((await t.db.query('select id from billing_accounts where stripe_customer_id = $1', [customer])).rows).toEqual([]);
  });
});
