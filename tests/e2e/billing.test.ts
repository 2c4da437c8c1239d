// The Billing page in a real browser against the real API: on an installation without Stripe (everyone on Free,
// the notice on the plan cards, a plan set by the administrator), and with Stripe's SDK talking to stripe-mock:
// subscribing sends the browser to Stripe Checkout, Stripe's signed events make the user Pro with the payment in
// the history, Manage Billing opens the portal, and choosing Free asks first, then cancels.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stripeMockSettings } from '../integration/billing-support.ts';
import { nextAnswer, plan, planButton, region, subscribeToProThroughCheckout } from './support/billing.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e, type E2e } from './support/e2e.ts';
import { newUser } from './support/users.ts';

const NOTICE = 'Paid plans are not available on this installation. Ask its administrator to change your plan.';

async function openBilling(e2e: E2e, token: string, query = '', width = 1280): Promise<Page> {
  const page = await e2e.newPage({ width, token });
  await page.goto(`${e2e.app.url}/billing${query}`);
  await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  return page;
}

const payments = (page: Page) => region(page, 'Payment History').locator('tbody tr');

describe('billing without Stripe', () => {
  const e2e = useE2e({ consoleErrors: true });

  it('shows Free as the current plan, the paid plans disabled with the notice, and no payments', async () => {
    const { token } = await newUser(e2e.app.url, 'billing', 'Fay Free');
    const page = await openBilling(e2e, token);

    await page.getByText(NOTICE).waitFor();
    await region(page, 'Current Subscription').getByText('Free', { exact: true }).waitFor();
    expect(await region(page, 'Current Subscription').getByRole('button', { name: 'Manage Billing' }).count()).toBe(0);
    await region(page, 'Token Usage').getByText('0 of 200.0K').waitFor();
    await region(page, 'Payment History').getByText('No payment history found.').waitFor();

    const cards = [
      { name: 'Free', price: '$0.00 / month', limits: ['200.0K', '40.0K'], button: 'Current Plan' },
      { name: 'Pro', price: '$19.00 / month', limits: ['2.0M', '400.0K'], button: 'Not available' },
      { name: 'Enterprise', price: '$99.00 / month', limits: ['20.0M', '4.0M'], button: 'Not available' },
    ];
    for (const card of cards) {
      const text = await plan(page, card.name).innerText();
      expect(text, card.name).toContain(card.price);
      expect(await plan(page, card.name).locator('dd').allInnerTexts(), card.name).toEqual(card.limits);
      expect(await planButton(page, card.name).innerText()).toBe(card.button);
      expect(await planButton(page, card.name).isDisabled(), card.name).toBe(true);
    }
    await expectAccessibleAt(page, [375, 1280], '/billing without Stripe');
  });

  it('shows a plan the administrator set, on the billing page and in the dashboard’s subscription line', async () => {
    const { token, userId } = await newUser(e2e.app.url, 'billing', 'Ada Admin');
    await e2e.db.query(`update workspaces set subscription_tier = 'pro', is_subscribed = true where owner_id = $1 and personal`, [userId]);
    const page = await openBilling(e2e, token);
    const current = region(page, 'Current Subscription');
    await current.getByText('Pro (Active)').waitFor();
    await current.getByText('Your plan was set by the administrator of this installation.').waitFor();
    expect(await planButton(page, 'Pro').innerText()).toBe('Current Plan');
    await region(page, 'Token Usage').getByText('0 of 2.00M').waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('region', { name: 'Account' }).getByText('Pro (Active)', { exact: true }).waitFor();
  });

  it('says what could not be loaded, in place of each section', async () => {
    const { token } = await newUser(e2e.app.url, 'billing', 'Dee Down');
    const page = await e2e.newPage({ token });
    for (const path of ['/api/subscriptions/**', '/api/token-usage/stats']) {
      await page.route(`**${path}`, (route) => route.fulfill({ status: 503, body: '' }));
    }
    await page.goto(`${e2e.app.url}/billing`);
    await region(page, 'Current Subscription').getByText('Failed to load data').waitFor();
    await region(page, 'Payment History').getByText('Failed to load data').waitFor();
    await region(page, 'Token Usage').getByText('Error loading token usage data').waitFor();
    expect(await page.getByText('Failed to load data', { exact: true }).count()).toBe(3);
    await expectAccessibleAt(page, [375, 1280], '/billing without data');
    e2e.errors.splice(0, e2e.errors.length, ...e2e.errors.filter((message) => !message.includes('status of 503')));
  });
});

describe('billing with Stripe (stripe-mock)', () => {
  const e2e = useE2e({ consoleErrors: true, env: stripeMockSettings() });

  it('subscribes through Stripe Checkout, then shows Pro and the payment; Free asks first and cancels', async () => {
    const { token, userId } = await newUser(e2e.app.url, 'billing', 'Pia Pro');
    const page = await openBilling(e2e, token);
    expect(await page.getByText(NOTICE).count()).toBe(0);
    expect(await planButton(page, 'Free').innerText()).toBe('Current Plan');
    expect(await planButton(page, 'Enterprise').isEnabled()).toBe(true);

    // Choosing Pro sends the browser to the Checkout page the API answered; Stripe's events (the checkout completes,
    // the subscription starts, its first invoice is paid) bring it back to the notice, Pro, and the payment.
    const { sent, workspaceId, redirectUrl, periodEnd } = await subscribeToProThroughCheckout(e2e, page, userId);
    expect(sent).toEqual({ tierId: 'pro' });
    const personal = await e2e.db.query('select id from workspaces where owner_id = $1 and personal', [userId]);
    expect(workspaceId).toBe(personal.rows[0].id);
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const current = region(page, 'Current Subscription');
    await current.getByText('Pro (Active)').waitFor();
    await current.getByText('Active', { exact: true }).waitFor();
    await current.getByText('Renews on').waitFor();
    expect(await planButton(page, 'Pro').innerText()).toBe('Current Plan');
    await region(page, 'Token Usage').getByText('0 of 2.00M').waitFor();
    await expect.poll(() => payments(page).count()).toBe(1);
    const [, amount, description, status] = await payments(page).first().locator('td').allInnerTexts();
    expect([amount, description, status]).toEqual(['$19.00', '1 × Tickscribe Pro (at $19.00 / month)', 'Successful']);
    await expectAccessibleAt(page, [375, 1280], '/billing subscribed');

    // Manage Billing opens Stripe's portal.
    const portal = nextAnswer<{ url: string }>(page, '/stripe/create-portal-session');
    await current.getByRole('button', { name: 'Manage Billing' }).click();
    const portalHost = new URL((await portal).body.url).hostname;
    await page.waitForURL((url) => url.hostname === portalHost);

    // Choosing Free asks first; keeping the plan changes nothing.
    await page.goto(`${e2e.app.url}/billing`);
    await planButton(page, 'Free').click();
    const dialog = page.getByRole('dialog', { name: 'Switch to the Free plan?' });
    await dialog.getByText(/^Your Pro subscription will be cancelled\./).waitFor();
    await expectAccessibleAt(page, [375, 1280], '/billing free-plan confirmation');
    await dialog.getByRole('button', { name: 'Keep My Plan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await e2e.db.query('select cancel_at_period_end from billing_accounts where workspace_id = $1', [workspaceId])).rows[0].cancel_at_period_end).toBe(false);

    await planButton(page, 'Free').click();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    const until = new Date(periodEnd * 1000).toISOString().slice(0, 10);
    await page.getByText(`Your Pro subscription is cancelled. It stays active until ${until}; then you are on the Free plan.`).waitFor();
    await current.getByText(/^Your subscription is cancelled: it ends on .+, and then you are on the Free plan\.$/).waitFor();
    await expect.poll(() => planButton(page, 'Free').innerText()).toMatch(/^Starts on /);
    expect(await planButton(page, 'Free').isDisabled()).toBe(true);
    expect(await current.getByText('Renews on').count()).toBe(0);
  });

  it('says when Checkout was cancelled, and shows the server’s reason when a plan cannot be bought', async () => {
    const { token } = await newUser(e2e.app.url, 'billing', 'Cas Cancelled');
    const page = await openBilling(e2e, token, '?checkout=cancelled');
    await page.getByText('Checkout was cancelled: nothing was charged and your plan is unchanged.').waitFor();

    await page.route('**/api/subscriptions/subscribe', (route) => route.fulfill({ status: 502, json: { error: 'The payment provider could not complete the request.' } }));
    await planButton(page, 'Enterprise').click();
    await page.getByRole('alert').filter({ hasText: 'The payment provider could not complete the request.' }).waitFor();
    expect(await planButton(page, 'Enterprise').innerText()).toBe('Choose Enterprise');
    e2e.errors.splice(0, e2e.errors.length, ...e2e.errors.filter((message) => !message.includes('status of 502')));
  });
});
