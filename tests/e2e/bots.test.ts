// The dashboard's meeting-bot panel in a real browser, against the real API and lifecycle workflow with Recall.ai's
// stand-in sending signed webhooks: a whole bot life to its tickets, cancel, a failed bot, the limits, and the
// panel of an installation without a bot service; at 375 and 1280 px with axe.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { botEvent, RECALL_KEY, RECALL_SECRET, signedDelivery, startRecallFake } from '../bots/recall-fake.ts';
import { SEGMENTS } from '../integration/bots-support.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { TOKEN_LIMIT_TEXT, transcriptJourneys } from './support/transcripts.ts';

const recall = await startRecallFake();
afterAll(() => recall.close());
const e2e = useE2e({
  env: {
    MEETING_BOT_PROVIDER: 'recall', MEETING_BOT_API_KEY: RECALL_KEY, MEETING_BOT_BASE_URL: recall.api.url,
    MEETING_BOT_WEBHOOK_SECRET: RECALL_SECRET, OUTBOUND_ALLOWLIST: '127.0.0.1/32',
  },
});
const { signedInUser, useUpAllCredits, openAs } = transcriptJourneys(e2e);

/** The bot moves on at Recall.ai, and Recall.ai says so to the app. */
async function happen(botId: string, code: string, subCode: string | null = null) {
  recall.advance(botId, subCode ? [code, subCode] : code);
  const { rawBody, headers } = signedDelivery(botEvent(botId, code, subCode));
  const response = await fetch(`${e2e.app.url}/api/bots/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
  expect(response.status).toBe(200);
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Meeting Bot' });
const POLL = { timeout: 15_000 };

/** Sends a bot from the panel and returns its id at Recall.ai. */
async function sendBot(page: Page, url: string, title: string): Promise<string> {
  const panel = panelOf(page);
  const before = new Set(recall.bots.keys());
  await panel.getByLabel('Meeting URL').fill(url);
  await panel.getByLabel('Meeting title (optional)').fill(title);
  await panel.getByRole('button', { name: 'Send Bot' }).click();
  await panel.getByRole('list', { name: 'Active bots' }).getByText(title, { exact: true }).waitFor();
  return [...recall.bots.keys()].find((id) => !before.has(id))!;
}

describe('the meeting-bot panel', () => {
  it('follows a bot from Bot Initializing to Completed, and its meeting’s tickets appear', async () => {
    const user = await signedInUser('Mia Meetings');
    const page = await openAs(user, '/dashboard');
    const panel = panelOf(page);
    await panel.getByText('Send a bot to record a Google Meet, Zoom or Microsoft Teams meeting.', { exact: false }).waitFor();
    // The rest of the dashboard has loaded too (its placeholders are wider than what replaces them).
    await page.locator('main').getByText('No transcripts yet. Upload your first transcript to get started!').waitFor();
    await page.locator('main').getByText('No tickets yet. Upload a transcript to generate tickets.').waitFor();
    await expectAccessibleAt(page, [375, 1280], 'meeting-bot panel (empty)');

    await panel.getByRole('button', { name: 'Send Bot' }).click();
    await panel.getByText('Please enter a meeting URL.').waitFor();
    await panel.getByLabel('Meeting URL').fill('meet.google.com/abc-defg-hij');
    await panel.getByRole('button', { name: 'Send Bot' }).click();
    await panel.getByText('Please enter a valid URL.').waitFor();
    expect(recall.bots.size).toBe(0);

    const lists: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/recall/bots') lists.push(Date.now());
    });
    const id = await sendBot(page, 'https://meet.google.com/abc-defg-hij', 'Weekly sync');
    const row = panel.getByRole('listitem').filter({ hasText: 'Weekly sync' });
    await row.getByText('Bot Initializing...').waitFor();
    await happen(id, 'joining_call');
    await row.getByText('Joining Meeting...').waitFor(POLL);
    await happen(id, 'in_call_recording');
    await row.getByText('Recording in Progress').waitFor(POLL);
    await row.getByText('REC', { exact: true }).waitFor();
    await expectAccessibleAt(page, [375, 1280], 'meeting-bot panel (recording)');
    // Polled every 10 s while the bot is active.
    const gaps = lists.slice(1).map((at, i) => at - lists[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThan(8_000);

    recall.record(id, { segments: SEGMENTS });
    await happen(id, 'call_ended', 'call_ended_by_host');
    await happen(id, 'done');
    await panel.getByText('The recording of Weekly sync completed and the transcript is processing.', { exact: false }).waitFor(POLL);
    await panel.getByText('Completed', { exact: true }).waitFor();
    expect(await panel.getByRole('list', { name: 'Active bots' }).count()).toBe(0);
    await expectAccessibleAt(page, [375, 1280], 'meeting-bot panel (completed)');

    // No bot left: the polling has stopped.
    const seen = lists.length;
    await page.waitForTimeout(12_000);
    expect(lists.length).toBe(seen);

    const recentTickets = page.getByRole('region', { name: 'Recent Tickets' });
    for (let i = 0; i < 20 && (await recentTickets.getByText(/login redirect bug/).count()) === 0; i++) {
      await page.waitForTimeout(1_000);
      await page.reload();
    }
    await recentTickets.getByText(/Fix the login redirect bug/).waitFor();
    await page.getByRole('region', { name: 'Recent Transcripts' }).getByText('Weekly sync').waitFor();
  }, 150_000);

  it('cancels a bot, and says why another one failed', async () => {
    const user = await signedInUser('Cal Cancels');
    const page = await openAs(user, '/dashboard', 375);
    const panel = panelOf(page);
    const cancelled = await sendBot(page, 'https://zoom.us/j/123456789', 'Design review');
    await panel.getByRole('button', { name: 'Cancel the bot for Design review' }).click();
    await panel.getByRole('list', { name: 'Active bots' }).waitFor({ state: 'detached' });
    expect(recall.bots.has(cancelled)).toBe(false);

    const failing = await sendBot(page, 'https://teams.microsoft.com/l/meetup-join/abc', 'Retro');
    await happen(failing, 'fatal', 'meeting_not_found');
    await panel.getByText('The bot could not record Retro').waitFor(POLL);
    await panel.getByRole('alert').filter({ hasText: /meeting/i }).first().waitFor();
    expect(await panel.getByText('Design review', { exact: true }).count()).toBe(0);
    await expectAccessibleAt(page, [375, 1280], 'meeting-bot panel (failed)');
  }, 90_000);

  it('shows the upgrade link when the credits are used up', async () => {
    const user = await signedInUser('Una Upgrade');
    await useUpAllCredits(user.userId);
    const page = await openAs(user, '/dashboard', 375);
    const panel = panelOf(page);
    await panel.getByLabel('Meeting URL').fill('https://meet.google.com/abc-defg-hij');
    await panel.getByRole('button', { name: 'Send Bot' }).click();
    await panel.getByText(TOKEN_LIMIT_TEXT).waitFor();
    expect(await panel.getByRole('link', { name: 'Upgrade Subscription' }).getAttribute('href')).toBe('/billing');
    await expectAccessibleAt(page, [375, 1280], 'meeting-bot panel (limit)');
  });

  it('says that the meeting bot needs configuring on an installation without one', async () => {
    const user = await signedInUser();
    const page = await e2e.newPage({ token: user.token });
    const words = 'The meeting bot is not configured on this installation: set MEETING_BOT_PROVIDER and MEETING_BOT_API_KEY (see the README).';
    // What an installation without MEETING_BOT_PROVIDER answers (tests/integration/bots-unconfigured.test.ts).
    const list = { success: true, bots: [], configured: false, notice: words };
    await page.route('**/api/recall/bots', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(list) }));
    await page.goto(`${e2e.app.url}/dashboard`);
    const panel = panelOf(page);
    await panel.getByText('The meeting bot needs configuring').waitFor();
    await panel.getByText(words).waitFor();
    expect(await panel.getByRole('button', { name: 'Send Bot' }).count()).toBe(0);
    await expectAccessibleAt(page, [375, 1280], 'meeting-bot panel (not configured)');
  });
});
