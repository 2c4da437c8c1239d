// Team workspaces in a real browser against the real API: the switcher, creating a workspace, inviting people by
// e-mail (the links from the development outbox), signing up through an invitation, the members page as the owner
// and as a member, a removed member's tab going back to their personal workspace, two tabs of one browser working
// in two workspaces, and an admin's tracker connection (the GitHub stand-in), which a member sees without the buttons
// that change it and pushes a meeting's tickets through, seen pushed by the owner and not at all in the member's
// personal workspace. The owner's subscription to Pro goes through the Billing page and Stripe Checkout (stripe-mock
// and Stripe's signed events), and the members see it: only the owner is offered changing the plan, the portal and
// the month's reset; a member and an admin read the plan and its usage, with a line saying whose they are.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { stripeMockSettings } from '../integration/billing-support.ts';
import { saveScreenshot } from '../support/browser.ts';
import { useGitHubFake } from '../trackers/github-fake.ts';
import { plan, region, subscribeToProThroughCheckout } from './support/billing.ts';
import { expectFitsAndAccessible } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { choose, expectTitles, settled, shownTitles, table } from './support/tickets.ts';
import { fileInput, MEETING } from './support/transcripts.ts';
import { logIn, newUser, signUpAndVerify, type SignedIn } from './support/users.ts';

// A removed member's next call answers 404, an invitation link used twice 410, a signed-out visitor's current-user
// check 401: Chromium logs each as a failed resource. Any other console error fails the test.
const EXPECTED_CONSOLE_ERRORS = /status of (401|404|410)/;
// Tracker requests may reach the GitHub stand-in on 127.0.0.1; Stripe's SDK talks to stripe-mock.
const e2e = useE2e({
  consoleErrors: { except: EXPECTED_CONSOLE_ERRORS },
  env: { OUTBOUND_ALLOWLIST: '127.0.0.1', ...stripeMockSettings() },
});
const github = useGitHubFake();
const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';

const WORKSPACE = 'Analytical Engines';
/** The Connections page's line for a member, who may not add or change connections. */
const MEMBER_NOTE = 'Only an admin or the owner of this workspace can add or change connections.';
const WIDTHS = [375, 1280] as const;
/** The Billing and Token Usage pages' lines for anyone but the workspace's owner. */
const PLAN_OWNER_ONLY = 'Only the owner of this workspace can change its plan.';
const RESET_OWNER_ONLY = 'Only the owner of this workspace can reset its usage.';
/** The buttons of those pages that only the owner is offered: the plans', the portal's, the reset's, the upgrade. */
const OWNER_ONLY_BUTTON = /^(Choose |Current Plan$|Not available$|Starts |Manage Billing$|Reset Token Usage$|Upgrade Subscription$)/;

/** Browser contexts of the test's own (a context is one browser profile: its tabs share local storage). */
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function newContext(token?: string): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  contexts.push(context);
  // Every page of the context starts signed in; the blank page a tab opens on has no storage to write to.
  if (token !== undefined) {
    await context.addInitScript((value) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('authToken', value);
    }, token);
  }
  context.on('page', (page) => {
    page.on('pageerror', (error) => e2e.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_CONSOLE_ERRORS.test(message.text())) e2e.errors.push(message.text());
    });
  });
  return context;
}

const address = (kind: string) => `${kind}-${randomUUID().slice(0, 8)}@example.com`;

/** The invitation link the development outbox holds for an address. */
async function invitationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const outbox = (await (await fetch(`${e2e.app.url}/api/dev/outbox`)).json()) as { emails: { to: string; links: string[] }[] };
    const link = outbox.emails.find((mail) => mail.to === email)?.links.find((url) => url.includes('/invitations/'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No invitation e-mail to ${email} in the outbox.`);
}

async function call<T>(token: string, method: string, path: string, body?: unknown, workspace?: string): Promise<T> {
  const response = await fetch(`${e2e.app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(workspace === undefined ? {} : { 'x-workspace-id': workspace }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text === '' ? {} : JSON.parse(text)) as T;
}

const switcher = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Workspace:/ });
const menu = (page: Page) => page.getByRole('menu');
const memberRow = (page: Page, name: string) =>
  page.getByRole('list', { name: /^Members/ }).getByRole('listitem').filter({ hasText: name });

/** Waits until the switcher names this workspace (after the words "Workspace:", there for screen readers). */
async function expectWorkspace(page: Page, name: string): Promise<void> {
  const shown = async () => (await switcher(page).innerText()).replace(/^Workspace:\s*/, '');
  await expect.poll(shown, { timeout: 10_000 }).toBe(name);
}

/**
 * A screenshot at each width, and checks there for sideways scrolling and serious accessibility findings. A page
 * is taken whole; an open menu or dialog (`overlay`) as the screen shows it, since it stays where the screen is.
 */
async function shoot(page: Page, name: string, { overlay = false, ready }: { overlay?: boolean; ready?: () => Promise<void> } = {}): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await ready?.();
    await saveScreenshot(page, `workspaces-${name}-${width}`, !overlay);
    await expectFitsAndAccessible(page, `${name} @${width}`, width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The X-Workspace-Id of each API call the page makes from now on (null: none sent). */
function workspaceHeaders(page: Page): (string | null)[] {
  const seen: (string | null)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request.headers()['x-workspace-id'] ?? null);
  });
  return seen;
}

/** Someone invited to the workspace by its owner, signed up through the invitation's token and signed in. */
async function joinThroughApi(ownerToken: string, workspace: string, fullName: string, role: 'member' | 'admin'): Promise<SignedIn> {
  const person = { email: address(fullName.split(' ')[0]!.toLowerCase()), password: 'joined-secret', fullName };
  await call(ownerToken, 'POST', '/api/workspace/invitations', { email: person.email, role }, workspace);
  const invitationToken = new URL(await invitationLink(person.email)).pathname.split('/').pop();
  const signup = await fetch(`${e2e.app.url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, invitationToken }),
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  return logIn(e2e.app.url, { email: person.email, password: person.password });
}

async function signUpThroughInvitation(link: string, fullName: string, password: string): Promise<Page> {
  const page = await (await newContext()).newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: `Join ${WORKSPACE}` }).waitFor();
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await page.waitForURL(`${e2e.app.url}/dashboard`);
  await expectWorkspace(page, WORKSPACE);
  return page;
}

describe('team workspaces', () => {
  it('creates a workspace from the switcher, invites two people who join through their links, and shows the members', async () => {
    const owner = await newUser(e2e.app.url, 'ada', 'Ada Lovelace');
    const page = await (await newContext(owner.token)).newPage();
    await page.goto(`${e2e.app.url}/dashboard`);
    await expectWorkspace(page, "Ada Lovelace's workspace");

    // The switcher: the personal workspace, the members page, "Create workspace".
    await switcher(page).click();
    await menu(page).getByRole('menuitemradio', { name: /Ada Lovelace's workspace/ }).waitFor();
    expect(await menu(page).getByRole('menuitemradio', { checked: true }).innerText()).toContain('Personal · Owner');
    await shoot(page, 'switcher-open', { overlay: true, ready: () => menu(page).waitFor() });
    await menu(page).getByRole('menuitem', { name: 'Create workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a workspace' });
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await dialog.getByText('Please enter a name for the workspace.').waitFor();
    await dialog.getByLabel('Workspace name').fill(WORKSPACE);
    await shoot(page, 'create-dialog', { overlay: true });
    await dialog.getByRole('button', { name: 'Create workspace' }).click();

    // The new workspace is the tab's, on its members page, with its owner alone in it.
    await page.waitForURL(`${e2e.app.url}/workspace/members`);
    await page.getByRole('heading', { name: WORKSPACE, level: 1 }).waitFor();
    await expectWorkspace(page, WORKSPACE);
    await memberRow(page, 'Ada Lovelace').getByText('Owner').waitFor();

    // Two invitations: a member and an admin.
    const grace = { email: address('grace'), password: 'grace-secret' };
    const linus = { email: address('linus'), password: 'linus-secret' };
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill(grace.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${grace.email}.`).waitFor();
    await invite.getByLabel('Email').fill(linus.email);
    await choose(page, invite, 'Role', 'Admin');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${linus.email}.`).waitFor();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByRole('listitem').filter({ hasText: grace.email }).getByText('Member').waitFor();
    await pending.getByRole('listitem').filter({ hasText: linus.email }).getByText('Admin').waitFor();
    await pending.getByText('Invited by Ada Lovelace').first().waitFor();
    await shoot(page, 'members-owner-invitations');

    // Grace signs up through her link as a member; the page names who invited her to what.
    const graceLink = await invitationLink(grace.email);
    const invitationPage = await (await newContext()).newPage();
    await invitationPage.goto(graceLink);
    await invitationPage.getByText(`Ada Lovelace invited you to join ${WORKSPACE} as a member.`).waitFor();
    expect(await invitationPage.getByLabel('Email').inputValue()).toBe(grace.email);
    expect(await invitationPage.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await shoot(invitationPage, 'invitation-sign-up');
    const gracePage = await signUpThroughInvitation(graceLink, 'Grace Hopper', grace.password);

    // Linus as an admin.
    const linusLink = await invitationLink(linus.email);
    const linusPage = await signUpThroughInvitation(linusLink, 'Linus Torvalds', linus.password);
    await linusPage.goto(`${e2e.app.url}/workspace/members`);
    await linusPage.getByRole('form', { name: 'Invite someone' }).waitFor();

    // A used link says so.
    await invitationPage.goto(graceLink);
    await invitationPage.getByText('This invitation has already been used.').waitFor();
    await shoot(invitationPage, 'invitation-used');

    // The owner's members page lists them with their roles; nobody is waiting any more.
    await page.reload();
    await memberRow(page, 'Grace Hopper').getByText(grace.email).waitFor();
    await memberRow(page, 'Linus Torvalds').getByText(linus.email).waitFor();
    expect(await memberRow(page, 'Grace Hopper').getByRole('combobox').innerText()).toBe('Member');
    expect(await memberRow(page, 'Linus Torvalds').getByRole('combobox').innerText()).toBe('Admin');
    await page.getByText('No invitations are waiting for an answer.').waitFor();
    await shoot(page, 'members-owner');

    // As a member: the list, no invite form, and Leave.
    await gracePage.goto(`${e2e.app.url}/workspace/members`);
    await memberRow(gracePage, 'Ada Lovelace').getByText('Owner').waitFor();
    await gracePage.getByRole('button', { name: 'Leave workspace' }).waitFor();
    expect(await gracePage.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    expect(await gracePage.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await shoot(gracePage, 'members-member');

    // The owner subscribes to Pro on the Billing page, in the team workspace, through Stripe Checkout.
    await page.goto(`${e2e.app.url}/billing`);
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await expectWorkspace(page, WORKSPACE);
    const { workspaceId: team } = await subscribeToProThroughCheckout(e2e, page, owner.userId);
    await region(page, 'Current Subscription').getByText('Pro (Active)').waitFor();
    await shoot(page, 'billing-owner-pro');
    // The owner is offered what the page always offered: the plans' buttons and the portal, and no line says otherwise.
    await region(page, 'Current Subscription').getByRole('button', { name: 'Manage Billing' }).waitFor();
    await plan(page, 'Free').getByRole('button', { name: 'Choose Free' }).waitFor();
    expect(await plan(page, 'Pro').getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await page.getByText(PLAN_OWNER_ONLY).count()).toBe(0);
    await page.goto(`${e2e.app.url}/token-usage`);
    await region(page, 'Token Credits').getByRole('button', { name: 'Reset Token Usage' }).waitFor();
    expect(await page.getByText(RESET_OWNER_ONLY).count()).toBe(0);

    // The plan is the team workspace's: the owner's personal workspace stays on Free.
    expect(await call<{ tierId: string }>(owner.token, 'GET', '/api/subscriptions/current')).toMatchObject({ tierId: 'free' });

    // Grace, a member, and Linus, an admin, see the workspace's plan there.
    const planOf = (shown: Page) => shown.getByRole('region', { name: 'Account' }).getByText(/^(Free|Pro)/).innerText();
    await gracePage.goto(`${e2e.app.url}/dashboard`);
    await expect.poll(() => planOf(gracePage)).toBe('Pro (Active)');
    await linusPage.goto(`${e2e.app.url}/dashboard`);
    await expectWorkspace(linusPage, WORKSPACE);
    await expect.poll(() => planOf(linusPage)).toBe('Pro (Active)');

    // On the Billing page Grace reads the plan and its payment, but is offered no plan to choose, no portal and no
    // cancelling: a line under the plans says whose that is. On Token Usage, a line stands in for the reset.
    await gracePage.goto(`${e2e.app.url}/billing`);
    await expectWorkspace(gracePage, WORKSPACE);
    await region(gracePage, 'Current Subscription').getByText('Pro (Active)').waitFor();
    await plan(gracePage, 'Pro').getByText('Current Plan').waitFor();
    await gracePage.getByText(PLAN_OWNER_ONLY).waitFor();
    await region(gracePage, 'Payment History').locator('tbody tr').first().waitFor();
    expect(await gracePage.getByRole('main').getByRole('button', { name: OWNER_ONLY_BUTTON }).count()).toBe(0);
    expect(await gracePage.getByRole('list', { name: 'Plans' }).getByRole('button').count()).toBe(0);
    await shoot(gracePage, 'billing-member-pro');
    await gracePage.goto(`${e2e.app.url}/token-usage`);
    await gracePage.getByText(RESET_OWNER_ONLY).waitFor();
    expect(await gracePage.getByRole('main').getByRole('button', { name: OWNER_ONLY_BUTTON }).count()).toBe(0);
    await shoot(gracePage, 'usage-member');
    // Linus, an admin, likewise.
    await linusPage.goto(`${e2e.app.url}/billing`);
    await region(linusPage, 'Current Subscription').getByText('Pro (Active)').waitFor();
    await linusPage.getByText(PLAN_OWNER_ONLY).waitFor();
    expect(await linusPage.getByRole('main').getByRole('button', { name: OWNER_ONLY_BUTTON }).count()).toBe(0);
    // With the team's credits used up, the warning says it waits for the owner's upgrade, which he cannot make.
    const spent = await e2e.db.query<{ id: string }>(
      `insert into token_usage (id, user_id, workspace_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
       values (gen_random_uuid(), $1, $2, 'ticket_extraction', 'openai', 0, 400000, now()) returning id`, [owner.userId, team],
    );
    await linusPage.goto(`${e2e.app.url}/token-usage`);
    await linusPage.getByText(RESET_OWNER_ONLY).waitFor();
    await linusPage.getByText(/This workspace's token credits are used up: .* or until its owner upgrades its plan\./).waitFor();
    expect(await linusPage.getByRole('main').getByRole('button', { name: OWNER_ONLY_BUTTON }).count()).toBe(0);
    await e2e.db.query('delete from token_usage where id = $1', [spent.rows[0]!.id]);

    await page.goto(`${e2e.app.url}/workspace/members`);
    await page.getByRole('heading', { name: WORKSPACE, level: 1 }).waitFor();

    // The owner removes Grace while her tab has the workspace open: her next step says she lost it, in her
    // personal workspace, where nothing of the team's shows.
    await gracePage.goto(`${e2e.app.url}/tickets`);
    await gracePage.getByRole('heading', { level: 1 }).first().waitFor();
    await memberRow(page, 'Grace Hopper').getByRole('button', { name: 'Remove Grace Hopper' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove member' });
    await confirm.getByText(`Remove Grace Hopper from ${WORKSPACE}?`).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Grace Hopper was removed from the workspace.').waitFor();
    await expect.poll(() => memberRow(page, 'Grace Hopper').count()).toBe(0);

    await gracePage.getByRole('banner').getByRole('link', { name: 'Transcripts' }).click();
    await gracePage.getByRole('alert').filter({ hasText: `You no longer have access to ${WORKSPACE}. You are back in your personal workspace.` }).waitFor();
    await gracePage.waitForURL(`${e2e.app.url}/dashboard`);
    await expectWorkspace(gracePage, "Grace Hopper's workspace");
    await expect.poll(() => planOf(gracePage)).toBe('Free');
    await shoot(gracePage, 'access-lost', { overlay: true });
    expect(await gracePage.evaluate(() => sessionStorage.getItem('workspace'))).toBeNull();
  }, 240_000);

  it('keeps a workspace per tab: two tabs of one browser work in two workspaces, each showing only its own', async () => {
    const ada = await newUser(e2e.app.url, 'tabs', 'Ada Lovelace');
    const team = (await call<{ workspace: { id: string } }>(ada.token, 'POST', '/api/workspaces', { name: WORKSPACE })).workspace;
    const ticket = { description: 'Seen in one workspace only.', project: 'Web' };
    await call(ada.token, 'POST', '/api/tickets', { ...ticket, title: 'A personal ticket' });
    await call(ada.token, 'POST', '/api/tickets', { ...ticket, title: 'A team ticket' }, team.id);
    const context = await newContext(ada.token);
    const first = await context.newPage();
    await first.goto(`${e2e.app.url}/tickets`);
    await expectWorkspace(first, "Ada Lovelace's workspace");
    await expectTitles(first, ['A personal ticket']);
    await switcher(first).click();
    await menu(first).getByRole('menuitemradio', { name: new RegExp(WORKSPACE) }).click();
    await expectWorkspace(first, WORKSPACE);
    expect(first.url()).toBe(`${e2e.app.url}/tickets`);
    await expectTitles(first, ['A team ticket']);

    // A new tab starts in the personal workspace; the first keeps its own.
    const second = await context.newPage();
    const secondHeaders = workspaceHeaders(second);
    await second.goto(`${e2e.app.url}/tickets`);
    await expectWorkspace(second, "Ada Lovelace's workspace");
    await expectTitles(second, ['A personal ticket']);
    const firstHeaders = workspaceHeaders(first);
    await first.reload();
    await expectWorkspace(first, WORKSPACE);
    await expectTitles(first, ['A team ticket']);
    expect(firstHeaders.length).toBeGreaterThan(0);
    expect(new Set(firstHeaders)).toEqual(new Set([team.id]));
    expect(new Set(secondHeaders)).toEqual(new Set([null]));

    // From a ticket of one workspace, another goes to its ticket list, never showing the ticket it left.
    await first.getByRole('link', { name: 'A team ticket', exact: true }).click();
    await first.getByRole('heading', { name: 'A team ticket', level: 1 }).waitFor();
    await switcher(first).click();
    await menu(first).getByRole('menuitemradio', { name: /Ada Lovelace's workspace/ }).click();
    await first.waitForURL(`${e2e.app.url}/tickets`);
    await expectTitles(first, ['A personal ticket']);

    // A link naming a workspace opens a tab in it, and leaves the address bar clean.
    const third = await context.newPage();
    await third.goto(`${e2e.app.url}/tickets?workspace=${team.id}`);
    await expectWorkspace(third, WORKSPACE);
    expect(third.url()).toBe(`${e2e.app.url}/tickets`);
  }, 120_000);

  it('lets an admin connect a tracker and a member push a meeting’s tickets through it, seen by the owner and not in the member’s personal workspace', async () => {
    const ada = await newUser(e2e.app.url, 'team', 'Ada Lovelace');
    const team = (await call<{ workspace: { id: string } }>(ada.token, 'POST', '/api/workspaces', { name: WORKSPACE })).workspace;
    const grace = await joinThroughApi(ada.token, team.id, 'Grace Hopper', 'member');
    const linus = await joinThroughApi(ada.token, team.id, 'Linus Torvalds', 'admin');

    // Linus, an admin, connects the team's GitHub repository on the Connections page.
    const linusPage = await (await newContext(linus.token)).newPage();
    await linusPage.goto(`${e2e.app.url}/connections?workspace=${team.id}`);
    await expectWorkspace(linusPage, WORKSPACE);
    await linusPage.getByText('No connections configured yet...').waitFor();
    await linusPage.getByRole('button', { name: 'Add Connection' }).click();
    const form = linusPage.getByRole('region', { name: 'New connection' });
    await form.locator('input[name="name"]').fill('Team on GitHub');
    await choose(linusPage, form, 'Connection Type', 'GitHub');
    await form.getByLabel('Project Identifier').fill('acme/web');
    await form.getByLabel('Personal Access Token').fill(github.settings.credentials.token);
    await form.getByLabel('GitHub Enterprise Server API URL').fill(github.fake.url);
    // The meetings' tickets without a project of their own are the team's General.
    await form.getByLabel('Project name').fill('General');
    await form.getByLabel('Project name').press('Enter');
    await form.getByRole('button', { name: 'Save Connection' }).click();
    await linusPage.getByText('Connection created successfully').waitFor();
    const card = linusPage.getByRole('list', { name: 'Connections' }).getByRole('listitem').filter({ hasText: 'Team on GitHub' });
    await expect.poll(() => card.innerText()).toContain('Working');
    expect(await card.innerText()).toContain('General');
    // As an admin he is offered adding, editing and deleting, and no note says otherwise.
    await linusPage.getByRole('button', { name: 'Add Connection' }).waitFor();
    await card.getByRole('button', { name: 'Edit connection Team on GitHub' }).waitFor();
    await card.getByRole('button', { name: 'Delete connection Team on GitHub' }).waitFor();
    expect(await linusPage.getByText(MEMBER_NOTE).count()).toBe(0);

    // Grace, a member, sees the team's connection and may verify it, but is offered no adding, editing or
    // deleting: a line under the heading says whose that is.
    const gracePage = await (await newContext(grace.token)).newPage();
    await gracePage.goto(`${e2e.app.url}/connections?workspace=${team.id}`);
    await expectWorkspace(gracePage, WORKSPACE);
    await gracePage.getByText(MEMBER_NOTE).waitFor();
    const graceCard = gracePage.getByRole('list', { name: 'Connections' }).getByRole('listitem').filter({ hasText: 'Team on GitHub' });
    await graceCard.getByRole('button', { name: 'Verify connection Team on GitHub' }).waitFor();
    expect(await gracePage.getByRole('button', { name: 'Add Connection' }).count()).toBe(0);
    expect(await gracePage.getByRole('button', { name: /^(Edit|Delete)( connection|$)/ }).count()).toBe(0);

    // She uploads a meeting in the team workspace and waits for its tickets.
    await gracePage.goto(`${e2e.app.url}/dashboard?workspace=${team.id}`);
    await expectWorkspace(gracePage, WORKSPACE);
    await fileInput(gracePage).setInputFiles(MEETING);
    await gracePage.getByRole('button', { name: 'Upload', exact: true }).click();
    await gracePage.getByText(/Processing complete: \d+ tickets? (was|were) created\./).waitFor({ timeout: 60_000 });
    const titles = await gracePage.getByRole('list', { name: 'Tickets created' }).getByRole('link').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);

    // She selects them on the ticket list and pushes them through Linus's connection: their project is mapped and
    // nobody is assigned, so the wizard goes straight to its summary.
    await gracePage.getByRole('banner').getByRole('link', { name: 'Tickets' }).click();
    await settled(gracePage);
    await expectTitles(gracePage, titles);
    for (const title of titles) await gracePage.getByRole('checkbox', { name: `Select ticket ${title}` }).check();
    await gracePage.getByRole('button', { name: 'Push', exact: true }).click();
    const wizard = gracePage.getByRole('dialog', { name: 'Push tickets' });
    const confirm = wizard.getByRole('button', { name: 'Confirm & Push' });
    await confirm.waitFor();
    const summary = await wizard.getByText('Team on GitHub (GitHub)').locator('..').innerText();
    expect(summary).toContain(titles.length === 1 ? '1 ticket' : `${titles.length} tickets`);
    expect(summary).toContain('Projects: General');
    await shoot(gracePage, 'push-summary-member', { overlay: true, ready: () => confirm.waitFor() });
    await confirm.click();
    await wizard.getByText(`General: ${titles.length} pushed, 0 failed, 0 skipped`).waitFor({ timeout: 30_000 });

    // GitHub got one issue per ticket, and the wizard links each.
    expect(github.requests(CREATE_ISSUE)).toHaveLength(titles.length);
    expect(github.state.issues.map((issue) => issue['title']).toSorted()).toEqual(titles.toSorted());
    const numbers = new Map(github.state.issues.map((issue) => [issue['title'] as string, issue['number'] as number]));
    for (const title of titles) await wizard.getByRole('link', { name: `#${numbers.get(title)} in GitHub` }).waitFor();
    await wizard.getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'hidden' });

    // Ada, the owner, sees them pushed in the team workspace.
    const adaPage = await (await newContext(ada.token)).newPage();
    await adaPage.goto(`${e2e.app.url}/tickets?workspace=${team.id}`);
    await expectWorkspace(adaPage, WORKSPACE);
    await expectTitles(adaPage, titles);
    for (const title of titles) {
      const link = table(adaPage).getByRole('row').filter({ hasText: title }).getByRole('link', { name: `#${numbers.get(title)}` });
      expect(await link.getAttribute('href')).toBe(`https://github.com/acme/web/issues/${numbers.get(title)}`);
    }
    await shoot(adaPage, 'tickets-owner-pushed');

    // In Grace's personal workspace: none of the team's tickets, transcript or connection.
    await switcher(gracePage).click();
    await menu(gracePage).getByRole('menuitemradio', { name: /Grace Hopper's workspace/ }).click();
    await expectWorkspace(gracePage, "Grace Hopper's workspace");
    await gracePage.getByText('No tickets yet. Create your first ticket using the button above.').waitFor();
    expect(await shownTitles(gracePage)).toEqual([]);
    await gracePage.getByRole('banner').getByRole('link', { name: 'Connections' }).click();
    await gracePage.getByText('No connections configured yet...').waitFor();
    await gracePage.getByRole('banner').getByRole('link', { name: 'Transcripts' }).click();
    await gracePage.getByText('No transcripts yet. Upload your first transcript to get started!').waitFor();
  }, 240_000);

  it('asks a signed-out invitee with an account to sign in, brings them back, and joins on Accept', async () => {
    const ada = await newUser(e2e.app.url, 'owner', 'Ada Lovelace');
    const team = (await call<{ workspace: { id: string } }>(ada.token, 'POST', '/api/workspaces', { name: WORKSPACE })).workspace;
    const charles = { email: address('charles'), password: 'charles-secret' };
    await signUpAndVerify(e2e.app.url, { ...charles, fullName: 'Charles Babbage' });
    await call(ada.token, 'POST', '/api/workspace/invitations', { email: charles.email, role: 'member' }, team.id);
    const link = await invitationLink(charles.email);

    // Signed in as someone else: the server's words and a way to sign out.
    const adaPage = await (await newContext(ada.token)).newPage();
    await adaPage.goto(link);
    await adaPage.getByText(`This invitation was sent to ${charles.email}. Sign in with that address to accept it.`).waitFor();
    await shoot(adaPage, 'invitation-other-address');
    await adaPage.getByRole('button', { name: 'Sign out' }).click();
    await adaPage.getByRole('link', { name: 'Sign in to accept' }).waitFor();
    expect(new URL(adaPage.url()).pathname).toBe(new URL(link).pathname);
    await shoot(adaPage, 'invitation-sign-in');

    // Sign in, then back on the invitation, Accept.
    await adaPage.getByRole('link', { name: 'Sign in to accept' }).click();
    await adaPage.waitForURL(`${e2e.app.url}/login`);
    await adaPage.getByText(`Log in to accept your invitation to ${WORKSPACE}.`).waitFor();
    await adaPage.getByLabel('Email').fill(charles.email);
    await adaPage.getByLabel('Password').fill(charles.password);
    await adaPage.getByRole('button', { name: 'Log In' }).click();
    await adaPage.waitForURL(link);
    await adaPage.getByRole('button', { name: 'Accept invitation' }).waitFor();
    await shoot(adaPage, 'invitation-accept');
    await adaPage.getByRole('button', { name: 'Accept invitation' }).click();
    await adaPage.waitForURL(`${e2e.app.url}/dashboard`);
    await expectWorkspace(adaPage, WORKSPACE);
    const { token } = await logIn(e2e.app.url, charles);
    const { workspaces } = await call<{ workspaces: { id: string; role: string }[] }>(token, 'GET', '/api/workspaces');
    expect(workspaces.find((workspace) => workspace.id === team.id)?.role).toBe('member');
  }, 120_000);

  it('hands the workspace over, lets the previous owner leave, and lets the new owner delete it', async () => {
    const ada = await newUser(e2e.app.url, 'handover', 'Ada Lovelace');
    const team = (await call<{ workspace: { id: string } }>(ada.token, 'POST', '/api/workspaces', { name: WORKSPACE })).workspace;
    const { token: graceToken } = await joinThroughApi(ada.token, team.id, 'Grace Hopper', 'member');

    const page = await (await newContext(ada.token)).newPage();
    await page.goto(`${e2e.app.url}/workspace/members?workspace=${team.id}`);
    await memberRow(page, 'Grace Hopper').getByRole('button', { name: 'Make owner: Grace Hopper' }).click();
    const handOver = page.getByRole('dialog', { name: 'Hand over the workspace' });
    await handOver.getByText(`Make Grace Hopper the owner of ${WORKSPACE}?`).waitFor();
    await handOver.getByRole('button', { name: 'Make owner' }).click();
    await page.getByText('Grace Hopper is now the owner of the workspace. You are an admin.').waitFor();
    await memberRow(page, 'Grace Hopper').getByText('Owner').waitFor();
    expect(await memberRow(page, 'Ada Lovelace').getByRole('combobox').innerText()).toBe('Admin');

    // Ada leaves: back in her personal workspace, told so.
    await page.getByRole('button', { name: 'Leave workspace' }).click();
    await page.getByRole('dialog', { name: 'Leave workspace' }).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${e2e.app.url}/dashboard`);
    await page.getByRole('alert').filter({ hasText: `You left ${WORKSPACE}. You are back in your personal workspace.` }).waitFor();
    await expectWorkspace(page, "Ada Lovelace's workspace");
    await switcher(page).click();
    expect(await menu(page).getByRole('menuitemradio').allInnerTexts()).toEqual([expect.stringContaining("Ada Lovelace's workspace")]);
    await page.keyboard.press('Escape');

    // Grace, the owner now, deletes it after a confirmation naming it.
    const gracePage = await (await newContext(graceToken)).newPage();
    await gracePage.goto(`${e2e.app.url}/workspace/members?workspace=${team.id}`);
    await gracePage.getByRole('button', { name: 'Delete workspace' }).click();
    const deletion = gracePage.getByRole('dialog', { name: 'Delete workspace' });
    await deletion.getByText(`Delete ${WORKSPACE}? Everyone loses access to it and to everything in it. This cannot be undone.`).waitFor();
    await shoot(gracePage, 'delete-dialog', { overlay: true });
    await deletion.getByRole('button', { name: 'Delete workspace' }).click();
    await gracePage.waitForURL(`${e2e.app.url}/dashboard`);
    await gracePage.getByRole('alert').filter({ hasText: `${WORKSPACE} was deleted. You are back in your personal workspace.` }).waitFor();
    await expectWorkspace(gracePage, "Grace Hopper's workspace");
    const { workspaces } = await call<{ workspaces: unknown[] }>(graceToken, 'GET', '/api/workspaces');
    expect(workspaces).toHaveLength(1);
  }, 120_000);

  it('says in words when a link is not valid', async () => {
    const page = await (await newContext()).newPage();
    await page.goto(`${e2e.app.url}/invitations/not-a-real-token`);
    await page.getByText('This invitation link is not valid. Ask the person who invited you for a new one.').waitFor();
    await shoot(page, 'invitation-not-valid');
  });

  it('shows a personal workspace as personal, with a team workspace offered instead of invitations', async () => {
    const ada = await newUser(e2e.app.url, 'personal', 'Ada Lovelace');
    const page = await (await newContext(ada.token)).newPage();
    await page.goto(`${e2e.app.url}/workspace/members`);
    await page.getByRole('heading', { name: "Ada Lovelace's workspace", level: 1 }).waitFor();
    await page.getByText('Your personal workspace: only you can see what is in it.').waitFor();
    await page.getByRole('button', { name: 'Create a team workspace' }).waitFor();
    expect(await page.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    await shoot(page, 'members-personal');
    // Where the bar is tightest: just below and at the width from which the links show beside the switcher.
    for (const width of [1199, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await saveScreenshot(page, `workspaces-bar-${width}`);
      await expectFitsAndAccessible(page, `the bar @${width}`, width);
    }
  });
});
