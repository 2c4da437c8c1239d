// The Stripe webhook: only correctly signed events are taken, each is processed once however often it arrives,
// and an older event arriving after a newer one never undoes the newer state.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { teamWorkspace } from '../support/accounts.ts';
import {
  addUsage, call, invoiceObject, newUser, postEvent, PRICE_ENTERPRISE, PRICE_PRO, stats, stripe, stripeEvent, subscribeToPro,
  subscriptionObject, useBillingApp, WEBHOOK_SECRET, workspacePlan,
} from './billing-support.ts';

const t = useBillingApp();
const now = () => Math.floor(Date.now() / 1000);

async function storedEvents(id: string): Promise<number> {
  return (await t.db.query('select count(*)::int as n from stripe_events where id = $1', [id])).rows[0].n as number;
}

/** The subscription began 40 days ago, so the current period began some days ago. */
async function subscribedLongAgo(customer: string, subscription: string): Promise<void> {
  await postEvent(t.base, stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, anchor: now() - 40 * 86_400 })));
}

async function tierOf(workspaceId: string): Promise<string | null> {
  return (await t.db.query('select subscription_tier from workspaces where id = $1', [workspaceId])).rows[0].subscription_tier as string | null;
}

describe('signatures', () => {
  it('refuses a forged signature, a missing one and garbage with 400, and changes nothing', async () => {
    const user = await newUser(t);
    const subscription = `sub_${randomUUID().slice(0, 12)}`;
    const session = { id: 'cs_forged', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer: 'cus_forged', subscription, client_reference_id: user.workspaceId, metadata: { workspaceId: user.workspaceId, userId: user.userId, tierId: 'enterprise' } };
    const event = stripeEvent('checkout.session.completed', session);
    const forged = await postEvent(t.base, event, 'whsec_someone_else');
    expect(forged).toEqual({ status: 400, body: { error: "The Stripe-Signature header does not match this body and the endpoint's signing secret." } });

    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${t.base}/stripe/webhook`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload.replace('enterprise', 'pro'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${t.base}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(await unsigned.json()).toEqual({ error: 'The Stripe-Signature header is missing.' });
    for (const body of ['not json', '{"id": 1}', '[]', '{}']) {
      const garbage = await fetch(`${t.base}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
      expect(garbage.status, body).toBe(400);
    }
    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now() - 3_600 });
    const replayed = await fetch(`${t.base}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': old }, body: payload });
    expect(replayed.status).toBe(400);
    const TOLERANCE = "The Stripe-Signature header's timestamp is more than 5 minutes away from this server's clock: the delivery is refused as a possible replay.";
    expect(await replayed.json()).toEqual({ error: TOLERANCE });
    // Signed an hour ahead: Stripe's SDK takes it, as it checks only the age; refused both ways.
    for (const offset of [3_600, 301]) {
      const ahead = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now() + offset });
      const early = await fetch(`${t.base}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': ahead }, body: payload });
      expect(early.status, `${offset} s ahead`).toBe(400);
      expect(await early.json()).toEqual({ error: TOLERANCE });
    }

    expect(await storedEvents(event.id)).toBe(0);
    expect(await tierOf(user.workspaceId)).toBeNull();
    expect((await stats(t, user)).limit).toEqual({ input: 200_000, output: 40_000 });
  });
});

describe('duplicates', () => {
  it('processes an event once, however often it is delivered, also when deliveries overlap', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    const upgrade = stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, price: PRICE_ENTERPRISE }));
    const answers = await Promise.all([1, 2, 3].map(() => postEvent(t.base, upgrade)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(2);
    expect(answers.every((a) => a.body.outcome === 'applied: active on enterprise')).toBe(true);
    expect(await storedEvents(upgrade.id)).toBe(1);
    expect(await tierOf(user.workspaceId)).toBe('enterprise');
  });

  it('resets the credits once for a paid renewal invoice: not again when redelivered, nor by its second event', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    await subscribedLongAgo(customer, subscription);
    await addUsage(t, user.userId, 2_000_000, 1_000, new Date(Date.now() - 60_000));
    expect((await stats(t, user)).blocked).toBe(true);

    const invoice = invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription, paidAt: now() - 1 });
    const paid = stripeEvent('invoice.paid', invoice);
    expect((await postEvent(t.base, paid)).body.outcome).toBe('recorded a successful payment; credits reset for the new period');
    expect(await stats(t, user)).toMatchObject({ used: { input: 0, output: 0 }, blocked: false, lastReset: { reason: 'renewal', unblocked: true } });

    await addUsage(t, user.userId, 1_500, 300);
    expect((await postEvent(t.base, paid)).body).toMatchObject({ duplicate: true });
    const second = await postEvent(t.base, stripeEvent('invoice.payment_succeeded', invoice));
    expect(second.body.outcome).toBe('payment stays successful; credits were already reset for this invoice');
    expect((await stats(t, user)).used).toEqual({ input: 1_500, output: 300 });
    const { rows } = await t.db.query("select count(*)::int as n from credit_resets where key = $1", [`invoice:${invoice.id}`]);
    expect(rows[0].n).toBe(1);
  });

  it('does not reset the credits for an invoice that failed, nor for a proration invoice', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    await subscribedLongAgo(customer, subscription);
    await addUsage(t, user.userId, 1_000, 100, new Date(Date.now() - 60_000));
    await postEvent(t.base, stripeEvent('invoice.payment_failed', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription })));
    await postEvent(t.base, stripeEvent('invoice.paid', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription, reason: 'subscription_update' })));
    expect((await stats(t, user)).used).toEqual({ input: 1_000, output: 100 });
  });
});

describe('order', () => {
  it('keeps the newer state when an older subscription event arrives late', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    // One clock reading, so the three events keep their order however slowly the test runs.
    const at = now();
    const newer = stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, price: PRICE_ENTERPRISE }), at + 5);
    const older = stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer, price: PRICE_PRO }), at + 2);
    expect((await postEvent(t.base, newer)).body.outcome).toBe('applied: active on enterprise');
    expect((await postEvent(t.base, older)).body.outcome).toBe('ignored: older than the state already kept');
    expect(await tierOf(user.workspaceId)).toBe('enterprise');
    expect((await stats(t, user)).limit).toEqual({ input: 20_000_000, output: 4_000_000 });

    const created = stripeEvent('customer.subscription.created', subscriptionObject({ id: subscription, customer, status: 'incomplete' }), at + 5);
    expect((await postEvent(t.base, created)).body.outcome).toBe('ignored: older than the state already kept');
    expect(await tierOf(user.workspaceId)).toBe('enterprise');
  });

  it('never revives an ended subscription, and an earlier subscription ending leaves the current one alone', async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    const deleted = stripeEvent('customer.subscription.deleted', subscriptionObject({ id: subscription, customer, status: 'canceled', endedAt: now() }), now() + 10);
    const lateActive = stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription, customer }), now() + 20);
    await postEvent(t.base, deleted);
    expect((await postEvent(t.base, lateActive)).body.outcome).toBe('ignored: the subscription has already ended');
    expect(await tierOf(user.workspaceId)).toBeNull();

    const next = `sub_${randomUUID().slice(0, 12)}`;
    expect((await postEvent(t.base, stripeEvent('customer.subscription.created', subscriptionObject({ id: next, customer, price: PRICE_ENTERPRISE })))).body.outcome)
      .toBe('applied: active on enterprise');
    const oldEnded = stripeEvent('customer.subscription.deleted', subscriptionObject({ id: subscription, customer, status: 'canceled', endedAt: now() }), now() + 30);
    expect((await postEvent(t.base, oldEnded)).body).toMatchObject({ duplicate: false, outcome: 'ignored: an earlier subscription ended; another one is current' });
    expect(await tierOf(user.workspaceId)).toBe('enterprise');
  });

  it('takes a checkout that completes after the subscription’s own events as a confirmation only', async () => {
    const user = await newUser(t);
    await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' });
    const customer = (await t.db.query('select stripe_customer_id from billing_accounts where workspace_id = $1', [user.workspaceId])).rows[0].stripe_customer_id as string;
    const subscription = `sub_${randomUUID().slice(0, 12)}`;
    const anchor = now() - 3;
    await postEvent(t.base, stripeEvent('customer.subscription.created', subscriptionObject({ id: subscription, customer, anchor, workspaceId: user.workspaceId, userId: user.userId }), anchor));
    const session = {
      id: 'cs_late', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer, subscription,
      client_reference_id: user.workspaceId, metadata: { workspaceId: user.workspaceId, userId: user.userId, tierId: 'pro' },
    };
    expect((await postEvent(t.base, stripeEvent('checkout.session.completed', session))).body.outcome).toBe('applied: the subscription was already known');
    const { rows } = await t.db.query('select w.credit_cycle_anchor as anchor, b.subscribed_at from workspaces w join billing_accounts b on b.workspace_id = w.id where w.id = $1', [user.workspaceId]);
    expect(rows[0].anchor.getTime()).toBe(anchor * 1000);
    expect(rows[0].subscribed_at.getTime()).toBe(anchor * 1000);
  });

  it('answers 200 and changes nothing for events of an unknown customer or of kinds it does not use', async () => {
    const unknown = await postEvent(t.base, stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_nobody', customer: 'cus_nobody' })));
    expect(unknown).toEqual({ status: 200, body: { received: true, duplicate: false, outcome: 'ignored: no workspace has this customer' } });
    const other = await postEvent(t.base, stripeEvent('customer.created', { id: 'cus_new', object: 'customer' }));
    expect(other.body.outcome).toBe('ignored: customer.created is not used');
  });
});

describe('subscriptions bought before plans were the workspace’s', () => {
  const PRO = { input: 2_000_000, output: 400_000 };
  const FREE = { input: 200_000, output: 40_000 };

  it('puts a subscription whose metadata names only its user, of a customer no workspace has, on that user’s personal workspace', async () => {
    const user = await newUser(t);
    // The user owns a team as well: a user's id alone never names it.
    const team = await teamWorkspace(t.db, user, [], 'Legacy Team');
    const customer = `cus_legacy_${randomUUID().slice(0, 8)}`;
    const subscription = `sub_legacy_${randomUUID().slice(0, 8)}`;
    const legacy = subscriptionObject({ id: subscription, customer, userId: user.userId });
    expect(legacy.metadata).toEqual({ userId: user.userId });
    expect((await postEvent(t.base, stripeEvent('customer.subscription.created', legacy))).body).toMatchObject({ duplicate: false, outcome: 'applied: active on pro' });

    expect(await workspacePlan(t, user.workspaceId)).toEqual({ tier: 'pro', subscribed: true });
    expect(await workspacePlan(t, team)).toEqual({ tier: null, subscribed: false });
    const { rows } = await t.db.query('select workspace_id, stripe_customer_id, stripe_subscription_id from billing_accounts where stripe_customer_id = $1', [customer]);
    expect(rows).toEqual([{ workspace_id: user.workspaceId, stripe_customer_id: customer, stripe_subscription_id: subscription }]);
    expect((await stats(t, user)).limit).toEqual(PRO);
    expect((await stats(t, user, team)).limit).toEqual(FREE);

    // The customer is known now: its invoice, whose metadata is empty, is the personal workspace's payment.
    await postEvent(t.base, stripeEvent('invoice.paid', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription, reason: 'subscription_create' })));
    expect((await call<{ payments: unknown[] }>(t.base, user, 'GET', '/api/subscriptions/payment-history')).body.payments).toHaveLength(1);
    expect((await call(t.base, user, 'GET', '/api/subscriptions/payment-history', undefined, team)).body).toEqual({ payments: [] });
  });

  it('puts a completed checkout whose reference and metadata name only its user on that user’s personal workspace', async () => {
    const user = await newUser(t);
    const team = await teamWorkspace(t.db, user, [], 'Legacy Checkout Team');
    const customer = `cus_legacy_${randomUUID().slice(0, 8)}`;
    const session = {
      id: `cs_legacy_${randomUUID().slice(0, 8)}`, object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid',
      customer, subscription: `sub_legacy_${randomUUID().slice(0, 8)}`, client_reference_id: user.userId, metadata: { userId: user.userId, tierId: 'pro' },
    };
    expect((await postEvent(t.base, stripeEvent('checkout.session.completed', session))).body.outcome).toBe('applied: active on pro');
    expect(await workspacePlan(t, user.workspaceId)).toEqual({ tier: 'pro', subscribed: true });
    expect(await workspacePlan(t, team)).toEqual({ tier: null, subscribed: false });
    const me = await call<{ user: { subscriptionTier: string | null; isSubscribed: boolean } }>(t.base, user, 'GET', '/auth/current-user');
    expect(me.body.user).toMatchObject({ subscriptionTier: 'pro', isSubscribed: true });
  });
});
