// An installation without Stripe still runs: everyone is on Free, the plans say that paid plans are not available,
// the paying calls refuse in words, and `tickscribe set-tier` sets a plan by hand.
import { execFile } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../support/process.ts';
import { useTestApp } from '../support/app.ts';
import { teamWorkspace } from '../support/accounts.ts';
import { call, newUser, stats, stripeEvent, workspacePlan } from './billing-support.ts';

const t = useTestApp();
const NOT_AVAILABLE = 'Paid plans are not available on this installation. Ask its administrator to change your plan.';

/** Runs the CLI without blocking this process, which serves the app under test. */
function setTier(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { PATH: process.env['PATH'] ?? '', DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('dataDir'), LOG_LEVEL: 'error' };
    execFile(process.execPath, ['server/cli.ts', 'set-tier', ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('without Stripe', () => {
  it('lists the plans, says paid plans are not available here, and keeps everyone on Free', async () => {
    const user = await newUser(t);
    const { status, body } = await call<{ tiers: { id: string; available: boolean; current: boolean }[]; paidPlansAvailable: boolean; notice: string }>(
      t.base, user, 'GET', '/api/subscriptions/tiers',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ paidPlansAvailable: false, notice: NOT_AVAILABLE, currentTierId: 'free' });
    expect(body.tiers.map(({ id, available, current }) => ({ id, available, current }))).toEqual([
      { id: 'free', available: true, current: true },
      { id: 'pro', available: false, current: false },
      { id: 'enterprise', available: false, current: false },
    ]);
    expect((await call(t.base, user, 'GET', '/api/subscriptions/current')).body).toEqual({
      tierId: 'free', tierName: 'Free', isSubscribed: false, status: null, managedBy: 'none', subscribedAt: null, currentPeriodEnd: null,
      cancelAtPeriodEnd: false, canManageBilling: false, paidPlansAvailable: false,
    });
    expect((await call(t.base, user, 'GET', '/api/subscriptions/payment-history')).body).toEqual({ payments: [] });
  });

  it('refuses to subscribe, to open the portal and to cancel, in words; the webhook is not there', async () => {
    const user = await newUser(t);
    expect(await call(t.base, user, 'POST', '/api/subscriptions/subscribe', { tierId: 'pro' })).toEqual({ status: 403, body: { error: NOT_AVAILABLE } });
    expect(await call(t.base, user, 'POST', '/stripe/create-portal-session')).toEqual({ status: 403, body: { error: NOT_AVAILABLE } });
    expect(await call(t.base, user, 'POST', '/stripe/cancel-subscription')).toEqual({
      status: 409, body: { error: 'You have no subscription to cancel: you are on the Free plan.' },
    });
    const webhook = await fetch(`${t.base}/stripe/webhook`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body: JSON.stringify(stripeEvent('invoice.paid', {})),
    });
    expect(webhook.status).toBe(404);
    expect(await webhook.json()).toEqual({ error: 'Stripe is not configured on this installation, so it takes no Stripe events.' });
    expect((await fetch(`${t.base}/stripe/nowhere`)).status).toBe(404);
  });
});

describe('tickscribe set-tier', () => {
  it("sets a user's plan (their personal workspace's), whose limits apply at once, and back to Free", async () => {
    const user = await newUser(t);
    const team = await teamWorkspace(t.db, user, [], 'Own Team');
    const run = await setTier(user.email.toUpperCase(), 'Pro');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`${user.email} is now on the Pro plan: 2,000,000 input and 400,000 output tokens and 50 transcripts a month, from now on.\n`);
    expect(run.status).toBe(0);
    expect((await stats(t, user)).limit).toEqual({ input: 2_000_000, output: 400_000 });
    expect(await workspacePlan(t, user.workspaceId)).toEqual({ tier: 'pro', subscribed: true });
    // The team the user owns is a workspace of its own, on its own plan.
    expect(await workspacePlan(t, team)).toEqual({ tier: null, subscribed: false });
    expect((await stats(t, user, team)).limit).toEqual({ input: 200_000, output: 40_000 });
    expect((await call(t.base, user, 'GET', '/api/subscriptions/current')).body).toMatchObject({
      tierId: 'pro', isSubscribed: true, managedBy: 'administrator', canManageBilling: false,
    });
    const tiers = await call<{ currentTierId: string; paidPlansAvailable: boolean }>(t.base, user, 'GET', '/api/subscriptions/tiers');
    expect(tiers.body).toMatchObject({ currentTierId: 'pro', paidPlansAvailable: false });
    expect(await call(t.base, user, 'POST', '/stripe/cancel-subscription')).toEqual({
      status: 409, body: { error: 'Your plan was set by the administrator of this installation: ask them to change it.' },
    });

    expect((await setTier(user.email, 'free')).status).toBe(0);
    expect((await stats(t, user)).limit).toEqual({ input: 200_000, output: 40_000 });
    expect((await call(t.base, user, 'GET', '/api/subscriptions/current')).body).toMatchObject({ tierId: 'free', isSubscribed: false, managedBy: 'none' });
  });

  it("sets a team workspace's plan by its id, which every member sees at once, and not its owner's own workspace", async () => {
    const [owner, member] = [await newUser(t), await newUser(t)];
    const team = await teamWorkspace(t.db, owner, [{ user: member, role: 'member' }], 'Acme Support');
    const run = await setTier(team, 'pro');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`"Acme Support" is now on the Pro plan, paid by its owner ${owner.email}: 2,000,000 input and 400,000 output tokens and 50 transcripts a month, from now on.\n`);
    expect(run.status).toBe(0);
    expect(await workspacePlan(t, team)).toEqual({ tier: 'pro', subscribed: true });
    expect(await workspacePlan(t, owner.workspaceId)).toEqual({ tier: null, subscribed: false });
    for (const user of [owner, member]) {
      expect((await call(t.base, user, 'GET', '/api/subscriptions/current', undefined, team)).body, user.email)
        .toMatchObject({ tierId: 'pro', isSubscribed: true, managedBy: 'administrator' });
      expect((await stats(t, user, team)).limit).toEqual({ input: 2_000_000, output: 400_000 });
      expect((await call(t.base, user, 'GET', '/api/subscriptions/current')).body, user.email).toMatchObject({ tierId: 'free', managedBy: 'none' });
      expect((await stats(t, user)).limit).toEqual({ input: 200_000, output: 40_000 });
    }

    // An e-mail address names its user's personal workspace: the team keeps its own plan.
    const personal = await setTier(owner.email, 'enterprise');
    expect(personal.stdout).toBe(`${owner.email} is now on the Enterprise plan: 20,000,000 input and 4,000,000 output tokens and 500 transcripts a month, from now on.\n`);
    expect(await workspacePlan(t, owner.workspaceId)).toEqual({ tier: 'enterprise', subscribed: true });
    expect(await workspacePlan(t, team)).toEqual({ tier: 'pro', subscribed: true });
    expect((await call(t.base, owner, 'GET', '/api/subscriptions/current')).body).toMatchObject({ tierId: 'enterprise' });
    expect((await call(t.base, member, 'GET', '/api/subscriptions/current', undefined, team)).body).toMatchObject({ tierId: 'pro' });
  });

  it('says what is wrong in one line with exit code 2', async () => {
    const user = await newUser(t);
    const [nobody, gold, missing] = await Promise.all([setTier('nobody@example.com', 'pro'), setTier(user.email, 'gold'), setTier(user.email)]);
    expect(nobody).toEqual({ status: 2, stdout: '', stderr: 'No user has the e-mail address nobody@example.com.\n' });
    expect(gold).toEqual({ status: 2, stdout: '', stderr: 'There is no plan "gold": use one of free, pro, enterprise.\n' });
    expect(missing).toEqual({ status: 2, stdout: '', stderr: 'Usage: tickscribe set-tier EMAIL|WORKSPACE-ID TIER (TIER: free, pro or enterprise).\n' });
    const unknown = crypto.randomUUID();
    expect(await setTier(unknown, 'pro')).toEqual({ status: 2, stdout: '', stderr: `No workspace has the id ${unknown}.\n` });
    expect((await stats(t, user)).limit).toEqual({ input: 200_000, output: 40_000 });
  });
});
