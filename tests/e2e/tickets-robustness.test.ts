// The ticket screens when the server fails, and at phone and desktop widths with axe-core.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectFitsAndAccessible } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { choose, expectTitles, filters, settled, ticketJourneys } from './support/tickets.ts';

const e2e = useE2e({ consoleErrors: true });
const { signedInUser, createTicket, markPushed, openAs } = ticketJourneys(e2e);

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
    await page.goto(`${e2e.app.url}/tickets/${first.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Failed to update ticket').waitFor();

    await page.route(`**/api/tickets/${second.id}`, failWith500);
    await page.goto(`${e2e.app.url}/tickets/${second.id}`, { waitUntil: 'networkidle' });
    await page.getByText('Failed to load ticket data').waitFor();

    // Chromium logs each 500 answer; those are the point of this test.
    e2e.errors.splice(0, e2e.errors.length, ...e2e.errors.filter((message) => !message.includes('status of 500')));
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
      const check = (page: Page, what: string) => expectFitsAndAccessible(page, what, width);

      const page = await openAs(token, '/tickets', width);
      await settled(page);
      await page.getByRole('checkbox', { name: 'Select ticket Second' }).check();
      await check(page, 'list');
      await page.getByRole('button', { name: 'Create Ticket' }).click();
      await page.getByRole('button', { name: 'Save Ticket' }).click();
      await page.getByText('Please fill out all required fields').waitFor();
      await check(page, 'create form');

      await page.goto(`${e2e.app.url}/tickets/${second.id}`, { waitUntil: 'networkidle' });
      await page.getByRole('list', { name: 'Dependencies' }).getByRole('link').waitFor();
      await check(page, 'detail');
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Find a ticket to depend on').fill('Second');
      await page.getByText('No matching tickets found').waitFor();
      await check(page, 'edit form');
    });
  }
});
