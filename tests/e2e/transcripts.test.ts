// The dashboard and transcript screens in a real browser against the real API and ingest workflow: upload on the
// dashboard through to the created tickets, the client-side checks and the token-credit state; search, sort, paging
// and delete on /transcripts; the tabs, truncation, polling and delete of /transcripts/{id}; phone and desktop
// widths and axe-core.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { hasHorizontalScroll, launchBrowser, seriousAccessibilityViolations } from '../support/browser.ts';
import { SAMPLES_DIR } from '../support/samples.ts';

interface SignedIn {
  token: string;
  userId: string;
}

interface TranscriptStatus {
  processingStatus: string;
  ticketCount: number;
  metadata: Record<string, unknown>;
}

const TOKEN_LIMIT_TEXT =
  'You have exceeded your token usage limits. Please upgrade your subscription to process more transcripts.';
const MEETING = join(SAMPLES_DIR, 'google-meet/polygon_ppgc29_2025.txt');
const SHORT_CHAT = readFileSync(join(SAMPLES_DIR, 'plaintext/turnchunk_otter_style.txt'));
const WITH_CONFIDENCE = join(SAMPLES_DIR, 'json/deepgram_prerecorded_nova2_diarize_utterances.json');

let app: TestApp;
let browser: Browser;
let db: pg.Client;
const pages: Page[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  [app, browser] = await Promise.all([startTestApp(), launchBrowser(), db.connect()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await db?.end();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()));
  expect(pageErrors.splice(0)).toEqual([]);
});

/** A verified, logged-in user of its own, so each journey starts from empty lists. */
async function signedInUser(fullName = 'Tara Transcripts'): Promise<SignedIn> {
  const email = `transcripts-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'transcripts-secret';
  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/auth/signup', { email, password, fullName });
  let link: string | undefined;
  for (let i = 0; i < 40 && !link; i++) {
    const outbox = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as { emails: { to: string; links: string[] }[] };
    link = outbox.emails.find((e) => e.to === email)?.links[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await fetch(link!, { redirect: 'manual' });
  const { token, user } = (await (await post('/auth/login', { email, password })).json()) as { token: string; user: { id: string } };
  return { token, userId: user.id };
}

/** Pro allows 50 transcripts a month, so a list can have more than one page. */
async function makePro(userId: string): Promise<void> {
  await db.query(`update users set subscription_tier = 'Pro' where id = $1`, [userId]);
}

async function useUpAllCredits(userId: string): Promise<void> {
  await db.query(
    `insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
     values (gen_random_uuid(), $1, 'ticket_extraction', 'openai', 1000000000, 1000000000, now())`,
    [userId],
  );
}

async function upload(token: string, fileName: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.append('transcript', new Blob([new Uint8Array(content)]), fileName);
  const response = await fetch(`${app.url}/api/transcripts/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { transcript: { id: string } }).transcript.id;
}

async function settled(token: string, id: string): Promise<TranscriptStatus> {
  for (let i = 0; i < 120; i++) {
    const response = await fetch(`${app.url}/api/transcripts/${id}/status`, { headers: { authorization: `Bearer ${token}` } });
    const status = (await response.json()) as TranscriptStatus;
    if (status.processingStatus === 'completed' || status.processingStatus === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`transcript ${id} did not finish processing`);
}

async function newPage(user: SignedIn, width = 1280): Promise<Page> {
  // bypassCSP only lets the tests inject axe-core.
  const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
  pages.push(page);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.addInitScript((value) => localStorage.setItem('authToken', value), user.token);
  return page;
}

async function openAs(user: SignedIn, path: string, width = 1280): Promise<Page> {
  const page = await newPage(user, width);
  await page.goto(`${app.url}${path}`);
  return page;
}

async function expectAccessibleAt(page: Page, widths: number[], label: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    expect(await hasHorizontalScroll(page), `${label} scrolls sideways at ${width}px`).toBe(false);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.map((v) => `${label} @${width}: ${v.id} ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
  }
}

const fileInput = (page: Page) => page.locator('input[type="file"]');

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
    // No meeting-bot control until the bot feature exists.
    expect(await main.getByText(/meeting url|bot/i).count()).toBe(0);
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
    await expect(main.getByRole('alert').count()).resolves.toBe(0);
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

describe('transcript list', () => {
  const titles = ['alpha-planning', 'bravo-retro', 'charlie-sync', 'delta-review', 'echo-standup', 'foxtrot-demo', 'golf-kickoff'];

  it('searches, sorts, pages, deletes with confirmation and shows a failed processing run', async () => {
    const user = await signedInUser();
    await makePro(user.userId);
    for (const title of titles) await upload(user.token, `${title}.txt`, SHORT_CHAT);
    const page = await openAs(user, '/transcripts');
    const main = page.locator('main');
    const list = main.getByRole('list', { name: 'Your transcripts' });
    const rowTitles = () => list.getByRole('listitem').getByRole('link', { name: /^(?!View )/ }).allInnerTexts();

    await main.getByText('Showing 1-7 of 7').waitFor();
    // Newest first by default.
    expect((await rowTitles())[0]).toBe('golf-kickoff');

    await main.getByLabel('Items per page').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await main.getByText('Showing 1-5 of 7').waitFor();
    await expect.poll(rowTitles).toEqual(['golf-kickoff', 'foxtrot-demo', 'echo-standup', 'delta-review', 'charlie-sync']);
    const pager = main.getByRole('navigation', { name: 'Transcript pages' });
    expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await main.getByText('Showing 6-7 of 7').waitFor();
    await expect.poll(rowTitles).toEqual(['bravo-retro', 'alpha-planning']);
    await expect(pager.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);
    await pager.getByRole('button', { name: 'First page' }).click();
    await main.getByText('Showing 1-5 of 7').waitFor();

    await main.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Title' }).click();
    await main.getByLabel('Order').click();
    await page.getByRole('option', { name: 'Oldest first' }).click();
    // The server sorts: the rows change when its answer arrives.
    await expect.poll(rowTitles).toEqual(['alpha-planning', 'bravo-retro', 'charlie-sync', 'delta-review', 'echo-standup']);
    await main.getByLabel('Order').click();
    await page.getByRole('option', { name: 'Newest first' }).click();
    await expect.poll(async () => (await rowTitles())[0]).toBe('golf-kickoff');
    await main.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Date' }).click();

    await main.getByRole('searchbox', { name: 'Search transcripts' }).fill('DELTA');
    await main.getByText('Showing 1-1 of 1').waitFor();
    await expect.poll(rowTitles).toEqual(['delta-review']);
    await main.getByRole('searchbox', { name: 'Search transcripts' }).fill('no such meeting');
    await main.getByText('No transcripts match your search.').waitFor();
    await main.getByRole('searchbox', { name: 'Search transcripts' }).fill('');
    await main.getByText('Showing 1-5 of 7').waitFor();
    await expectAccessibleAt(page, [375, 1280], '/transcripts');

    // Delete asks first; Cancel keeps the transcript.
    await main.getByRole('button', { name: 'Delete charlie-sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete transcript?' });
    await dialog.getByText('"charlie-sync"', { exact: false }).waitFor();
    // axe checks colours, so it waits until the dialog has faded in.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDialog-container, .MuiBackdrop-root')].every((el) => getComputedStyle(el).opacity === '1'),
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rowTitles()).toContain('charlie-sync');

    await main.getByRole('button', { name: 'Delete charlie-sync' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await main.getByText('Transcript successfully deleted').waitFor();
    await main.getByText('Showing 1-5 of 6').waitFor();
    expect(await rowTitles()).not.toContain('charlie-sync');
    // The notification dismisses itself after 5 seconds.
    await main.getByText('Transcript successfully deleted').waitFor({ state: 'hidden', timeout: 7000 });

    // A file that cannot be read fails in processing: the panel shows why, the list shows the Failed badge.
    await fileInput(page).setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ not json') });
    await main.getByRole('button', { name: 'Upload', exact: true }).click();
    await main.getByText(/This file could not be read as a transcript/).waitFor({ timeout: 20_000 });
    await main.getByText('Showing 1-5 of 7').waitFor();
    const broken = list.getByRole('listitem').filter({ hasText: 'broken' });
    await broken.getByText('Failed').waitFor();
  }, 90_000);

  it('shows the empty text, an error, and the 404 of a missing transcript', async () => {
    const user = await signedInUser();
    const page = await openAs(user, '/transcripts', 375);
    await page.getByText('No transcripts yet. Upload your first transcript to get started!').waitFor();
    await page.route('**/api/transcripts?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Failed to refresh transcripts').waitFor();
    await page.reload();
    await page.getByText('Failed to fetch transcripts').waitFor();

    await page.goto(`${app.url}/transcripts/${randomUUID()}`);
    await page.getByText('Transcript not found').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Transcripts' }).getAttribute('href')).toBe('/transcripts');
  });
});

describe('transcript detail', () => {
  it('shows the content and related tickets tabs, truncates long messages, polls while processing and deletes', async () => {
    const user = await signedInUser();
    const id = await upload(user.token, 'customer-call.json', readFileSync(WITH_CONFIDENCE));
    const status = await settled(user.token, id);
    expect(status.processingStatus).toBe('completed');

    // The first answer says the transcript is still processing: the page shows that and polls until it is done.
    const page = await newPage(user);
    let faked = false;
    await page.route(`**/api/transcripts/${id}`, async (route) => {
      if (faked) return route.continue();
      faked = true;
      const real = await route.fetch();
      const body = (await real.json()) as { transcript: Record<string, unknown>; status: string; tickets: unknown[] };
      body.transcript['processingStatus'] = 'processing';
      await route.fulfill({ response: real, json: { ...body, status: 'processing', tickets: [] } });
    });
    await page.goto(`${app.url}/transcripts/${id}`);
    const main = page.locator('main');
    await main.getByText('This transcript is still being processed. This page updates automatically.').waitFor();
    await main.getByRole('tab', { name: 'Related Tickets (0)' }).waitFor();
    await main.getByText('This transcript is still being processed.', { exact: false }).waitFor({ state: 'hidden', timeout: 12_000 });
    const ticketsTab = main.getByRole('tab', { name: `Related Tickets (${status.ticketCount})` });
    await ticketsTab.waitFor();

    // Transcript Content: participants, the conversation, confidence in percent, Read more / Show less.
    const contentTab = main.getByRole('tab', { name: 'Transcript Content' });
    expect(await contentTab.getAttribute('aria-selected')).toBe('true');
    const panel = main.getByRole('tabpanel', { name: 'Transcript Content' });
    await panel.getByRole('heading', { name: 'Participants' }).waitFor();
    await panel.getByRole('heading', { name: 'Conversation' }).waitFor();
    await panel.getByText(/^Confidence \d{1,3}%$/).first().waitFor();
    const readMore = panel.getByRole('button', { name: 'Read more' }).first();
    const message = panel.locator(`[id="${await readMore.getAttribute('aria-controls')}"]`);
    const shortText = await message.innerText();
    expect(shortText.endsWith('…')).toBe(true);
    expect(shortText.length).toBeLessThanOrEqual(201);
    await readMore.click();
    const fullText = await message.innerText();
    expect(fullText.length).toBeGreaterThan(200);
    await panel.getByRole('button', { name: 'Show less' }).click();
    expect(await message.innerText()).toBe(shortText);
    await expectAccessibleAt(page, [375, 1280], '/transcripts/{id} content');

    // Related Tickets: each links to its ticket.
    await ticketsTab.click();
    const ticketsPanel = main.getByRole('tabpanel', { name: /Related Tickets/ });
    const hrefs = await ticketsPanel.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs).toHaveLength(status.ticketCount);
    for (const href of hrefs) expect(href).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);
    await expectAccessibleAt(page, [375, 1280], '/transcripts/{id} tickets');
    expect(await main.getByRole('link', { name: 'Back to Transcripts' }).getAttribute('href')).toBe('/transcripts');

    // Delete: Cancel keeps it; confirming goes to the list with the notification from navigation state.
    await main.getByRole('button', { name: 'Delete Transcript' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete transcript?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.getByRole('button', { name: 'Delete Transcript' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${app.url}/transcripts`);
    await page.getByText('Transcript successfully deleted').waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('Transcript successfully deleted').waitFor({ state: 'hidden' });
    await page.getByText('No transcripts yet. Upload your first transcript to get started!').waitFor();
  }, 60_000);
});
