// The ticket screens in a real browser against the real API: create, edit (Cancel restores), filter, search, select
// and bulk delete on /tickets; dependencies and the related transcript on /tickets/{id}; phone and desktop widths
// and axe-core.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ticket as TicketEntity } from '../../core/tickets/ticket.entity.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { hasHorizontalScroll, launchBrowser, seriousAccessibilityViolations } from '../support/browser.ts';
import { SAMPLES_DIR } from '../support/samples.ts';

interface Ticket {
  id: string;
  title: string;
  description: string;
  project: string;
  status: string;
  priority: string;
  assignee: string | null;
  tags: string[];
  dependencies: string[];
  transcriptId: string | null;
  dueDate: string | null;
}

let app: TestApp;
let browser: Browser;
const pages: Page[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()));
  expect(consoleErrors.splice(0)).toEqual([]);
});

/** A verified, logged-in user of its own, so each journey starts from a known list. */
async function signedInUser(): Promise<string> {
  const email = `tickets-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'tickets-secret';
  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/auth/signup', { email, password, fullName: 'Tess Tickets' });
  let link: string | undefined;
  for (let i = 0; i < 40 && !link; i++) {
    const outbox = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as { emails: { to: string; links: string[] }[] };
    link = outbox.emails.find((e) => e.to === email)?.links[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await fetch(link!, { redirect: 'manual' });
  const { token } = (await (await post('/auth/login', { email, password })).json()) as { token: string };
  return token;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (response.status === 204 ? {} : await response.json()) as T;
}

async function createTicket(token: string, fields: Partial<Ticket> & { title: string }): Promise<Ticket> {
  const body = { description: `About ${fields.title}`, project: 'Web', ...fields };
  return (await call<{ ticket: Ticket }>(token, 'POST', '/api/tickets', body)).ticket;
}

const getTicket = async (token: string, id: string) =>
  (await call<{ ticket: Ticket }>(token, 'GET', `/api/tickets/${id}`)).ticket;

async function markPushed(id: string, externalId: string): Promise<void> {
  await app.orm.em.fork().nativeUpdate(TicketEntity, { id }, {
    externalUrl: `https://github.com/acme/web/issues/${externalId}`,
    externalId,
  });
}

async function openAs(token: string, path: string, width = 1280): Promise<Page> {
  // bypassCSP only lets the tests inject axe-core.
  const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
  pages.push(page);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
  await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Tickets' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filters' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

/** The titles of the rows shown, top to bottom (none while the empty text shows). */
function shownTitles(page: Page): Promise<string[]> {
  return table(page).locator('tbody tr td:nth-child(2)').allInnerTexts();
}

/** The list reloads in the background after each change; wait until it shows these rows. */
async function expectTitles(page: Page, titles: string[]): Promise<void> {
  await expect.poll(() => shownTitles(page), { timeout: 10_000 }).toEqual(titles);
}

async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the list shows what the filters ask for (the list keeps the old rows while it reloads). */
async function settled(page: Page): Promise<void> {
  await page.locator('[aria-busy="false"]').first().waitFor();
}

async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('creating tickets', () => {
  it('shows the empty list, checks the required fields and creates a ticket with tags and a suggested assignee', async () => {
    const token = await signedInUser();
    const page = await openAs(token, '/tickets');
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await page.getByText('No tickets yet. Create your first ticket using the button above.').waitFor();

    const toggle = page.getByRole('button', { name: 'Create Ticket' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const form = page.getByRole('region', { name: 'New ticket' });
    await form.getByRole('button', { name: 'Save Ticket' }).click();
    await form.getByText('Please fill out all required fields').waitFor();
    await form.getByLabel('Title').fill('Add a login rate limit');
    await form.getByLabel('Project').fill('Platform');
    await form.getByRole('button', { name: 'Save Ticket' }).click();
    await form.getByText('Please fill out all required fields').waitFor();
    await form.getByLabel('Description').fill('Five failed logins in a minute lock the account for ten minutes.');
    await choose(page, form, 'Priority', 'High');
    await choose(page, form, 'Effort', 'Small');
    await form.getByLabel('Due Date').fill('2026-12-24');

    // Tags: Enter and a comma add, a paste splits on commas, duplicates and empties are ignored, all trimmed.
    const tags = form.getByLabel('Tags', { exact: true });
    await tags.fill('  security ');
    await tags.press('Enter');
    await tags.pressSequentially('backend,');
    await paste(page, 'Tags', ' api, Security , ,ui');
    await tags.fill('backend');
    await tags.press('Enter');
    const tagList = form.getByRole('list', { name: 'Added tags' });
    expect(await tagList.getByRole('listitem').allInnerTexts()).toEqual(['security', 'backend', 'api', 'ui']);
    await form.getByRole('button', { name: 'Remove tag ui' }).click();
    expect(await tagList.getByRole('listitem').allInnerTexts()).toEqual(['security', 'backend', 'api']);

    // Assignee suggestions come from the names the user's tickets already use.
    await createTicket(token, { title: 'Seed ticket', project: 'Platform', assignee: 'Grace Hopper' });
    await form.getByLabel('Assignee').pressSequentially('gra');
    await page.getByRole('option', { name: 'Grace Hopper' }).click();
    expect(await form.getByLabel('Assignee').inputValue()).toBe('Grace Hopper');

    await form.getByRole('button', { name: 'Save Ticket' }).click();
    await page.getByText('Ticket created successfully').waitFor();
    expect(await page.getByRole('region', { name: 'New ticket' }).count()).toBe(0);
    await expectTitles(page, ['Add a login rate limit', 'Seed ticket']);
    const row = table(page).getByRole('row').filter({ hasText: 'Add a login rate limit' });
    for (const text of ['Platform', 'To Do', 'High', 'Grace Hopper', 'Not pushed']) {
      expect(await row.innerText()).toContain(text);
    }

    const link = row.getByRole('link', { name: 'Add a login rate limit', exact: true });
    const id = (await link.getAttribute('href'))!.replace('/tickets/', '');
    const saved = await getTicket(token, id);
    expect(saved).toMatchObject({
      project: 'Platform',
      priority: 'High',
      status: 'ToDo',
      effort: 'Small',
      dueDate: '2026-12-24',
      assignee: 'Grace Hopper',
      tags: ['security', 'backend', 'api'],
    });
  });

  it('cuts long titles at 50 characters in the table and links them to the ticket', async () => {
    const token = await signedInUser();
    const title = 'Migrate the billing service to the new payment provider before the end of the quarter';
    const ticket = await createTicket(token, { title });
    const page = await openAs(token, '/tickets');
    const link = table(page).getByRole('link', { name: `${title.slice(0, 50)}...` });
    expect(await link.getAttribute('href')).toBe(`/tickets/${ticket.id}`);
    await link.click();
    await page.waitForURL(`${app.url}/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  });
});

describe('editing a ticket', () => {
  it('restores the original values on Cancel and saves the changes', async () => {
    const token = await signedInUser();
    const ticket = await createTicket(token, { title: 'Write the release notes', project: 'Docs', tags: ['docs'] });
    const page = await openAs(token, `/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: 'Write the release notes', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Tickets' }).getAttribute('href')).toBe('/tickets');
    await page.getByText('Not Pushed', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('region', { name: 'Edit ticket' });
    await form.getByLabel('Title').fill('Something else entirely');
    await choose(page, form, 'Status', 'Done');
    await form.getByLabel('Notes').fill('Draft note');
    await form.getByRole('button', { name: 'Remove tag docs' }).click();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('heading', { name: 'Write the release notes', level: 1 }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    expect(await details.innerText()).toContain('To Do');
    expect(await details.innerText()).toContain('docs');
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await form.getByLabel('Title').inputValue()).toBe('Write the release notes');
    expect(await form.getByLabel('Notes').inputValue()).toBe('');
    expect(await form.getByRole('list', { name: 'Added tags' }).innerText()).toContain('docs');

    await form.getByLabel('Title').fill('   ');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Please fill out all required fields').waitFor();

    await form.getByLabel('Title').fill('Write the 2.0 release notes');
    await choose(page, form, 'Status', 'In Progress');
    await choose(page, form, 'Priority', 'Low');
    await form.getByLabel('Implementation').fill('Collect the merged pull requests.');
    await form.getByLabel('Tags', { exact: true }).fill('release');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    await page.getByText('Ticket updated successfully').waitFor();
    await page.getByRole('heading', { name: 'Write the 2.0 release notes', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Implementation' }).innerText()).toContain('Collect the merged pull requests.');
    expect(await getTicket(token, ticket.id)).toMatchObject({
      title: 'Write the 2.0 release notes',
      status: 'InProgress',
      priority: 'Low',
      tags: ['docs', 'release'],
    });
  });

  it('shows the pushed badge, and the errors for an unknown or foreign ticket', async () => {
    const token = await signedInUser();
    const ticket = await createTicket(token, { title: 'Already in GitHub' });
    await markPushed(ticket.id, '77');
    const page = await openAs(token, `/tickets/${ticket.id}`);
    await page.getByText('Pushed to GitHub (#77)').waitFor();

    await page.goto(`${app.url}/tickets/${randomUUID()}`, { waitUntil: 'networkidle' });
    await page.getByText('Ticket not found').waitFor();
    const stranger = await signedInUser();
    const theirs = await createTicket(stranger, { title: 'Not yours' });
    await page.goto(`${app.url}/tickets/${theirs.id}`, { waitUntil: 'networkidle' });
    await page.getByText('Ticket not found').waitFor();
    // Chromium logs the two 404 answers; those are the point of this test.
    const expected = consoleErrors.filter((message) => message.includes('status of 404'));
    expect(expected).toHaveLength(2);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !expected.includes(message)));
  });
});

describe('filtering and searching', () => {
  it('filters by status, priority, project and pushed state, searches, and goes back to page 1 on each change', async () => {
    const token = await signedInUser();
    const made: Ticket[] = [];
    for (let i = 1; i <= 12; i++) {
      made.push(
        await createTicket(token, {
          title: `Task ${String(i).padStart(2, '0')}${i === 7 ? ' flaky checkout test' : ''}`,
          project: i % 3 === 0 ? 'Mobile' : 'Web',
          status: i % 4 === 0 ? 'Done' : 'ToDo',
          priority: i % 5 === 0 ? 'High' : 'Medium',
        }),
      );
    }
    await markPushed(made[1]!.id, '42');
    const page = await openAs(token, '/tickets');
    await expect.poll(async () => (await shownTitles(page)).length, { timeout: 10_000 }).toBe(10);
    await page.getByText('12 tickets').waitFor();

    // The page size resets to page 1.
    await pagination(page).getByRole('button', { name: 'Page 2' }).click();
    await settled(page);
    await expectTitles(page, ['Task 02', 'Task 01']);
    await choose(page, page.locator('body'), 'Tickets per page', '5');
    await settled(page);
    expect(await pagination(page).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await expectTitles(page, ['Task 12', 'Task 11', 'Task 10', 'Task 09', 'Task 08']);

    // A filter resets to page 1.
    await pagination(page).getByRole('button', { name: 'Last page' }).click();
    await settled(page);
    expect(await pagination(page).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await choose(page, filters(page), 'Status', 'Done');
    await settled(page);
    await expectTitles(page, ['Task 12', 'Task 08', 'Task 04']);
    expect(await pagination(page).count()).toBe(0);

    await choose(page, filters(page), 'Project', 'Mobile');
    await settled(page);
    await expectTitles(page, ['Task 12']);
    await choose(page, filters(page), 'Status', 'All');
    await settled(page);
    await expectTitles(page, ['Task 12', 'Task 09', 'Task 06', 'Task 03']);
    await choose(page, filters(page), 'Priority', 'High');
    await page.getByText('No tickets match your filters.').waitFor();
    await choose(page, filters(page), 'Priority', 'All');
    await choose(page, filters(page), 'Project', 'All');
    await settled(page);

    await choose(page, filters(page), 'Pushed', 'Pushed');
    await settled(page);
    await expectTitles(page, ['Task 02']);
    const external = table(page).getByRole('link', { name: '#42' });
    expect(await external.getAttribute('href')).toBe('https://github.com/acme/web/issues/42');
    await choose(page, filters(page), 'Pushed', 'Not Pushed');
    await settled(page);
    expect(await page.getByText('11 tickets').count()).toBe(1);
    await choose(page, filters(page), 'Pushed', 'All');
    await settled(page);

    // The search waits for typing to pause, then goes back to page 1.
    await pagination(page).getByRole('button', { name: 'Page 2' }).click();
    await settled(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tickets/filtered')) requests.push(request.url());
    });
    await filters(page).getByLabel('Search tickets').pressSequentially('checkout', { delay: 30 });
    await expect.poll(() => requests.length).toBe(1);
    await settled(page);
    expect(new URL(requests[0]!).searchParams.get('search')).toBe('checkout');
    expect(new URL(requests[0]!).searchParams.get('page')).toBe('1');
    await expectTitles(page, ['Task 07 flaky checkout test']);
    await filters(page).getByLabel('Search tickets').fill('no such words');
    await page.getByText('No tickets match your filters.').waitFor();
  });
});

describe('selecting and deleting', () => {
  it('asks for a selection, checks the push, bulk-deletes after confirmation and goes back a page', async () => {
    const token = await signedInUser();
    const made: Ticket[] = [];
    for (let i = 1; i <= 7; i++) made.push(await createTicket(token, { title: `Item ${i}` }));
    await markPushed(made[0]!.id, '9');
    const page = await openAs(token, '/tickets');
    await choose(page, page.locator('body'), 'Tickets per page', '5');
    await settled(page);

    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByText('Please select at least one ticket to delete').waitFor();
    await page.getByRole('button', { name: 'Push' }).click();
    await page.getByText('Please select at least one ticket to push').waitFor();

    await pagination(page).getByRole('button', { name: 'Page 2' }).click();
    await settled(page);
    await expectTitles(page, ['Item 2', 'Item 1']);
    await page.getByRole('checkbox', { name: 'Select ticket Item 1' }).check();
    await page.getByText('1 ticket selected').waitFor();
    await page.getByRole('button', { name: 'Push' }).click();
    await page.getByText('All selected tickets have already been pushed to external systems').waitFor();
    await page.getByRole('checkbox', { name: 'Select all tickets on this page' }).check();
    await page.getByText('2 tickets selected').waitFor();
    await page.getByRole('button', { name: 'Push' }).click();
    await page.getByText('No tracker connection is configured', { exact: false }).waitFor();

    // Cancelling the confirmation keeps the tickets.
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete selected tickets?' });
    expect(await dialog.innerText()).toContain('The 2 selected tickets will be deleted. This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectTitles(page, ['Item 2', 'Item 1']);

    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The last rows of page 2 are gone: the list goes back to page 1, which is now the only page.
    await expectTitles(page, ['Item 7', 'Item 6', 'Item 5', 'Item 4', 'Item 3']);
    expect(await pagination(page).count()).toBe(0);
    expect(deletes.map((url) => url.split('/').at(-1)).sort()).toEqual([made[0]!.id, made[1]!.id].sort());

    // One ticket through its row's Delete button.
    await page.getByRole('button', { name: 'Delete ticket Item 5' }).click();
    const single = page.getByRole('dialog', { name: 'Delete ticket?' });
    await single.getByRole('button', { name: 'Delete' }).click();
    await expectTitles(page, ['Item 7', 'Item 6', 'Item 4', 'Item 3']);

    await page.getByRole('checkbox', { name: 'Select all tickets on this page' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No tickets yet. Create your first ticket using the button above.').waitFor();
    expect((await call<{ data: Ticket[] }>(token, 'GET', '/api/tickets')).data).toEqual([]);
  });
});

describe('dependencies and the related transcript', () => {
  it('searches tickets to depend on, links the chips, removes one and shows the transcript card', async () => {
    const token = await signedInUser();
    const form = new FormData();
    const sample = readFileSync(join(SAMPLES_DIR, 'google-meet/podman_community_2023-09-21_meet_transcript.txt'));
    form.append('transcript', new Blob([sample]), 'standup.txt');
    const upload = await fetch(`${app.url}/api/transcripts/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const transcriptId = ((await upload.json()) as { transcript: { id: string } }).transcript.id;
    await expect
      .poll(async () => (await call<{ processingStatus: string }>(token, 'GET', `/api/transcripts/${transcriptId}/status`)).processingStatus, { timeout: 30_000 })
      .toBe('completed');

    const api = await createTicket(token, { title: 'Design the quokka API', project: 'Shop' });
    const db = await createTicket(token, { title: 'Create the quokka table', project: 'Shop' });
    const ui = await createTicket(token, { title: 'Build the quokka page', project: 'Shop', transcriptId });

    const page = await openAs(token, `/tickets/${ui.id}`);
    const transcriptCard = page.getByRole('region', { name: 'Related Transcript' });
    expect(await transcriptCard.getByRole('link', { name: 'View transcript' }).getAttribute('href')).toBe(`/transcripts/${transcriptId}`);
    await page.getByText('This ticket does not depend on other tickets.').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const search = page.getByLabel('Find a ticket to depend on');
    await search.fill('zzz-nothing');
    await page.getByText('No matching tickets found').waitFor();
    await search.fill('quokka');
    // The ticket itself is not offered.
    await page.getByRole('button', { name: 'Add Design the quokka API as a dependency' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Build the quokka page as a dependency' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Design the quokka API as a dependency' }).click();
    await search.fill('quokka table');
    await page.getByRole('button', { name: 'Add Create the quokka table as a dependency' }).click();
    const chips = page.getByRole('list', { name: 'Dependencies' });
    expect(await chips.getByRole('link').allInnerTexts()).toEqual(['Design the quokka API', 'Create the quokka table']);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Ticket updated successfully').waitFor();
    expect((await getTicket(token, ui.id)).dependencies).toEqual([api.id, db.id]);

    expect(await chips.getByRole('link', { name: 'Create the quokka table' }).getAttribute('href')).toBe(`/tickets/${db.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Remove dependency Design the quokka API' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Ticket updated successfully').waitFor();
    expect((await getTicket(token, ui.id)).dependencies).toEqual([db.id]);

    await chips.getByRole('link', { name: 'Create the quokka table' }).click();
    await page.waitForURL(`${app.url}/tickets/${db.id}`);
    await page.getByRole('heading', { name: 'Create the quokka table', level: 1 }).waitFor();
  });
});

describe('server failures', () => {
  it("shows the spec's error texts when the server fails", async () => {
    const token = await signedInUser();
    const [first, second] = [await createTicket(token, { title: 'First' }), await createTicket(token, { title: 'Second' })];
    const page = await openAs(token, '/tickets');
    await expectTitles(page, ['Second', 'First']);
    const failWith500 = (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });

    // One of two deletes fails: the other ticket is gone, the list says so and shows what is left.
    await page.route(`**/api/tickets/${first.id}`, (route) =>
      route.request().method() === 'DELETE' ? failWith500(route) : route.fallback(),
    );
    await page.getByRole('checkbox', { name: 'Select all tickets on this page' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Failed to delete one or more tickets').waitFor();
    await expectTitles(page, ['First']);
    await page.getByRole('button', { name: 'Delete ticket First' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Failed to delete ticket').waitFor();
    await page.unroute(`**/api/tickets/${first.id}`);

    await page.route('**/api/tickets', (route) => (route.request().method() === 'POST' ? failWith500(route) : route.fallback()));
    await page.getByRole('button', { name: 'Create Ticket' }).click();
    const form = page.getByRole('region', { name: 'New ticket' });
    await form.getByLabel('Title').fill('Never saved');
    await form.getByLabel('Project').fill('Web');
    await form.getByLabel('Description').fill('The server is down.');
    await form.getByRole('button', { name: 'Save Ticket' }).click();
    await form.getByText('Failed to create ticket').waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Never saved');

    await page.route('**/api/tickets/filtered?*', failWith500);
    await choose(page, filters(page), 'Status', 'Done');
    await page.getByText('Failed to fetch tickets').waitFor();

    await page.route(`**/api/tickets/${first.id}`, (route) => (route.request().method() === 'PUT' ? failWith500(route) : route.fallback()));
    await page.goto(`${app.url}/tickets/${first.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Failed to update ticket').waitFor();

    await page.route(`**/api/tickets/${second.id}`, failWith500);
    await page.goto(`${app.url}/tickets/${second.id}`, { waitUntil: 'networkidle' });
    await page.getByText('Failed to load ticket data').waitFor();

    // Chromium logs each 500 answer; those are the point of this test.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !message.includes('status of 500')));
  });
});

describe('small screens and accessibility', () => {
  for (const width of [375, 1280]) {
    it(`the ticket screens fit ${width} px and have no serious accessibility violations`, async () => {
      const token = await signedInUser();
      const first = await createTicket(token, {
        title: 'A ticket with a rather long title that the table has to cut short',
        assignee: 'Ada Lovelace',
        tags: ['frontend'],
      });
      const second = await createTicket(token, { title: 'Second', dependencies: [first.id], dueDate: '2026-12-01' });
      await markPushed(second.id, '3');
      const check = async (page: Page, what: string) => {
        expect(await hasHorizontalScroll(page), `${what} scrolls sideways at ${width}px`).toBe(false);
        const violations = await seriousAccessibilityViolations(page);
        expect(violations.map((v) => `${what}: ${v.id} ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
      };

      const page = await openAs(token, '/tickets', width);
      await settled(page);
      await page.getByRole('checkbox', { name: 'Select ticket Second' }).check();
      await check(page, 'list');
      await page.getByRole('button', { name: 'Create Ticket' }).click();
      await page.getByRole('button', { name: 'Save Ticket' }).click();
      await page.getByText('Please fill out all required fields').waitFor();
      await check(page, 'create form');

      await page.goto(`${app.url}/tickets/${second.id}`, { waitUntil: 'networkidle' });
      await page.getByRole('list', { name: 'Dependencies' }).getByRole('link').waitFor();
      await check(page, 'detail');
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Find a ticket to depend on').fill('Second');
      await page.getByText('No matching tickets found').waitFor();
      await check(page, 'edit form');
    });
  }
});
