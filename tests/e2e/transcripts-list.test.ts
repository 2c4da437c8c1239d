// The transcript list in a real browser against the real API: search, sort and paging by the server, delete with
// confirmation, a failed processing run, the empty and error states.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/browser.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { fileInput, SHORT_CHAT, transcriptJourneys } from './support/transcripts.ts';

const e2e = useE2e();
const { signedInUser, makePro, upload, openAs } = transcriptJourneys(e2e);

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

    // By title the orders are named by what they do, A to Z first; by date, the newest first again.
    await main.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Title' }).click();
    // The server sorts: the rows change when its answer arrives.
    await expect.poll(rowTitles).toEqual(['alpha-planning', 'bravo-retro', 'charlie-sync', 'delta-review', 'echo-standup']);
    await expect(main.getByLabel('Order').innerText()).resolves.toBe('A to Z');
    await page.screenshot({ path: 'test-results/transcripts-sort-title-1280.png' });
    await main.getByLabel('Order').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['A to Z', 'Z to A']);
    await page.getByRole('option', { name: 'Z to A' }).click();
    await expect.poll(async () => (await rowTitles())[0]).toBe('golf-kickoff');
    await main.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Date' }).click();
    await expect(main.getByLabel('Order').innerText()).resolves.toBe('Newest first');
    await expect.poll(async () => (await rowTitles())[0]).toBe('golf-kickoff');

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

    await page.goto(`${e2e.app.url}/transcripts/${randomUUID()}`);
    await page.getByText('Transcript not found').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Transcripts' }).getAttribute('href')).toBe('/transcripts');
  });
});
