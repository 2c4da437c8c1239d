// The dashboard in a real browser against the real API and ingest workflow: the account and the empty lists, the
// client-side checks, an upload through to the created tickets, the token-credit state and the error banners.
import { describe, expect, it } from 'vitest';
import { hasHorizontalScroll, seriousAccessibilityViolations } from '../support/browser.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { fileInput, MEETING, SHORT_CHAT, TOKEN_LIMIT_TEXT, transcriptJourneys } from './support/transcripts.ts';

const e2e = useE2e();
const { signedInUser, useUpAllCredits, openAs } = transcriptJourneys(e2e);

describe('dashboard', () => {
  it('shows the account and empty lists, checks the file, uploads and lists the created tickets', async () => {
    const user = await signedInUser('Tara Transcripts');
    const page = await openAs(user, '/dashboard');
    const main = page.locator('main');

    await main.getByText('No transcripts yet. Upload your first transcript to get started!').waitFor();
    await main.getByText('No tickets yet. Upload a transcript to generate tickets.').waitFor();
    await main.getByText('Tara Transcripts', { exact: true }).waitFor();
    await main.getByText('Free', { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'View plans and billing' }).getAttribute('href')).toBe('/billing');
    expect(await main.getByRole('link', { name: 'View all transcripts' }).getAttribute('href')).toBe('/transcripts');
    expect(await main.getByRole('link', { name: 'View all tickets' }).getAttribute('href')).toBe('/tickets');
    await main.getByText('Maximum file size: 1MB. Accepted formats: .txt, .json, .vtt, .srt, .csv, .tsv, .tab.').waitFor();
    // Without a bot service configured, the meeting-bot panel says what to set instead of offering a bot.
    await main.getByRole('heading', { name: 'Meeting Bot' }).waitFor();
    await main.getByText('The meeting bot is not configured on this installation', { exact: false }).waitFor();
    await expectAccessibleAt(page, [375, 1280], '/dashboard (empty)');

    // Client-side checks.
    await main.getByRole('button', { name: 'Upload', exact: true }).click();
    await main.getByText('Please select a file to upload.').waitFor();
    await fileInput(page).setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1_600_000, 'a') });
    await main.getByText('File size exceeds the maximum limit of 1MB. Selected file is 1.53MB.').waitFor();
    await fileInput(page).setInputFiles({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await main.getByText('This file type is not supported. Please upload one of: .txt, .json, .vtt, .srt, .csv, .tsv, .tab.').waitFor();
    await main.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForTimeout(200);
    expect(await main.getByRole('progressbar').count()).toBe(0);

    // The upload is held back for a moment so the fake progress can be seen climbing, never past 90%.
    await page.route('**/api/transcripts/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await fileInput(page).setInputFiles(MEETING);
    await expect(main.getByRole('alert').filter({ hasNotText: 'meeting bot is not configured' }).count()).resolves.toBe(0);
    await main.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = main.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await page.waitForTimeout(1000);
    const value = Number(await progress.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(10);
    expect(value).toBeLessThanOrEqual(90);

    // Then the 5-second status poll finds the transcript completed and the panel lists its tickets.
    await main.getByText(/Processing complete: \d+ tickets? (was|were) created\./).waitFor({ timeout: 30_000 });
    const created = main.getByRole('list', { name: 'Tickets created' }).getByRole('link');
    expect(await created.count()).toBeGreaterThan(0);
    expect(await created.first().getAttribute('href')).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);

    // The recent lists and the account summary follow.
    const recentTickets = main.getByRole('region', { name: 'Recent Tickets' });
    await recentTickets.getByRole('listitem').first().waitFor();
    const ticketLinks = await recentTickets.getByRole('listitem').getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(ticketLinks.length).toBeGreaterThan(0);
    expect(ticketLinks.length).toBeLessThanOrEqual(5);
    for (const href of ticketLinks) expect(href).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);
    const recentTranscripts = main.getByRole('region', { name: 'Recent Transcripts' });
    const transcriptLink = recentTranscripts.getByRole('listitem').getByRole('link');
    expect(await transcriptLink.getAttribute('href')).toMatch(/^\/transcripts\/[0-9a-f-]{36}$/);
    await recentTranscripts.getByText('Completed').waitFor();
    await main.getByRole('region', { name: 'Account' }).getByText('1', { exact: true }).waitFor();
    await expectAccessibleAt(page, [375, 1280], '/dashboard (after upload)');
  }, 90_000);

  it('shows the upgrade link when token credits are used up', async () => {
    const user = await signedInUser();
    await useUpAllCredits(user.userId);
    const page = await openAs(user, '/dashboard', 375);
    await fileInput(page).setInputFiles(MEETING);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(TOKEN_LIMIT_TEXT).waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade Subscription' }).getAttribute('href')).toBe('/billing');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('says when the dashboard data cannot be loaded or refreshed', async () => {
    const user = await signedInUser();
    const page = await openAs(user, '/dashboard');
    await page.getByText('No tickets yet. Upload a transcript to generate tickets.').waitFor();
    await page.route('**/api/tickets?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    // An upload refreshes the lists; that refresh fails.
    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: SHORT_CHAT });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Failed to refresh dashboard data').waitFor();
    await page.reload();
    await page.getByText('Failed to load dashboard data').waitFor();
    expect(await page.getByText('No tickets yet. Upload a transcript to generate tickets.').count()).toBe(0);
  });
});
