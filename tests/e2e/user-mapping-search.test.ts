// The user mapping offers the tracker's people, in a real browser against the real API and GitHub's stand-in: in the
// connection form a user types part of a login, picks the person by keyboard, saves, and a push assigns them; in the
// push wizard's map-users step the same search fills a username. A type whose plugin has no search keeps free text.
import { describe, expect, it } from 'vitest';
import { useGitHubFake } from '../trackers/github-fake.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { ticketJourneys } from './support/tickets.ts';

// Tracker requests may reach the stand-in on 127.0.0.1.
const e2e = useE2e({ consoleErrors: true, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
const { signedInUser, call, createTicket, openAs } = ticketJourneys(e2e);
const github = useGitHubFake();

interface Connection {
  id: string;
  settings: { userMappings: Record<string, string> };
}

async function gitHubConnection(token: string): Promise<Connection> {
  const body = {
    name: 'Web on GitHub', project_identifier: 'acme/web', connection_type: 'github',
    credentials: { github: { token: github.settings.credentials.token } },
    settings: { baseUrl: github.fake.url, projectMappings: ['Website'], userMappings: {} },
  };
  return (await call<{ connection: Connection }>(token, 'POST', '/api/connections', body)).connection;
}

describe('the user mapping offers the tracker’s people', () => {
  it('a user types part of a login in the connection form, picks the person, saves, and a push assigns them', async () => {
    github.state.assignable = new Set(['alan-t', 'grace-hopper', 'gregor']);
    const token = await signedInUser();
    const connection = await gitHubConnection(token);
    const page = await openAs(token, '/connections');
    await page.getByRole('button', { name: 'Edit connection Web on GitHub' }).click();
    const region = page.getByRole('region', { name: 'Edit connection Web on GitHub' });
    await region.getByRole('button', { name: 'Add mapping' }).click();
    await region.getByLabel('Participant name').fill('Grace Hopper');

    const username = region.getByRole('combobox', { name: 'External username' });
    await username.pressSequentially('gr', { delay: 30 });
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['grace-hopper', 'gregor']);
    await page.screenshot({ path: 'test-results/user-mapping-search-1280.png' });
    await expectAccessibleAt(page, [375, 1280], 'user mapping with the tracker’s people offered');
    await username.press('ArrowDown');
    await username.press('Enter');
    expect(await username.inputValue()).toBe('grace-hopper');
    await region.getByText('grace-hopper in the tracker.').waitFor();

    await region.getByRole('button', { name: 'Save Connection' }).click();
    await page.getByText('Connection updated successfully').waitFor();
    const [saved] = (await call<{ connections: Connection[] }>(token, 'GET', '/api/connections')).connections;
    expect(saved!.settings.userMappings).toEqual({ 'Grace Hopper': 'grace-hopper' });
    // The search's requests are the connection's deliveries, said as such.
    const deliveries = (await call<{ deliveries: { purpose: string }[] }>(token, 'GET', `/api/connections/${connection.id}/deliveries`)).deliveries;
    expect(deliveries.some((delivery) => delivery.purpose === 'searchUsers')).toBe(true);

    const ticket = await createTicket(token, { title: 'Design the schema', project: 'Website', assignee: 'Grace Hopper' });
    await call(token, 'POST', `/api/connections/${connection.id}/bulk-push`, { ticketIds: [ticket.id], waitSeconds: 20 });
    await expect.poll(() => github.state.issues.length, { timeout: 20_000 }).toBe(1);
    expect((github.state.issues[0]!['assignees'] as { login: string }[]).map((user) => user.login)).toEqual(['grace-hopper']);
  });

  it('the push wizard’s map-users step searches the connection’s tracker, and a typed username still works', async () => {
    github.state.assignable = new Set(['alan-t', 'grace-hopper']);
    const token = await signedInUser();
    await gitHubConnection(token);
    await createTicket(token, { title: 'Build the API', project: 'Website', assignee: 'Alan Turing' });
    await createTicket(token, { title: 'Write the docs', project: 'Website', assignee: 'Ada Lovelace' });
    const page = await openAs(token, '/tickets');
    for (const title of ['Build the API', 'Write the docs']) await page.getByRole('checkbox', { name: `Select ticket ${title}` }).check();
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Push tickets' });
    const alan = dialog.getByRole('combobox', { name: 'Username of Alan Turing' });
    await alan.waitFor();
    await alan.pressSequentially('ala', { delay: 30 });
    await page.getByRole('option', { name: 'alan-t' }).click();
    expect(await alan.inputValue()).toBe('alan-t');
    await dialog.getByRole('combobox', { name: 'Username of Ada Lovelace' }).fill('ada-typed');
    const pushed = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/bulk-push'));
    await dialog.getByRole('button', { name: 'Proceed to Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm & Push' }).click();
    expect((await pushed).postDataJSON()).toMatchObject({ updatedUserMappings: { 'Alan Turing': 'alan-t', 'Ada Lovelace': 'ada-typed' } });
  });
});
