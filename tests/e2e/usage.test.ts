// The Token Usage page in a real browser against the real API: the credit summary with the manual reset, the
// 'Usage Over Time' chart in 30-minute buckets, the 'Usage History' table with Load More, each empty text, and
// the error texts when the stats or the history cannot be loaded.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { newUser } from './support/users.ts';

// The failures below are made on purpose; Chromium logs each refused call.
const e2e = useE2e({ consoleErrors: { except: /status of (500|503)/ } });

const MINUTE = 60_000;

/**
 * Records `count` usage entries 10 minutes apart, the newest a minute ago, with 1000 × n input and 100 × n output
 * tokens for the nth newest. The credit period starts a day back, so every entry counts in it.
 */
async function addUsage(userId: string, count: number): Promise<void> {
  await e2e.db.query(`update workspaces set credit_cycle_anchor = now() - interval '1 day' where owner_id = $1 and personal`, [userId]);
  for (let i = 0; i < count; i++) {
    await e2e.db.query(
      `insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
       values ($1, $2, 'ticket_extraction', 'openai', $3, $4, $5)`,
      [randomUUID(), userId, 1000 * (i + 1), 100 * (i + 1), new Date(Date.now() - (1 + 10 * i) * MINUTE)],
    );
  }
}

async function open(token: string, width = 1280): Promise<Page> {
  const page = await e2e.newPage({ width, token });
  await page.goto(`${e2e.app.url}/token-usage`);
  await page.getByRole('heading', { name: 'Token Usage', level: 1 }).waitFor();
  return page;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const historyRows = (page: Page) => region(page, 'Usage History').locator('tbody tr');

/** Holds back the history's later pages for a moment, so 'Loading...' can be seen. */
async function slowLaterPages(page: Page): Promise<void> {
  await page.route(/\/api\/token-usage\/history\?.*offset=(?!0\b)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

describe('token usage with data', () => {
  it('shows the credits, the chart in 30-minute buckets and the history, with Load More for both', async () => {
    const { token, userId } = await newUser(e2e.app.url, 'usage', 'Uma Usage');
    await addUsage(userId, 55);
    const page = await open(token);
    await slowLaterPages(page);

    const credits = region(page, 'Token Credits');
    // 1000 + 2000 + … + 55000 input tokens and a tenth of that output, against Free's 200K and 40K.
    await credits.getByText('1.54M of 200.0K').waitFor();
    await credits.getByText('154.0K of 40.0K').waitFor();
    await credits.getByText(/^Your token credits are used up/).waitFor();
    expect(await credits.getByRole('link', { name: 'Upgrade Subscription' }).getAttribute('href')).toBe('/billing');

    // The chart: two series over the newest 50 entries, 10 minutes apart, so about 17 half hours.
    const chart = region(page, 'Usage Over Time');
    await chart.locator('svg .MuiLineChart-line').first().waitFor();
    expect(await chart.locator('svg .MuiLineChart-line').count()).toBe(2);
    for (const series of ['Input Tokens', 'Output Tokens']) await chart.getByText(series, { exact: true }).first().waitFor();
    const points = await chart.locator('svg .MuiLineChart-mark').count();
    expect(points % 2).toBe(0);
    expect(points / 2).toBeGreaterThanOrEqual(16);
    expect(points / 2).toBeLessThanOrEqual(18);

    // The table: 20 rows, newest first, underscores shown as spaces.
    const table = region(page, 'Usage History');
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Date', 'Operation', 'Provider', 'Input Tokens', 'Output Tokens']);
    await expect.poll(() => historyRows(page).count()).toBe(20);
    const first = await historyRows(page).first().locator('td').allInnerTexts();
    expect(first.slice(1)).toEqual(['ticket extraction', 'openai', '1,000', '100']);
    await expectAccessibleAt(page, [375, 1280], '/token-usage with data');

    await table.getByRole('button', { name: 'Load More' }).click();
    await table.getByRole('button', { name: 'Loading...' }).waitFor();
    await expect.poll(() => historyRows(page).count(), { timeout: 15_000 }).toBe(40);
    await table.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => historyRows(page).count(), { timeout: 15_000 }).toBe(55);
    expect(await table.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    expect(await historyRows(page).last().locator('td').nth(3).innerText()).toBe('55,000');

    // The chart's second page brings the 5 oldest entries, then there is no more to load.
    await chart.getByRole('button', { name: 'Load More for Chart' }).click();
    await chart.getByRole('button', { name: 'Loading...' }).waitFor();
    await expect.poll(() => chart.getByRole('button', { name: 'Load More for Chart' }).count()).toBe(0);

    // The manual reset: the period starts again, and the next one is 30 days away.
    await credits.getByRole('button', { name: 'Reset Token Usage' }).click();
    await credits.getByText('Token usage reset: your credits are available again and you can process transcripts.').waitFor();
    await credits.getByText('0 of 200.0K').waitFor();
    await credits.getByText(/^The next reset is possible in 30 days, on .+\.$/).waitFor();
    expect(await credits.getByRole('button', { name: 'Reset Token Usage' }).isDisabled()).toBe(true);
    expect(await credits.getByText(/^Your token credits are used up/).count()).toBe(0);
  });
});

describe('token usage without data', () => {
  it('shows the empty meters, and says there is no data under the chart and in the table', async () => {
    const { token } = await newUser(e2e.app.url, 'usage', 'Nia None');
    const page = await open(token);
    await region(page, 'Token Credits').getByText('0 of 200.0K').waitFor();
    // 'No token usage data available' is said where it is true, not beside the meters' '0 of 200.0K'.
    await region(page, 'Usage Over Time').getByText('No token usage data available').waitFor();
    expect(await region(page, 'Token Credits').getByText('No token usage data available').count()).toBe(0);
    await region(page, 'Usage History').getByText('No usage history available yet.').waitFor();
    expect(await page.getByRole('button', { name: /^Load More/ }).count()).toBe(0);
    expect(await region(page, 'Token Credits').getByRole('button', { name: 'Reset Token Usage' }).isEnabled()).toBe(true);
    await expectAccessibleAt(page, [375, 1280], '/token-usage without data');
  });

  it('puts the time axis ticks on half hours only, with the end labels whole', async () => {
    const { token, userId } = await newUser(e2e.app.url, 'usage', 'Tia Ticks');
    // 6 entries 10 minutes apart: two or three half-hour buckets, a span where the scale alone ticks every few minutes.
    await addUsage(userId, 6);
    const page = await open(token);
    const chart = region(page, 'Usage Over Time');
    await chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first().waitFor();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      const ticks = await chart.evaluate((element) => {
        return [...element.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map((label) => {
          const svg = label.closest('svg')!.getBoundingClientRect();
          const box = label.getBoundingClientRect();
          return { text: label.textContent ?? '', inside: box.left >= svg.left - 1 && box.right <= svg.right + 1 };
        });
      });
      await saveScreenshot(page, `token-usage-chart-${width}`, true);
      expect(ticks.length, `ticks at ${width}px`).toBeGreaterThan(0);
      for (const tick of ticks) {
        expect(tick.text, `a tick at ${width}px`).toMatch(/:(00|30)\b/);
        expect(tick.inside, `tick label ${tick.text} cut at ${width}px`).toBe(true);
      }
    }
  });

  it('shows the entry but not a chart for a single half hour', async () => {
    const { token, userId } = await newUser(e2e.app.url, 'usage', 'Sol Single');
    await addUsage(userId, 1);
    const page = await open(token);
    await region(page, 'Usage Over Time').getByText('Not enough data to display chart.').waitFor();
    await expect.poll(() => historyRows(page).count()).toBe(1);
  });
});

describe('token usage that cannot be loaded', () => {
  it('shows the error text of the stats, and of the history in place of the chart and the table', async () => {
    const { token, userId } = await newUser(e2e.app.url, 'usage', 'Eli Error');
    await addUsage(userId, 3);

    const statsDown = await e2e.newPage({ token });
    await statsDown.route('**/api/token-usage/stats', (route) => route.fulfill({ status: 503, body: '' }));
    await statsDown.goto(`${e2e.app.url}/token-usage`);
    await region(statsDown, 'Token Credits').getByText('Failed to load token usage data. Please try again later.').waitFor();
    expect(await region(statsDown, 'Token Credits').getByRole('button', { name: 'Reset Token Usage' }).count()).toBe(0);
    await expect.poll(() => historyRows(statsDown).count()).toBe(3);
    await expectAccessibleAt(statsDown, [375, 1280], '/token-usage without stats');

    const historyDown = await e2e.newPage({ token });
    await historyDown.route('**/api/token-usage/history?*', (route) => route.fulfill({ status: 500, json: { error: 'The database is not answering.' } }));
    await historyDown.goto(`${e2e.app.url}/token-usage`);
    await region(historyDown, 'Usage Over Time').getByText('Could not load chart data.').waitFor();
    await region(historyDown, 'Usage History').getByText('Failed to load token usage history.').waitFor();
    await region(historyDown, 'Token Credits').getByText('6.0K of 200.0K').waitFor();
    expect(await historyDown.getByRole('button', { name: /^Load More/ }).count()).toBe(0);
    await expectAccessibleAt(historyDown, [375, 1280], '/token-usage without history');
  });
});
