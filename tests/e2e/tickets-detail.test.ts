// The ticket page in a real browser against the real API: edit (Cancel restores), the pushed badge, unknown and
// foreign tickets, dependencies and the related transcript on /tickets/{id}.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../support/samples.ts';
import { useE2e } from './support/e2e.ts';
import { choose, ticketJourneys } from './support/tickets.ts';

const e2e = useE2e({ consoleErrors: true });
const { signedInUser, call, createTicket, getTicket, markPushed, openAs } = ticketJourneys(e2e);

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

    await page.goto(`${e2e.app.url}/tickets/${randomUUID()}`, { waitUntil: 'networkidle' });
    await page.getByText('Ticket not found').waitFor();
    const stranger = await signedInUser();
    const theirs = await createTicket(stranger, { title: 'Not yours' });
    await page.goto(`${e2e.app.url}/tickets/${theirs.id}`, { waitUntil: 'networkidle' });
    await page.getByText('Ticket not found').waitFor();
    // Chromium logs the two 404 answers; those are the point of this test.
    const expected = e2e.errors.filter((message) => message.includes('status of 404'));
    expect(expected).toHaveLength(2);
    e2e.errors.splice(0, e2e.errors.length, ...e2e.errors.filter((message) => !expected.includes(message)));
  });
});

describe('dependencies and the related transcript', () => {
  it('searches tickets to depend on, links the chips, removes one and shows the transcript card', async () => {
    const token = await signedInUser();
    const form = new FormData();
    const sample = readFileSync(join(SAMPLES_DIR, 'google-meet/podman_community_2023-09-21_meet_transcript.txt'));
    form.append('transcript', new Blob([sample]), 'standup.txt');
    const upload = await fetch(`${e2e.app.url}/api/transcripts/upload`, {
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
    await page.waitForURL(`${e2e.app.url}/tickets/${db.id}`);
    await page.getByRole('heading', { name: 'Create the quokka table', level: 1 }).waitFor();
  });
});
