// Two people editing one ticket, in a real browser against the real API: the later save is refused in words
// instead of silently overwriting the earlier one (core/tickets/tickets.ts updateTicket).
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/e2e.ts';
import { ticketJourneys } from './support/tickets.ts';

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

});
