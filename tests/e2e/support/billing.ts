// The Billing page in the end-to-end tests, with the app's Stripe SDK talking to stripe-mock: the page's parts, a
// stand-in for Stripe's own pages, and a subscription to Pro as a user makes it there: Checkout, then the events
// Stripe sends, signed with the SDK's test helper.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkoutSession, customerOf, invoiceObject, postEvent, stripeEvent, subscriptionObject } from '../../integration/billing-support.ts';
import type { E2e } from './e2e.ts';

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const plan = (page: Page, name: string) => page.getByRole('list', { name: 'Plans' }).getByRole('listitem', { name, exact: true });
export const planButton = (page: Page, name: string) => plan(page, name).getByRole('button');

/** Stripe's own pages (Checkout, the portal; https, unlike the app) are not reached from the tests: a stand-in answers. */
export async function standInForStripe(page: Page): Promise<void> {
  await page.route(
    (url) => url.protocol === 'https:',
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Stripe</title><h1>Stripe</h1></html>' }),
  );
}

/**
 * The next answer to `path` as the page receives it, with what the page sent and the workspace it named
 * (X-Workspace-Id; null in the personal workspace); read on its way through, since the page leaves for the address
 * it names before its body could be read afterwards.
 */
export function nextAnswer<T>(page: Page, path: string): Promise<{ sent: unknown; workspace: string | null; body: T }> {
  return new Promise((resolve) => {
    void page.route(`**${path}`, async (route) => {
      const response = await route.fetch();
      const workspace = (await route.request().headerValue('x-workspace-id')) ?? null;
      resolve({ sent: route.request().postDataJSON(), workspace, body: (await response.json()) as T });
      await route.fulfill({ response });
    }, { times: 1 });
  });
}

/**
 * Subscribes the workspace whose Billing page is open to Pro, as its owner `userId`: choosing Pro sends the browser to
 * the Checkout page the API answered (the stand-in); Stripe's signed events complete the checkout, start the
 * subscription and pay its first invoice; back from Checkout, the page thanks for the payment. The workspace is the
 * one the page named in its request (the owner's personal one when it named none). Returns what the page sent, the
 * workspace, the Checkout address and the end of the subscription's period (seconds).
 */
export async function subscribeToProThroughCheckout(
  e2e: E2e, page: Page, userId: string,
): Promise<{ sent: unknown; workspaceId: string; redirectUrl: string; periodEnd: number }> {
  await standInForStripe(page);
  const subscribed = nextAnswer<{ redirectUrl: string }>(page, '/api/subscriptions/subscribe');
  await planButton(page, 'Pro').click();
  const { sent, workspace, body: { redirectUrl } } = await subscribed;
  await page.waitForURL(redirectUrl);

  const workspaceId = workspace
    ?? ((await e2e.db.query('select id from workspaces where owner_id = $1 and personal', [userId])).rows[0]?.id as string);
  const customer = await customerOf(e2e, workspaceId);
  const subscription = `sub_${randomUUID().slice(0, 12)}`;
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
  const events = [
    stripeEvent('checkout.session.completed', checkoutSession({ customer, subscription, workspaceId, userId })),
    stripeEvent('customer.subscription.created', subscriptionObject({ id: subscription, customer, workspaceId, userId, periodEnd })),
    stripeEvent('invoice.paid', invoiceObject({ id: `in_${randomUUID().slice(0, 10)}`, customer, subscription, reason: 'subscription_create' })),
  ];
  for (const event of events) expect((await postEvent(e2e.base, event)).status).toBe(200);

  await page.goto(`${e2e.app.url}/billing?checkout=success&session_id=cs_test_done`);
  await page.getByText(/^Thank you! Your payment was received/).waitFor();
  return { sent, workspaceId, redirectUrl, periodEnd };
}
