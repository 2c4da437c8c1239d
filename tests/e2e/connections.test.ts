// The Project Connections screen in a real browser against the real API: the empty list, the form's checks, a
// saved connection that does not work yet, an edit that keeps the saved credentials, verify and delete, and the
// ticket page's warning for a project without a connection. No tracker can be reached from the tests, so every
// check with GitHub fails and the page says why. A third-party tracker (tests/fixtures/plugins/kanban-tracker.js)
// gets its form from its schemas, and its local test server, reached as localhost, answers its checks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { newToken, useTrackerServer } from '../integration/connections-support.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { choose, ticketJourneys } from './support/tickets.ts';
import type { Page } from 'playwright-core';

// Only localhost is allowed by name: 127.0.0.1, as a GitHub Enterprise address below, is still refused.
const e2e = useE2e({ consoleErrors: true, env: { PLUGINS: './tests/fixtures/plugins/kanban-tracker.js', OUTBOUND_ALLOWLIST: 'localhost' } });
const server = useTrackerServer();
const { signedInUser, call, createTicket, openAs } = ticketJourneys(e2e);

interface Connection {
  id: string;
  name: string;
  credentials: Record<string, boolean>;
  settings: Record<string, unknown>;
  lastVerification: { ok: boolean; message: string } | null;
}

const listConnections = async (token: string) => (await call<{ connections: Connection[] }>(token, 'GET', '/api/connections')).connections;

async function createGitHub(token: string, name: string, settings: { projectMappings?: string[]; userMappings?: Record<string, string> } = {}) {
  const body = {
    name,
    project_identifier: 'acme/web',
    connection_type: 'github',
    credentials: { github: { token: 'ghp_saved_token' } },
    settings: { projectMappings: [], userMappings: {}, ...settings },
  };
  return (await call<{ connection: Connection }>(token, 'POST', '/api/connections', body)).connection;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Connections' }).getByRole('listitem');

describe('adding a connection', () => {
  it('shows the empty list, refuses an incomplete form, and saves a connection that does not work yet', async () => {
    const token = await signedInUser();
    const page = await openAs(token, '/connections');
    await page.getByRole('heading', { name: 'Project Connections', level: 1 }).waitFor();
    await page.getByText('No connections configured yet...').waitFor();
    await expectAccessibleAt(page, [375, 1280], 'empty connections');

    // By keyboard: the button opens the form with the focus in its first field, and Enter there submits it.
    await page.getByRole('button', { name: 'Add Connection' }).focus();
    await page.keyboard.press('Enter');
    const region = page.getByRole('region', { name: 'New connection' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.keyboard.press('Enter');
    await region.getByText('Please fill out all required fields').waitFor();

    await region.locator('input[name="name"]').fill('Web on GitHub');
    await choose(page, region, 'Connection Type', 'Azure DevOps');
    await region.getByLabel('Project Identifier').fill('acme/web');
    await region.getByLabel('Organization').fill('acme');
    await region.getByRole('button', { name: 'Save Connection' }).click();
    await region.getByText('Azure DevOps organization and PAT are required').waitFor();

    await choose(page, region, 'Connection Type', 'GitHub');
    await region.getByRole('button', { name: 'Save Connection' }).click();
    await region.getByText('GitHub token is required').waitFor();
    // No GitHub OAuth App is configured on this server (tests/e2e/oauth.test.ts has one): the token field alone.
    expect(await region.getByRole('button', { name: /^Connect with/ }).count()).toBe(0);
    await expectAccessibleAt(page, [375, 1280], 'connection form');

    // The server refuses to send requests to a loopback address, and says so.
    await region.getByLabel('Personal Access Token').fill('ghp_not_a_real_token');
    await region.getByLabel('GitHub Enterprise Server API URL').fill('http://127.0.0.1:9/api/v3');
    await region.getByRole('button', { name: 'Save Connection' }).click();
    await region.getByRole('alert').filter({ hasText: /loopback address/ }).waitFor();
    e2e.errors.splice(0, e2e.errors.length, ...e2e.errors.filter((message) => !message.includes('status of 400')));
    expect(await listConnections(token)).toEqual([]);

    await region.getByLabel('GitHub Enterprise Server API URL').fill('');
    await region.getByRole('button', { name: 'Save Connection' }).click();
    await page.getByText('Connection created successfully').waitFor();
    await page.getByText(/^Web on GitHub: The connection was saved, but it does not work yet: .+/).waitFor();
    expect(await page.getByRole('region', { name: 'New connection' }).count()).toBe(0);
    const text = await cards(page).filter({ hasText: 'Web on GitHub' }).innerText();
    for (const shown of ['GitHub', 'acme/web', 'Personal Access Token: saved', 'Not working']) expect(text).toContain(shown);

    const [saved] = await listConnections(token);
    expect(saved).toMatchObject({ name: 'Web on GitHub', credentials: { token: true }, lastVerification: { ok: false } });
    await expectAccessibleAt(page, [375, 1280], 'connection list');
  });
});

describe('a third-party tracker', () => {
  it('gets a form built from its schemas, and a working connection is created and changed from the screen', async () => {
    const token = await signedInUser();
    const apiToken = newToken();
    server.tokens.add(apiToken);
    server.targets.add('WEB');
    const siteUrl = server.url.replace('127.0.0.1', 'localhost');
    const page = await openAs(token, '/connections');
    await page.getByRole('button', { name: 'Add Connection' }).click();
    const region = page.getByRole('region', { name: 'New connection' });
    await region.locator('input[name="name"]').fill('Team board');
    await choose(page, region, 'Connection Type', 'Kanban');
    await region.getByLabel('Project Identifier').fill('WEB');
    await region.getByText('The identifier this tracker expects.').waitFor();

    // Labelled from its schemas; the API token is a secret, the site URL and the username are not.
    const types = { 'Site URL': 'url', Username: 'text', 'API token': 'password' };
    for (const [label, type] of Object.entries(types)) expect(await region.getByLabel(label).getAttribute('type'), label).toBe(type);
    await region.getByRole('button', { name: 'Save Connection' }).click();
    await region.getByText('Kanban Site URL and API token are required').waitFor();

    await region.getByLabel('Site URL').fill(siteUrl);
    await region.getByLabel('API token').fill(apiToken);
    expect(await region.getByLabel('Include priority').isChecked()).toBe(true);
    await region.getByLabel('Include priority').uncheck();
    await region.getByLabel('Lane').fill(' Inbox ');
    await expectAccessibleAt(page, [375, 1280], 'third-party connection form');

    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/connections'));
    await region.getByRole('button', { name: 'Save Connection' }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Team board',
      project_identifier: 'WEB',
      connection_type: 'kanban',
      credentials: { kanban: { url: siteUrl, apiToken } },
      settings: { projectMappings: [], userMappings: {}, includePriority: false, lane: 'Inbox' },
    });
    await page.getByText('Connection created successfully').waitFor();
    await page.getByText('Team board: Signed in as Ada Lovelace, reaching board WEB.').waitFor();
    const text = await cards(page).filter({ hasText: 'Team board' }).innerText();
    for (const shown of ['Kanban', 'WEB', 'Site URL: saved', 'Username: not saved', 'API token: saved', 'Working']) expect(text).toContain(shown);
    const [saved] = await listConnections(token);
    expect(saved).toMatchObject({ credentials: { url: true, username: false, apiToken: true }, settings: { includePriority: false, lane: 'Inbox' } });

    // An edit shows what was saved and keeps the credentials left empty.
    await page.getByRole('button', { name: 'Edit connection Team board' }).click();
    const edit = page.getByRole('region', { name: 'Edit connection Team board' });
    expect(await edit.locator('input[name="connectionType"]').inputValue()).toBe('Kanban');
    await edit.getByText('Leave empty to keep the saved API token.').waitFor();
    expect(await edit.getByLabel('Lane').inputValue()).toBe('Inbox');
    expect(await edit.getByLabel('Include priority').isChecked()).toBe(false);
    await edit.getByLabel('Username').fill('ada');
    await edit.getByRole('button', { name: 'Save Connection' }).click();
    await page.getByText('Connection updated successfully').waitFor();
    expect((await listConnections(token))[0]).toMatchObject({ credentials: { url: true, username: true, apiToken: true }, lastVerification: { ok: true } });
  });
});

describe('changing a connection', () => {
  it('keeps the saved token when its field stays empty, and saves the project and user mappings', async () => {
    const token = await signedInUser();
    await createGitHub(token, 'Shop on GitHub');
    const page = await openAs(token, '/connections');
    await page.getByRole('button', { name: 'Edit connection Shop on GitHub' }).click();
    const region = page.getByRole('region', { name: 'Edit connection Shop on GitHub' });

    expect(await region.getByLabel('Personal Access Token').inputValue()).toBe('');
    await region.getByText('Leave empty to keep the saved Personal Access Token.').waitFor();
    expect(await region.locator('input[name="connectionType"]').inputValue()).toBe('GitHub');

    await region.getByLabel('Project name').fill('Shop');
    await region.getByLabel('Project name').press('Enter');
    await region.getByLabel('Project name').fill('Storefront');
    await region.getByRole('button', { name: 'Add project' }).click();
    await region.getByLabel('Project name').fill(' shop ');
    await region.getByLabel('Project name').press('Enter');
    await region.getByRole('button', { name: 'Remove project Storefront' }).click();
    expect(await region.getByRole('list', { name: 'Extra projects' }).innerText()).toBe('Shop');

    await region.getByRole('button', { name: 'Add mapping' }).click();
    await region.getByLabel('Participant name').fill('Ada Lovelace');
    await region.getByRole('button', { name: 'Save Connection' }).click();
    await region.getByText('Each user mapping needs a participant name and an external username.').waitFor();
    await region.getByLabel('External username').fill('ada-gh');
    // A row left empty is not saved.
    await region.getByRole('button', { name: 'Add mapping' }).click();
    await expectAccessibleAt(page, [375, 1280], 'connection edit form');

    const sent = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/connections/'));
    await region.getByRole('button', { name: 'Save Connection' }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: 'Shop on GitHub',
      project_identifier: 'acme/web',
      connection_type: 'github',
      credentials: { github: {} },
      settings: { projectMappings: ['Shop'], userMappings: { 'Ada Lovelace': 'ada-gh' } },
    });
    await page.getByText('Connection updated successfully').waitFor();

    const [saved] = await listConnections(token);
    expect(saved!.credentials).toEqual({ token: true });
    expect(saved!.settings).toMatchObject({ projectMappings: ['Shop'], userMappings: { 'Ada Lovelace': 'ada-gh' } });
    // The list reloads after the banner shows.
    await expect.poll(() => cards(page).first().innerText()).toContain('1 person');
    expect(await cards(page).first().innerText()).toContain('Shop');
  });

  it('verifies on request and deletes only after confirmation', async () => {
    const token = await signedInUser();
    await createGitHub(token, 'Shop on GitHub');
    await createGitHub(token, 'Docs on GitHub');
    const page = await openAs(token, '/connections');
    // The page's first load may take seconds on a busy machine.
    await expect.poll(() => cards(page).locator('h3').allInnerTexts(), { timeout: 10_000 }).toEqual(['Docs on GitHub', 'Shop on GitHub']);

    const verified = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/verify'));
    await page.getByRole('button', { name: 'Verify connection Shop on GitHub' }).click();
    expect(((await (await verified).json()) as { verification: { ok: boolean } }).verification.ok).toBe(false);
    await expect.poll(() => cards(page).filter({ hasText: 'Shop on GitHub' }).innerText()).toContain('Not working');
    await page.getByRole('button', { name: 'Recent requests of Shop on GitHub' }).click();
    await page.getByRole('region', { name: 'Recent requests of Shop on GitHub' }).getByText(/GET .*\/user/).first().waitFor();

    await page.getByRole('button', { name: 'Delete connection Shop on GitHub' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete connection?' });
    await dialog.getByText('The connection "Shop on GitHub" will be deleted.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await listConnections(token)).toHaveLength(2);

    await page.getByRole('button', { name: 'Delete connection Shop on GitHub' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Connection deleted successfully').waitFor();
    await expect.poll(() => cards(page).locator('h3').allInnerTexts()).toEqual(['Docs on GitHub']);
    expect((await listConnections(token)).map((connection) => connection.name)).toEqual(['Docs on GitHub']);

    await page.getByRole('button', { name: 'Delete connection Docs on GitHub' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No connections configured yet...').waitFor();
  });
});

describe('what a check says', () => {
  it('says a webhook’s receiver accepted a test delivery, not that someone signed in', async () => {
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const token = await signedInUser();
      const url = `http://localhost:${(receiver.address() as AddressInfo).port}/tickscribe`;
      const body = { name: 'Team hook', project_identifier: 'hooks', connection_type: 'webhook', credentials: { webhook: { url } }, settings: { projectMappings: [], userMappings: {} } };
      await call(token, 'POST', '/api/connections', body);
      const page = await openAs(token, '/connections');
      await page.getByRole('button', { name: 'Verify connection Team hook' }).click();
      const card = cards(page).filter({ hasText: 'Team hook' });
      await card.getByText(`The receiver at ${new URL(url).host} accepted a test delivery: unsigned deliveries (no signing secret set).`).waitFor();
      expect(await card.innerText()).not.toContain('Signed in as');
      await saveScreenshot(card, 'connections-webhook-check-1280');
      await page.setViewportSize({ width: 375, height: 900 });
      await saveScreenshot(page, 'connections-webhook-check-375', true);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('the ticket page', () => {
  it('warns about a project without a connection, links to /connections, and marks an unmapped assignee', async () => {
    const token = await signedInUser();
    const ticket = await createTicket(token, { title: 'Ship the cart', project: 'Cart', assignee: 'Ada Lovelace' });
    const page = await openAs(token, `/tickets/${ticket.id}`);
    const warning = page.getByText('The project "Cart" has no connection, so this ticket cannot be pushed yet.');
    await warning.waitFor();
    await expectAccessibleAt(page, [375, 1280], 'ticket without a connection');
    await page.getByRole('link', { name: 'Set up a connection' }).click();
    await page.waitForURL(`${e2e.app.url}/connections`);
    await page.getByRole('heading', { name: 'Project Connections', level: 1 }).waitFor();

    // The server matches a project without regard to case.
    const cart = await createGitHub(token, 'Cart on GitHub', { projectMappings: ['cart'] });
    await page.goto(`${e2e.app.url}/tickets/${ticket.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Ship the cart', level: 1 }).waitFor();
    expect(await warning.count()).toBe(0);
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('Not mapped').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('region', { name: 'Edit ticket' }).getByText('Not mapped').waitFor();

    await call(token, 'PUT', `/api/connections/${cart.id}`, { settings: { projectMappings: ['cart'], userMappings: { 'Ada Lovelace': 'ada-gh' } } });
    await page.goto(`${e2e.app.url}/tickets/${ticket.id}`, { waitUntil: 'networkidle' });
    await details.getByText('Ada Lovelace').waitFor();
    expect(await details.getByText('Not mapped').count()).toBe(0);
  });
});
