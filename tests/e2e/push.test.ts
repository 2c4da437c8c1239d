// The push wizard in a real browser against the real API and the stateful GitHub stand-in: select tickets, map a
// project to a connection, map a user, push, and see the links, the External column and the badge; the spec's
// messages for an empty or already pushed selection; a ticket GitHub refuses; one ticket pushed from its page by
// keyboard while GitHub throttles; a ticket retried after GitHub failed, the failure shown until it goes through.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gitHubError, useGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { saveScreenshot } from '../support/browser.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { choose, settled, table, ticketJourneys } from './support/tickets.ts';

// Tracker requests may reach the stand-in on 127.0.0.1.
const e2e = useE2e({ consoleErrors: true, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
const { signedInUser, call, createTicket, markPushed, openAs } = ticketJourneys(e2e);

const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A fresh stand-in for each test, checked for contract violations after it.
const github = useGitHubFake();

interface Connection {
  id: string;
  settings: Record<string, unknown>;
}

/** A GitHub connection to the stand-in's acme/web, serving the project Website. */
async function gitHubConnection(token: string): Promise<Connection> {
  const body = {
    name: 'Web on GitHub',
    project_identifier: 'acme/web',
    connection_type: 'github',
    credentials: { github: { token: github.settings.credentials.token } },
    settings: { baseUrl: github.fake.url, projectMappings: ['Website'], userMappings: {} },
  };
  return (await call<{ connection: Connection }>(token, 'POST', '/api/connections', body)).connection;
}

type CreateRoute = NonNullable<GitHubFake['fake']['routes'][string]>;

/** A user with a GitHub connection and one ticket of Website; GitHub answers its issue creates through `answer` (given its own). */
async function ticketWithCreates(title: string, answer: (request: Parameters<CreateRoute>[0], create: CreateRoute) => ReturnType<CreateRoute>) {
  const token = await signedInUser();
  await gitHubConnection(token);
  const ticket = await createTicket(token, { title, project: 'Website' });
  const create = github.fake.routes[CREATE_ISSUE]!;
  github.fake.routes[CREATE_ISSUE] = (request) => answer(request, create);
  return { token, ticket };
}

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Push tickets' });
/**
 * The stepper's steps as shown, number and label, e.g. '3 Map users Skipped'; a done step shows a tick instead of
 * its number. The wide dialog only: phones show "Step n of 6".
 */
const steps = async (page: Page) =>
  (await wizard(page).locator('[aria-label="Push steps"] > .MuiStep-root').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
/** The ticket list with one ticket selected and the push wizard opened for it. */
async function openWizardFor(token: string, title: string) {
  const page = await openAs(token, '/tickets');
  await settled(page);
  await page.getByRole('checkbox', { name: `Select ticket ${title}` }).check();
  await page.getByRole('button', { name: 'Push', exact: true }).click();
  return { page, dialog: wizard(page) };
}
/** The stand-in's issues, by the title they were given. */
const issue = (title: string) => github.state.issues.find((candidate) => candidate['title'] === title);

describe('pushing from the ticket list', () => {
  it('maps a project and a user, pushes, links the items, and shows them pushed in the list and on the ticket', async () => {
    const token = await signedInUser();
    const connection = await gitHubConnection(token);
    const schema = await createTicket(token, { title: 'Design the schema', project: 'Website', assignee: 'Grace Hopper' });
    const api = await createTicket(token, { title: 'Build the API', project: 'Mobile', assignee: 'Alan Turing', dependencies: [schema.id] });
    const old = await createTicket(token, { title: 'Old one', project: 'Website' });
    await markPushed(old.id, '9');

    const page = await openAs(token, '/tickets');
    await settled(page);
    for (const title of ['Design the schema', 'Build the API', 'Old one']) await page.getByRole('checkbox', { name: `Select ticket ${title}` }).check();
    await page.getByRole('button', { name: 'Push', exact: true }).click();

    // Map-connections: Mobile has no connection; Continue without one is refused in the spec's words.
    const dialog = wizard(page);
    await dialog.getByRole('combobox', { name: 'Connection for Mobile' }).waitFor();
    expect(await dialog.innerText()).toContain('Mobile · 1 ticket');
    // All six steps from the start; none is dropped or renumbered as the push goes on.
    expect(await steps(page)).toEqual(['Analyze', '2 Map connections', '3 Map users', '4 Summary', '5 Pushing', '6 Complete']);
    await expectAccessibleAt(page, [375, 1280], 'push wizard, map-connections');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Please select at least one connection or cancel the operation. Connections are required to push tickets.').waitFor();

    await choose(page, dialog, 'Connection for Mobile', 'Web on GitHub (GitHub, acme/web)');
    const saved = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/connections/${connection.id}/projects`));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The project is added to the connection's mappings; nothing else of its settings is sent.
    expect((await saved).postDataJSON()).toEqual({ projects: ['Website', 'Mobile'] });

    // Map-users: both assignees are now pushed through GitHub; Alan Turing stays unmapped (unassigned).
    const grace = dialog.getByRole('combobox', { name: 'Username of Grace Hopper' });
    await grace.waitFor();
    await dialog.getByRole('combobox', { name: 'Username of Alan Turing' }).waitFor();
    const list = dialog.getByRole('region', { name: 'Assignees pushed through Web on GitHub (GitHub)' }).locator('ul');
    expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('128px');
    await grace.fill('grace');
    // The field offers GitHub's assignees as it is typed in; Tab leaves it, closing the list, the username kept as typed.
    await page.getByRole('option', { name: 'grace' }).waitFor();
    await grace.press('Tab');
    await expectAccessibleAt(page, [375, 1280], 'push wizard, map-users');
    expect(await steps(page)).toEqual(['Analyze', 'Map connections', '3 Map users', '4 Summary', '5 Pushing', '6 Complete']);
    await dialog.getByRole('button', { name: 'Proceed to Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm & Push' }).waitFor();
    expect(await steps(page)).toEqual(['Analyze', 'Map connections', 'Map users', '4 Summary', '5 Pushing', '6 Complete']);

    const summary = await dialog.getByText('Web on GitHub (GitHub)').locator('..').innerText();
    expect(summary).toContain('2 tickets');
    expect(summary).toMatch(/Projects: (Website, Mobile|Mobile, Website)/);
    expect(await dialog.innerText()).toContain('1 selected ticket is already pushed and stays as it is.');
    await expectAccessibleAt(page, [375, 1280], 'push wizard, summary');

    const pushed = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/bulk-push'));
    await dialog.getByRole('button', { name: 'Confirm & Push' }).click();
    const sent = (await pushed).postDataJSON() as { ticketIds: string[]; batchId: string };
    expect(sent).toEqual({ ticketIds: expect.any(Array), updatedUserMappings: { 'Grace Hopper': 'grace' }, batchId: expect.stringMatching(UUID), waitSeconds: 20 });
    expect(sent.ticketIds.toSorted()).toEqual([schema.id, api.id].toSorted());

    // Complete: links to the items made, per project and per ticket; Close instead of Cancel.
    const close = dialog.getByRole('button', { name: 'Close' });
    await close.waitFor();
    await dialog.getByText('2 of 2 tickets pushed').waitFor();
    const schemaNumber = issue('Design the schema')!['number'] as number;
    const apiNumber = issue('Build the API')!['number'] as number;
    expect(schemaNumber).toBeLessThan(apiNumber);
    for (const [number, title] of [[schemaNumber, 'Design the schema'], [apiNumber, 'Build the API']] as const) {
      const link = dialog.getByRole('link', { name: `#${number} in GitHub` });
      expect(await link.getAttribute('href')).toBe(`https://github.com/acme/web/issues/${number}`);
      expect(await link.locator('xpath=../..').innerText()).toContain(title);
    }
    const text = await dialog.innerText();
    for (const line of ['Website: 1 pushed, 0 failed, 0 skipped', 'Mobile: 1 pushed, 0 failed, 0 skipped', 'Ticket pushed successfully to GitHub']) expect(text).toContain(line);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await expectAccessibleAt(page, [375, 1280], 'push wizard, complete');

    // In GitHub: once each, the dependency linked, Grace assigned, Alan not.
    expect(github.requests(CREATE_ISSUE)).toHaveLength(2);
    expect(github.state.blockedBy.get(apiNumber)).toEqual([issue('Design the schema')!['id']]);
    expect((issue('Design the schema')!['assignees'] as { login: string }[]).map((user) => user.login)).toEqual(['grace']);
    expect(issue('Build the API')!['assignees']).toEqual([]);

    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    const row = (title: string) => table(page).getByRole('row').filter({ hasText: title });
    await expect.poll(() => row('Build the API').getByRole('link', { name: `#${apiNumber}` }).count()).toBe(1);
    expect(await row('Design the schema').getByRole('link', { name: `#${schemaNumber}` }).getAttribute('href')).toBe(`https://github.com/acme/web/issues/${schemaNumber}`);
    // The pushed tickets are no longer selected; the one pushed before still is.
    await page.getByText('1 ticket selected').waitFor();

    await row('Build the API').getByRole('link', { name: 'Build the API', exact: true }).click();
    await page.getByRole('heading', { name: 'Build the API', level: 1 }).waitFor();
    await page.getByText(`Pushed to GitHub (#${apiNumber})`).waitFor();
    expect(await page.getByRole('button', { name: /^Push ticket/ }).count()).toBe(0);
  });
});

describe('the spec’s messages', () => {
  it('asks for a selection, and says when every selected ticket is already pushed', async () => {
    const token = await signedInUser();
    const done = await createTicket(token, { title: 'Shipped already', project: 'Website' });
    await markPushed(done.id, '5');
    const page = await openAs(token, '/tickets');
    await settled(page);
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    await page.getByText('Please select at least one ticket to push').waitFor();
    await page.getByRole('checkbox', { name: 'Select ticket Shipped already' }).check();
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    await page.getByText('All selected tickets have already been pushed to external systems').waitFor();
    expect(await wizard(page).count()).toBe(0);
  });
});

describe('a ticket a meeting proposed as the same task as an open one', () => {
  it('is named in the summary, with a link to decide on its meeting\'s page, before anything is filed twice', async () => {
    const token = await signedInUser();
    await gitHubConnection(token);
    const open = await createTicket(token, { title: 'Fix the login redirect', project: 'Website' });
    await markPushed(open.id, '7');
    const again = await createTicket(token, { title: 'Fix the login redirect bug', project: 'Website' });
    // The meeting that restated it, with its proposal, as an ingest leaves them (core/tickets/proposals.ts).
    const form = new FormData();
    form.append('transcript', new Blob(['Ada: Grace, the login redirect is still broken, can you fix it?\nGrace: Sure.\n']), 'Weekly sync.txt');
    const uploaded = await fetch(`${e2e.app.url}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const meeting = ((await uploaded.json()) as { transcript: { id: string } }).transcript.id;
    await e2e.app.orm.em.fork().getConnection().execute(
      `insert into ticket_proposals (id, workspace_id, kind, ticket_id, new_ticket_id, transcript_id, score, evidence, created_at)
         select gen_random_uuid(), workspace_id, 'same', ?, ?, ?, 0.8, '{}', now() from tickets where id = ?`,
      [open.id, again.id, meeting, open.id],
    );
    const { page, dialog } = await openWizardFor(token, 'Fix the login redirect bug');
    await dialog.getByRole('button', { name: 'Confirm & Push' }).waitFor();
    const warning = dialog.getByTestId('undecided-same-as');
    expect(await warning.innerText()).toContain('1 ticket may restate a ticket already open. Pushed now, it files a second item');
    expect(await warning.innerText()).toContain('“Fix the login redirect bug” may be the same as “Fix the login redirect” Decide');
    expect(await warning.getByRole('link', { name: 'Decide' }).getAttribute('href')).toBe(`/transcripts/${meeting}`);
    await saveScreenshot(page, 'push-wizard-undecided-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await warning.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'push-wizard-undecided-375');
    await expectAccessibleAt(page, [375, 1280], 'push wizard, undecided same task');
  });
});

describe('a ticket the tracker refuses', () => {
  it('fails in the tracker’s words, and the ticket stays not pushed', async () => {
    const { token, ticket } = await ticketWithCreates('Refused ticket', () =>
      gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is not allowed here' }] }));
    const { page, dialog } = await openWizardFor(token, 'Refused ticket');
    // Nothing to map: the two mapping steps show as skipped, and the summary is still step 4 of 6.
    await dialog.getByRole('button', { name: 'Confirm & Push' }).waitFor();
    expect(await steps(page)).toEqual(['Analyze', '2 Map connections Skipped', '3 Map users Skipped', '4 Summary', '5 Pushing', '6 Complete']);
    await saveScreenshot(page, 'push-wizard-skipped-steps-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await dialog.getByText('Step 4 of 6: Summary').waitFor();
    await saveScreenshot(page, 'push-wizard-skipped-steps-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Confirm & Push' }).click();
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    expect(await steps(page)).toEqual(['Analyze', '2 Map connections Skipped', '3 Map users Skipped', 'Summary', 'Pushing', 'Complete']);
    await dialog.getByText('Failed to push tickets', { exact: true }).waitFor();
    expect(await dialog.getByText(/^Failed to push ticket: .*title is not allowed here/).count()).toBe(1);
    expect(await dialog.innerText()).toContain('Website: 0 pushed, 1 failed, 0 skipped');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await table(page).getByRole('row').filter({ hasText: 'Refused ticket' }).innerText()).toContain('Not pushed');
    expect((await call<{ ticket: { externalUrl: string | null } }>(token, 'GET', `/api/tickets/${ticket.id}`)).ticket.externalUrl).toBeNull();
  });
});

describe('pushing one ticket from its page', () => {
  it('works by keyboard, waits out GitHub’s rate limit with Cancel disabled, and updates the badge', async () => {
    let creates = 0;
    const { token, ticket } = await ticketWithCreates('Throttled ticket', (request, create) =>
      ++creates === 1
        ? { status: 429, headers: { 'retry-after': '3' }, body: { message: 'API rate limit exceeded', documentation_url: 'https://docs.github.com/rest' } }
        : create(request));
    const page = await openAs(token, `/tickets/${ticket.id}`, 375);
    await page.getByText('Not Pushed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Push ticket Throttled ticket' }).focus();
    await page.keyboard.press('Enter');

    // Nothing to map: straight to the summary, whose Confirm & Push has the focus.
    const dialog = wizard(page);
    const confirm = dialog.getByRole('button', { name: 'Confirm & Push' });
    await confirm.waitFor();
    await expect.poll(() => confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    await dialog.getByText(/^Waiting for the tracker's rate limit until \d{2}:\d{2}:\d{2}$/).waitFor({ timeout: 10_000 });
    expect(await dialog.getByText('0 of 1 ticket').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessibleAt(page, [375], 'push wizard, pushing');

    await dialog.getByText('Ticket pushed successfully to GitHub').first().waitFor({ timeout: 20_000 });
    expect(creates).toBe(2);
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect.poll(() => close.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const number = issue('Throttled ticket')!['number'] as number;
    await page.getByText(`Pushed to GitHub (#${number})`).waitFor();
  });
});

describe('a ticket GitHub fails a few times before it goes through', () => {
  it('shows the failure it is retried after beside the ticket, and takes it away once it went through', async () => {
    // GitHub's answer while it is down: 503 with a message (the 5xx of "Troubleshooting the REST API",
    // docs.github.com); the first three creates fail so, the fourth is made.
    let creates = 0;
    const { token } = await ticketWithCreates('Flaky ticket', (request, create) =>
      ++creates <= 3 ? gitHubError(503, 'Service unavailable') : create(request));
    const { page, dialog } = await openWizardFor(token, 'Flaky ticket');
    await dialog.getByRole('button', { name: 'Confirm & Push' }).click();

    // The tracker's words (GitHub's message, named by the plugin) after the attempt the push is on.
    const retrying = dialog.getByText(/^Retrying \(attempt [2-4] of 8\)\. GitHub: Service unavailable\.$/);
    await retrying.waitFor({ timeout: 15_000 });
    // Beside the ticket it concerns, in the live region that announces the progress.
    expect(await dialog.getByRole('status').innerText()).toMatch(/Now: Flaky ticket\s+Retrying \(attempt/);
    await saveScreenshot(page, 'push-retrying-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await retrying.waitFor();
    await saveScreenshot(page, 'push-retrying-375');
    await expectAccessibleAt(page, [375], 'push wizard, pushing while retried');
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByText('Ticket pushed successfully to GitHub').first().waitFor({ timeout: 30_000 });
    expect(creates).toBe(4);
    expect(await dialog.getByText(/^Retrying/).count()).toBe(0);
    expect(github.requests(CREATE_ISSUE)).toHaveLength(4);
    expect(github.state.issues.filter((candidate) => candidate['title'] === 'Flaky ticket')).toHaveLength(1);
  });
});

describe('the summary\'s preview of what the tracker receives', () => {
  it('shows ticket by ticket the issue GitHub will get, built by the plugin, and the push then sends exactly that', async () => {
    const token = await signedInUser();
    await gitHubConnection(token);
    await createTicket(token, { title: 'Tidy the sign-in form', project: 'Website', priority: 'High', tags: ['auth'] });
    await createTicket(token, { title: 'Write the release notes', project: 'Website' });
    const page = await openAs(token, '/tickets');
    await settled(page);
    for (const title of ['Tidy the sign-in form', 'Write the release notes']) await page.getByRole('checkbox', { name: `Select ticket ${title}` }).check();
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    const dialog = wizard(page);
    await dialog.getByRole('button', { name: 'Confirm & Push' }).waitFor();

    await dialog.getByRole('button', { name: 'Preview what GitHub receives' }).click();
    const region = dialog.getByRole('region', { name: 'What GitHub receives' });
    await region.getByText('Ticket 1 of 2').waitFor();
    await region.locator('dd').first().waitFor();
    const first = await region.innerText();
    const shownTitle = first.includes('Tidy the sign-in form') ? 'Tidy the sign-in form' : 'Write the release notes';
    expect(first).toContain('Labels');
    expect(first).toContain('Assignee');
    await region.getByText('The exact request').click();
    expect(await region.innerText()).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/web\/issues/);
    await saveScreenshot(page, 'push-wizard-preview-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await region.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'push-wizard-preview-375');
    await expectAccessibleAt(page, [375, 1280], 'push wizard, item preview');
    const shownBody = await region.locator('pre').first().innerText();

    await region.getByRole('button', { name: 'Next ticket' }).click();
    await region.getByText('Ticket 2 of 2').waitFor();
    await expect.poll(() => region.innerText()).not.toContain(shownTitle);
    // Nothing was created by looking.
    expect(github.state.issues).toEqual([]);

    await dialog.getByRole('button', { name: 'Confirm & Push' }).click();
    await dialog.getByRole('button', { name: 'Close' }).waitFor({ timeout: 60_000 });
    expect(String(issue(shownTitle)!['body']).trim()).toBe(shownBody.trim());
  });
});
