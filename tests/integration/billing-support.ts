// Billing tests: an app whose Stripe SDK talks to stripe-mock (Stripe's own mock, which refuses any request that
// breaks Stripe's OpenAPI), and Stripe events signed with the SDK's test helper, posted to our webhook.
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { beforeAll, inject } from 'vitest';
import { signUpVerified, type SignedInUser } from '../support/accounts.ts';
import { useTestApp, type TestAppWithDatabase } from '../support/app.ts';

export const WEBHOOK_SECRET = 'whsec_tickscribe_test_secret';
export const PRICE_PRO = 'price_tickscribe_pro';
export const PRICE_ENTERPRISE = 'price_tickscribe_enterprise';

/** The SDK, used here only for its webhook helpers (no request leaves the test). */
export const stripe = new Stripe('sk_test_tickscribe');

/**
 * The app's settings for Stripe against stripe-mock. Called where the tests are declared: where stripe-mock is
 * missing, they fail before anything starts, saying how to get it.
 */
export function stripeMockSettings(): Record<string, string> {
  beforeAll(() => {
    if (!inject('stripeMockUrl')) throw new Error(inject('stripeMockMissing'));
  });
  return {
    STRIPE_SECRET_KEY: 'sk_test_tickscribe',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: inject('stripeMockUrl') || 'http://127.0.0.1:9',
    STRIPE_PRICE_PRO: PRICE_PRO,
    STRIPE_PRICE_ENTERPRISE: PRICE_ENTERPRISE,
  };
}

/** A test app with Stripe configured against stripe-mock. */
export function useBillingApp(): TestAppWithDatabase {
  return useTestApp(stripeMockSettings());
}

/** A request the product sent to Stripe: its form parameters flattened (`metadata[workspaceId]`), and its idempotency key. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
}

/**
 * stripe-mock behind a proxy that keeps every request the product sends (stripe-mock checks each and answers it),
 * for the tests that look at what was sent. Start it where the tests are declared (top-level await), and give the
 * app `url` as STRIPE_API_BASE.
 */
export async function recordingStripe(): Promise<{ url: string; requests: StripeRequest[]; close: () => Promise<void> }> {
  const target = new URL(inject('stripeMockUrl') || 'http://127.0.0.1:9');
  const requests: StripeRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const key = incoming.headers['idempotency-key'];
      requests.push({
        method: incoming.method ?? '', path: (incoming.url ?? '').split('?')[0]!,
        params: Object.fromEntries(new URLSearchParams(body.toString('utf8'))), idempotencyKey: typeof key === 'string' ? key : null,
      });
      const forwarded = httpRequest({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      forwarded.on('error', () => outgoing.writeHead(502).end());
      forwarded.end(body);
    });
  });
  const url = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Calls the API as `user` (JSON in, JSON out); in `workspace` (X-Workspace-Id) when given, else in their personal one. */
export async function call<T = Record<string, unknown>>(
  base: string, user: SignedInUser | null, method: string, path: string, body?: unknown, workspace?: string,
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...(workspace ? { 'x-workspace-id': workspace } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

export const newUser = (t: TestAppWithDatabase) => signUpVerified(t.base, t.db);

/** A Stripe event around `object`, created at `created` (seconds; default now). */
export function stripeEvent(type: string, object: object, created = Math.floor(Date.now() / 1000), id = `evt_${randomUUID().replaceAll('-', '')}`) {
  return { id, object: 'event', api_version: '2026-10-28.endive', created, livemode: false, pending_webhooks: 1, request: null, type, data: { object } };
}

/** Posts an event signed with `secret` (default: the endpoint's), as Stripe would. */
export async function postEvent(base: string, event: object, secret = WEBHOOK_SECRET): Promise<Answer> {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${base}/stripe/webhook`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface SubscriptionOptions {
  id: string;
  customer: string;
  status?: string;
  price?: string;
  anchor?: number;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  endedAt?: number | null;
  /** The metadata the product puts on the subscriptions it sells: the workspace it pays for, and its owner. */
  workspaceId?: string;
  /** Alone (without workspaceId): a subscription sold before plans were the workspace's. */
  userId?: string;
}

export function subscriptionObject(o: SubscriptionOptions) {
  const now = Math.floor(Date.now() / 1000);
  const anchor = o.anchor ?? now;
  const item = {
    id: `si_${o.id}`, object: 'subscription_item', price: { id: o.price ?? PRICE_PRO, object: 'price' },
    current_period_start: anchor, current_period_end: o.periodEnd ?? anchor + 30 * 86_400, subscription: o.id,
  };
  return {
    id: o.id, object: 'subscription', customer: o.customer, status: o.status ?? 'active', billing_cycle_anchor: anchor, start_date: anchor,
    created: anchor, cancel_at_period_end: o.cancelAtPeriodEnd ?? false, cancel_at: null, ended_at: o.endedAt ?? null,
    metadata: { ...(o.workspaceId ? { workspaceId: o.workspaceId } : {}), ...(o.userId ? { userId: o.userId } : {}) }, items: { object: 'list', data: [item] },
  };
}

export function invoiceObject(o: { id: string; customer: string; subscription: string; reason?: string; amount?: number; paidAt?: number; paymentIntent?: string }) {
  const created = o.paidAt ?? Math.floor(Date.now() / 1000);
  return {
    id: o.id, object: 'invoice', customer: o.customer, currency: 'usd', amount_due: o.amount ?? 1900, amount_paid: o.amount ?? 1900,
    billing_reason: o.reason ?? 'subscription_cycle', created, status: 'paid', status_transitions: { paid_at: o.paidAt ?? created },
    parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription, metadata: {} } },
    lines: { object: 'list', data: [{ id: `il_${o.id}`, object: 'line_item', description: '1 × Tickscribe Pro (at $19.00 / month)' }] },
    ...(o.paymentIntent ? { payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: o.paymentIntent } }] } } : {}),
  };
}

/** A completed Checkout Session as the product makes them: for the workspace (its reference), bought by its owner. */
export function checkoutSession(o: { customer: string; subscription: string; workspaceId: string; userId: string; tierId?: string }) {
  return {
    id: `cs_test_${randomUUID().slice(0, 8)}`, object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid',
    customer: o.customer, subscription: o.subscription, client_reference_id: o.workspaceId,
    metadata: { workspaceId: o.workspaceId, userId: o.userId, tierId: o.tierId ?? 'pro' },
  };
}

export function chargeObject(o: { id: string; customer: string; paymentIntent: string; amount?: number; refunded?: number }) {
  const amount = o.amount ?? 1900;
  const refunded = o.refunded ?? amount;
  return {
    id: o.id, object: 'charge', customer: o.customer, payment_intent: o.paymentIntent, amount, amount_refunded: refunded,
    refunded: refunded >= amount, currency: 'usd', created: Math.floor(Date.now() / 1000), description: 'Subscription update', metadata: {},
  };
}

/** The Stripe customer id the product made for the workspace (through stripe-mock). */
export async function customerOf(t: TestAppWithDatabase, workspaceId: string): Promise<string> {
  const { rows } = await t.db.query('select stripe_customer_id from billing_accounts where workspace_id = $1', [workspaceId]);
  return rows[0].stripe_customer_id as string;
}

/**
 * Subscribes a workspace to Pro as its owner's browser would: checkout through stripe-mock, then Stripe's events.
 * The workspace is `user`'s personal one unless `workspaceId` names another (a team's, which `user` owns).
 */
export async function subscribeToPro(t: TestAppWithDatabase, user: SignedInUser, workspaceId = user.workspaceId) {
  const header = workspaceId === user.workspaceId ? undefined : workspaceId;
  const checkout = await call<{ redirectUrl: string }>(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' }, header);
  if (checkout.status !== 200) throw new Error(`subscribe answered ${checkout.status}: ${JSON.stringify(checkout.body)}`);
  const customer = await customerOf(t, workspaceId);
  const subscription = `sub_${randomUUID().slice(0, 12)}`;
  await postEvent(t.base, stripeEvent('checkout.session.completed', checkoutSession({ customer, subscription, workspaceId, userId: user.userId })));
  return { customer, subscription, redirectUrl: checkout.body.redirectUrl };
}

/**
 * Records token usage spent by the user directly (the extraction path has tests of its own): in `workspaceId`, or,
 * without it, in the user's personal workspace.
 */
export async function addUsage(t: TestAppWithDatabase, userId: string, input: number, output: number, at = new Date(), workspaceId?: string): Promise<void> {
  await t.db.query(
    `insert into token_usage (id, user_id, workspace_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
     values ($1, $2, coalesce($6::uuid, (select id from workspaces where owner_id = $2 and personal)), 'ticket_extraction', 'test', $3, $4, $5)`,
    [randomUUID(), userId, input, output, at, workspaceId ?? null],
  );
}

/** The credits of the workspace `user` is in: their personal one, unless `workspace` names another. */
export const stats = (t: TestAppWithDatabase, user: SignedInUser, workspace?: string) => call<{
  used: { input: number; output: number }; limit: { input: number; output: number }; blocked: boolean; resetDate: string;
  lastReset: { reason: string; unblocked: boolean } | null; manualReset: { available: boolean; daysRemaining: number; nextAvailableAt: string | null };
}>(t.base, user, 'GET', '/api/token-usage/stats', undefined, workspace).then((answer) => answer.body);

/** The workspace's plan as the database keeps it. */
export async function workspacePlan(t: TestAppWithDatabase, workspaceId: string): Promise<{ tier: string | null; subscribed: boolean }> {
  const { rows } = await t.db.query('select subscription_tier, is_subscribed from workspaces where id = $1', [workspaceId]);
  return { tier: rows[0].subscription_tier as string | null, subscribed: rows[0].is_subscribed as boolean };
}

/** Reads until `done` says the value is there, or for `timeoutMs`; returns the last value read, for the test to check. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

/** A subscription date years back whose day and time of day put a monthly reset at `at`. */
export function anchorFor(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear() - 4, at.getUTCMonth(), at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}
