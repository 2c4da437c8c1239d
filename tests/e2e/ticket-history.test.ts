// A ticket's History on its page, in a real browser against the real API, worker and Temporal: a meeting uploaded
// (the offline extractor), the ticket edited, pushed to the GitHub stand-in; the timeline read newest first, Show
// more, at 375 and 1280 px.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { useGitHubFake } from '../trackers/github-fake.ts';
import { expectFitsAndAccessible } from './support/checks.ts';
import { apiCaller, until, type Json } from './support/calls.ts';
import { useE2e } from './support/e2e.ts';
import { MEETING } from './support/transcripts.ts';
import { newUser } from './support/users.ts';

const e2e = useE2e({ consoleErrors: true, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
const github = useGitHubFake();
const WIDTHS = [375, 1280] as const;


const call = apiCaller(() => e2e.app.url);

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const entries = (page: Page) => history(page).getByTestId('history-entry');

describe('a ticket\'s history', () => {
  it('shows what happened to the ticket, newest first, a page at a time, at both widths', async () => {
    const { token } = await newUser(e2e.app.url, 'history', 'Grace Hopper');
    // A meeting uploaded: the offline extractor makes its tickets.
    const form = new FormData();
    form.append('transcript', new Blob([readFileSync(MEETING)]), basename(MEETING));
    const uploaded = await fetch(`${e2e.app.url}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const transcriptId = ((await uploaded.json()) as { transcript: { id: string } }).transcript.id;
    await until('the ingest', async () => {
      const status = await call(token, 'GET', `/api/transcripts/${transcriptId}/status`);
      expect(status['processingStatus']).not.toBe('failed');
      return status['processingStatus'] === 'completed' ? true : undefined;
    });
    const detail = await call(token, 'GET', `/api/transcripts/${transcriptId}`);
    const meeting = String((detail['transcript'] as Json)['title']);
    const ticket = (detail['tickets'] as Json[])[0]!;
    const id = String(ticket['id']);

    // Ten edits, the first setting the priority and a due date, then the status back and forth.
    await call(token, 'PUT', `/api/tickets/${id}`, { priority: ticket['priority'] === 'High' ? 'Low' : 'High', dueDate: '2026-12-04', project: 'Website' });
    for (let n = 0; n < 9; n++) await call(token, 'PUT', `/api/tickets/${id}`, { status: n % 2 ? 'ToDo' : 'InProgress' });
    // Pushed to the GitHub stand-in.
    const connection = await call(token, 'POST', '/api/connections', {
      name: 'GitHub Website', project_identifier: 'acme/web', connection_type: 'github', credentials: { github: { token: github.settings.credentials.token } },
      settings: { baseUrl: github.fake.url, projectMappings: ['Website'], userMappings: {} },
    });
    const connectionId = String((connection['connection'] as Json)['id']);
    await call(token, 'POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: [id], batchId: 'history-e2e' });
    const result = await until('the push', async () => {
      const status = await call(token, 'GET', `/api/connections/${connectionId}/pushes/history-e2e`);
      return status['status'] === 'running' ? undefined : status;
    });
    expect(result).toMatchObject({ status: 'completed', result: { successfulPushes: 1 } });
    const key = String((await call(token, 'GET', `/api/tickets/${id}`) as { ticket: Json }).ticket['externalKey']);

    const page = await e2e.newPage({ token });
    await page.goto(`${e2e.app.url}/tickets/${id}`, { waitUntil: 'networkidle' });
    await history(page).waitFor();
    await entries(page).first().waitFor();
    // Newest first: the push, then the edits; ten to a page.
    expect(await entries(page).count()).toBe(10);
    expect(await entries(page).first().innerText()).toContain(`Pushed to GitHub as ${key}`);
    expect(await entries(page).first().getByRole('link', { name: `Open ${key} in GitHub` }).getAttribute('href')).toContain('/acme/web/issues/');
    expect(await entries(page).nth(1).innerText()).toMatch(/^Grace Hopper changed status from (To Do to In Progress|In Progress to To Do)/);

    await history(page).getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => entries(page).count()).toBe(12);
    await expect.poll(() => history(page).getByRole('button', { name: 'Show more' }).count()).toBe(0);
    const texts = await entries(page).allInnerTexts();
    expect(texts[10]).toMatch(/^Grace Hopper changed project from .+ to Website, priority from (Low|Medium|High) to (High|Low), due date from none to Dec 4, 2026/);
    expect(texts[11]).toMatch(new RegExp(`^Extracted from “${meeting.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}” by heuristic heuristic-v1( · \\d+:\\d{2} in the meeting)?`));
    // Every entry says when.
    expect(await history(page).locator('time').count()).toBe(12);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `ticket-history-page-${width}`, true);
      // The History section's top just under the sticky app bar, as someone scrolling to it sees it.
      await page.evaluate(() => {
        const section = document.querySelector('[aria-labelledby="history-heading"]')!;
        window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 80);
      });
      await page.waitForTimeout(100);
      await saveScreenshot(page, `ticket-history-${width}`);
      await expectFitsAndAccessible(page, `ticket history @${width}`, width);
    }
  });

  it('shows a ticket made by hand with its making alone, at 375 px', async () => {
    const { token } = await newUser(e2e.app.url, 'history', 'Alan Turing');
    const made = (await call(token, 'POST', '/api/tickets', { title: 'Made by hand', description: 'By hand', project: 'Web' })) as { ticket: Json };
    const page = await e2e.newPage({ token, width: 375 });
    await page.goto(`${e2e.app.url}/tickets/${String(made.ticket['id'])}`, { waitUntil: 'networkidle' });
    await entries(page).first().waitFor();
    expect(await entries(page).allInnerTexts()).toEqual([expect.stringMatching(/^Alan Turing created this ticket\n/)]);
    expect(await history(page).getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });
});
