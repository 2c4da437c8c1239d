// Stripe as an operator meets it: a webhook endpoint left on the account's older API version (events in the shapes
// from before 2025-03-31.basil are read as well as the new ones), and a Customer Portal whose settings were never
// saved, which Stripe refuses until they are (the error reported in mozilla/fxa#13245): the user is told so in
// words for the operator instead of a bare failure.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import {
  call, chargeObject, invoiceObject, newUser, postEvent, PRICE_ENTERPRISE, PRICE_PRO, stripeEvent, subscribeToPro, subscriptionObject, WEBHOOK_SECRET,
} from './billing-support.ts';

const PORTAL_NOT_SAVED =
  'You can’t create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.';

/** stripe-mock behind a proxy that answers the portal as an account without saved portal settings does. */
let proxy: Server;
const proxyUrl = await new Promise<string>((resolve) => {
  const target = new URL(inject('stripeMockUrl') || 'http://127.0.0.1:9');
  proxy = createServer((incoming, outgoing) => {
    if (incoming.method === 'POST' && incoming.url?.startsWith('/v1/billing_portal/sessions')) {
      incoming.resume();
      outgoing.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: PORTAL_NOT_SAVED, type: 'invalid_request_error' } }));
      return;
    }
    const forwarded = httpRequest({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forwarded);
  }).listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`));
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

beforeAll(() => {
  if (!inject('stripeMockUrl')) throw new Error(inject('stripeMockMissing'));
});
const t = useTestApp({
  STRIPE_SECRET_KEY: 'sk_test_tickscribe', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: proxyUrl,
  STRIPE_PRICE_PRO: PRICE_PRO, STRIPE_PRICE_ENTERPRISE: PRICE_ENTERPRISE,
});

describe('a Customer Portal whose settings were never saved', () => {
  it('answers 502 telling what the operator must set up in Stripe', async () => {
    const user = await newUser(t);
    await subscribeToPro(t, user);
    expect(await call(t.base, user, 'POST', '/stripe/create-portal-session')).toEqual({
      status: 502,
      body: {
        error: "The billing portal is not set up for this installation's Stripe account yet: its operator must save the Customer Portal settings in the Stripe dashboard (Settings, Billing, Customer portal; in test mode and in live mode alike). Please try again later.",
      },
    });
  });
});

describe('events in the shapes from before API version 2025-03-31.basil', () => {
  it("read an invoice's subscription, metadata, price and payment, a subscription's period end and a charge's invoice", async () => {
    const user = await newUser(t);
    const { customer, subscription } = await subscribeToPro(t, user);
    const periodEnd = Math.floor(Date.now() / 1000) + 25 * 86_400;
    // A subscription as older versions send it: the period on the subscription, none on its item.
    const modern = subscriptionObject({ id: subscription, customer, price: PRICE_ENTERPRISE, periodEnd });
    const item = { ...modern.items.data[0]!, current_period_end: undefined, current_period_start: undefined };
    const legacySubscription = { ...modern, current_period_end: periodEnd, items: { object: 'list', data: [item] } };
    expect((await postEvent(t.base, stripeEvent('customer.subscription.updated', legacySubscription))).body).toMatchObject({ outcome: 'applied: active on enterprise' });
    const { rows } = await t.db.query('select current_period_end from billing_accounts where workspace_id = $1', [user.workspaceId]);
    expect(Math.floor(new Date(rows[0].current_period_end).getTime() / 1000)).toBe(periodEnd);

    // An invoice as older versions send it: subscription and its metadata at the top, the line's price, the payment intent.
    const paymentIntent = `pi_${randomUUID().slice(0, 10)}`;
    const { parent: _parent, ...invoice } = invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription, reason: 'subscription_create' });
    const legacyInvoice = {
      ...invoice, subscription, subscription_details: { metadata: { workspaceId: user.workspaceId, userId: user.userId } }, payment_intent: paymentIntent,
      lines: { object: 'list', data: [{ id: 'il_legacy', object: 'line_item', price: { id: PRICE_PRO, object: 'price' } }] },
    };
    await postEvent(t.base, stripeEvent('invoice.paid', legacyInvoice));
    let history = await call<{ payments: Record<string, unknown>[] }>(t.base, user, 'GET', '/api/subscriptions/payment-history');
    expect(history.body.payments).toEqual([expect.objectContaining({ status: 'successful', amount: 19, description: 'Tickscribe Pro' })]);

    // A charge as older versions send it names its invoice: the refund lands on that payment without asking Stripe.
    const charge = { ...chargeObject({ id: `ch_${randomUUID().slice(0, 10)}`, customer, paymentIntent: 'pi_not_on_record' }), invoice: invoice.id };
    await postEvent(t.base, stripeEvent('charge.refunded', charge));
    history = await call(t.base, user, 'GET', '/api/subscriptions/payment-history');
    expect(history.body.payments).toEqual([expect.objectContaining({ status: 'refunded', amount: 19, amountRefunded: 19 })]);
  });
});
