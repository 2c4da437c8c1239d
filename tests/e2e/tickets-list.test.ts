// The ticket list in a real browser against the real API: create (required fields, tags, a suggested assignee),
// long titles, filter, search, page size, select, push and bulk delete on /tickets.
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { useE2e } from './support/e2e.ts';
import { choose, expectTitles, filters, pagination, paste, settled, shownTitles, table, ticketJourneys, type Ticket } from './support/tickets.ts';

const e2e = useE2e({ consoleErrors: true });
const { signedInUser, call, createTicket, getTicket, markPushed, openAs } = ticketJourneys(e2e);

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
    // Every required field filled: the message goes without another save.
    await form.getByText('Please fill out all required fields').waitFor({ state: 'detached' });
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
    await page.waitForURL(`${e2e.app.url}/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  });
});

describe('the table at desktop widths', () => {
  it('keeps each row of ordinary data on one line at 1280 px, and breaks no project name mid-word from 1024 to 1920 px', async () => {
    const token = await signedInUser();
    const rows = [
      { title: 'Write the release notes for 2.4', project: 'acme/web', assignee: 'Ada Lovelace', priority: 'High' },
      { title: 'Fix the login redirect', project: 'General', assignee: 'Grace Hopper', priority: 'Medium' },
      { title: 'Move the nightly export to 2 am', project: 'platform-infra', priority: 'Low' },
      { title: 'Add a dark theme to the dashboard', project: 'Design', assignee: 'Katherine Johnson', priority: 'High' },
    ];
    const made = [];
    for (const row of rows) made.push(await createTicket(token, row));
    await markPushed(made[1]!.id, '42');
    const page = await openAs(token, '/tickets');
    await expectTitles(page, [...rows].reverse().map((row) => row.title));

    /** Each body row's height, and its tallest cell's column for the failure message. */
    const layout = () => table(page).evaluate((element) => {
      const columns = [...element.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim() ?? '');
      return [...element.querySelectorAll('tbody tr')].map((row) => {
        const cells = [...row.querySelectorAll('td')].map((cell) => [...cell.children].reduce((most, child) => Math.max(most, child.getBoundingClientRect().height), 0));
        return { height: Math.round(row.getBoundingClientRect().height), tallest: columns[cells.indexOf(Math.max(...cells))] };
      });
    });

    for (const width of [1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      const projects = await table(page).locator('tbody tr td:nth-child(3)').allInnerTexts();
      expect(projects.sort(), `projects at ${width}px`).toEqual(rows.map((row) => row.project).sort());
      if (width >= 1280) {
        // One line: a small button's height and the cell padding (about 57 px); a second line of text or the
        // buttons stacked make it 75 px or more.
        const rowsShown = await layout();
        for (const row of rowsShown) expect(row.height, `rows at ${width}px: ${JSON.stringify(rowsShown)}`).toBeLessThanOrEqual(64);
      }
      await saveScreenshot(page, `tickets-table-${width}`);
    }
    const notPushed = table(page).getByText('Not pushed').first();
    expect(await notPushed.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(150);
    await saveScreenshot(page, 'tickets-list-375', true);
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
    // The warning is about this selection in this list: another page (or a search, a filter) ends it.

    await pagination(page).getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Please select at least one ticket to push').waitFor({ state: 'detached' });
    await settled(page);
    await expectTitles(page, ['Item 2', 'Item 1']);
    await page.getByRole('checkbox', { name: 'Select ticket Item 1' }).check();
    await page.getByText('1 ticket selected').waitFor();
    await page.getByRole('button', { name: 'Push' }).click();
    await page.getByText('All selected tickets have already been pushed to external systems').waitFor();
    await page.getByRole('checkbox', { name: 'Select all tickets on this page' }).check();
    await page.getByText('2 tickets selected').waitFor();
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Push tickets' });
    await wizard.getByText('You have no connections yet.').waitFor();
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await wizard.waitFor({ state: 'hidden' });

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
