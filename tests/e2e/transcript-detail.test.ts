// The transcript page in a real browser against the real API: the content and related tickets tabs, truncation,
// polling while processing, and delete.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { transcriptJourneys, WITH_CONFIDENCE } from './support/transcripts.ts';

const e2e = useE2e();
const { signedInUser, upload, processed, newPage } = transcriptJourneys(e2e);

describe('transcript detail', () => {
  it('shows the content and related tickets tabs, truncates long messages, polls while processing and deletes', async () => {
    const user = await signedInUser();
    const id = await upload(user.token, 'customer-call.json', readFileSync(WITH_CONFIDENCE));
    const status = await processed(user.token, id);
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
    await page.goto(`${e2e.app.url}/transcripts/${id}`);
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
    await page.waitForURL(`${e2e.app.url}/transcripts`);
    await page.getByText('Transcript successfully deleted').waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('Transcript successfully deleted').waitFor({ state: 'hidden' });
    await page.getByText('No transcripts yet. Upload your first transcript to get started!').waitFor();
  }, 60_000);
});
