// Two people editing one ticket, in a real browser against the real API: the later save is refused in words
// instead of silently overwriting the earlier one (core/tickets/tickets.ts updateTicket).
import { describe, expect, it } from 'vitest';
import { Ticket } from '../../core/tickets/ticket.entity.ts';
import { useE2e } from './support/e2e.ts';
import { ticketJourneys } from './support/tickets.ts';
import { newUser } from './support/users.ts';

// The refused save is a 409, which the browser logs as a failed resource; any other console error fails the test.
const e2e = useE2e({ consoleErrors: { except: /status of 409 \(Conflict\)/ } });
const { signedInUser, call, createTicket, getTicket, openAs } = ticketJourneys(e2e);

describe('editing a ticket someone else changed', () => {
  it('refuses to save over a change someone made meanwhile, in words, and keeps theirs', async () => {
    const token = await signedInUser();
    const ticket = await createTicket(token, { title: 'Plan the offsite', project: 'Ops' });
    const page = await openAs(token, `/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: 'Plan the offsite', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('region', { name: 'Edit ticket' });
    await form.getByLabel('Title').fill('Plan the spring offsite');
    // Meanwhile a teammate (or another tab) changes the ticket.
    await call(token, 'PUT', `/api/tickets/${ticket.id}`, { title: 'Plan the offsite in Lisbon' });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Someone changed this ticket after you opened it. Reload it to see their changes, then make yours again.').waitFor();
    expect((await getTicket(token, ticket.id)).title).toBe('Plan the offsite in Lisbon');
    // Reloaded, the edit starts from their version and is saved.
    await page.reload();
    await page.getByRole('heading', { name: 'Plan the offsite in Lisbon', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Title').fill('Plan the spring offsite in Lisbon');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Ticket updated successfully').waitFor();
    expect((await getTicket(token, ticket.id)).title).toBe('Plan the spring offsite in Lisbon');
  });

  it('names who made and who last edited a ticket when that was someone else, never the viewer', async () => {
    const token = await signedInUser();
    const ticket = await createTicket(token, { title: 'Book the venue', project: 'Ops' });
    const page = await openAs(token, `/tickets/${ticket.id}`, 375);
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('Updated').waitFor();
    // Their own ticket: as for a user alone, no names.
    expect(await details.getByText('Created by').count()).toBe(0);
    expect(await details.getByText('Last edited by').count()).toBe(0);
    // A teammate made it and last changed it.
    const grace = await newUser(e2e.app.url, 'teammate', 'Grace Hopper');
    await e2e.app.orm.em.fork().nativeUpdate(Ticket, { id: ticket.id }, { createdBy: grace.userId, editedBy: grace.userId });
    await page.reload();
    await details.getByText('Created by').waitFor();
    expect(await details.locator('dd').allInnerTexts()).toEqual(expect.arrayContaining(['Grace Hopper']));
    await details.getByText('Last edited by').waitFor();
    await page.screenshot({ path: 'test-results/ticket-made-by-a-teammate-375.png', fullPage: true });
    // The viewer's own edit: they are the last editor now, and only the maker is named.
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('region', { name: 'Edit ticket' });
    await form.getByLabel('Title').fill('Book the venue for May');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Ticket updated successfully').waitFor();
    await details.getByText('Created by').waitFor();
    expect(await details.getByText('Last edited by').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/ticket-made-by-a-teammate-1280.png', fullPage: true });
  });
});
