// Follow-through across meetings (issue 28) in a real browser against the real API, worker and Temporal, the LLM a
// local OpenAI-compatible server: three weekly meetings uploaded in order, the tickets pushed to the GitHub stand-in
// after each. The second meeting's page proposes "same as" the first meeting's tickets with both quotes; the
// reviewer merges one (applying its due date), keeps one separate; the third meeting's page proposes Done for a task
// said finished, which closes its issue. After the last push, each task is one issue on GitHub; the merged ticket's
// page shows the mention; an issue a person closes on GitHub closes its ticket through the repository's webhook.
// Pushed without deciding the proposals, the push wizard's summary finds the first meeting's issue like a restated
// ticket, and linking to it leaves one issue for the task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { completion, FakeOpenAI } from '../support/fake-openai.ts';
import { series, SERIES, SERIES_TASKS } from '../support/series.ts';
import { useGitHubFake } from '../trackers/github-fake.ts';
import { expectFitsAndAccessible } from './support/checks.ts';
import { apiCaller, until, type Json } from './support/calls.ts';
import { useE2e } from './support/e2e.ts';
import { newUser } from './support/users.ts';


let llm: FakeOpenAI;
const env: Record<string, string> = { OUTBOUND_ALLOWLIST: '127.0.0.1', EXTRACTOR: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' };
beforeAll(async () => {
  llm = await FakeOpenAI.start();
  env['OPENAI_BASE_URL'] = llm.baseURL;
});
const e2e = useE2e({ consoleErrors: true, env });
const github = useGitHubFake();
afterAll(async () => {
  await llm?.close();
});

const call = apiCaller(() => e2e.app.url);

async function upload(token: string, name: string): Promise<string> {
  llm.script(completion({ tickets: SERIES_TASKS[name] }));
  const form = new FormData();
  form.append('transcript', new Blob([series(name)]), name);
  const uploaded = await fetch(`${e2e.app.url}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(uploaded.status).toBe(201);
  const id = ((await uploaded.json()) as { transcript: { id: string } }).transcript.id;
  await until('the ingest', async () => {
    const status = await call(token, 'GET', `/api/transcripts/${id}/status`);
    expect(status['processingStatus']).not.toBe('failed');
    return status['processingStatus'] === 'completed' ? true : undefined;
  });
  return id;
}

/** Pushes every ticket of the workspace to the connection (as "select all" in the wizard), and waits for the batch. */
async function pushAll(token: string, connectionId: string, batchId: string): Promise<void> {
  const list = (await call(token, 'GET', '/api/tickets/filtered?page=1&limit=100')) as { data: { id: string }[] };
  await call(token, 'POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: list.data.map((ticket) => ticket.id), batchId });
  const result = await until('the push', async () => {
    const status = await call(token, 'GET', `/api/connections/${connectionId}/pushes/${batchId}`);
    return status['status'] === 'running' ? undefined : status;
  });
  expect(result['status']).toBe('completed');
}

/** A GitHub connection to the stand-in's acme/web serving the project Data; its id. */
async function gitHubConnection(token: string): Promise<string> {
  const connection = await call(token, 'POST', '/api/connections', {
    name: 'GitHub Web', project_identifier: 'acme/web', connection_type: 'github', credentials: { github: { token: github.settings.credentials.token } },
    settings: { baseUrl: github.fake.url, projectMappings: ['Data'], userMappings: {} },
  });
  return String((connection['connection'] as Json)['id']);
}

describe('three weekly meetings, pushed after each', () => {
  it('proposes the same task and a task said done, merges on the reviewer\'s word, and leaves one issue per task', async () => {
    const { token } = await newUser(e2e.app.url, 'follow', 'Hannah Becker');
    const connectionId = await gitHubConnection(token);

    const first = await upload(token, SERIES[0]);
    await pushAll(token, connectionId, 'week-1');
    expect(github.state.issues).toHaveLength(6);
    const second = await upload(token, SERIES[1]);

    const page = await e2e.newPage({ token });
    await page.goto(`${e2e.app.url}/transcripts/${second}`, { waitUntil: 'networkidle' });
    const panel = page.getByRole('region', { name: 'From earlier meetings' });
    await panel.waitFor();
    const warehouse = panel.getByRole('listitem', { name: 'Same as “Upgrade the warehouse to Postgres 16”' });
    await warehouse.waitFor();
    const text = await warehouse.innerText();
    expect(text).toMatch(/from “data-weekly-2026-05-04”, \w{3} \d+, \d{4} · Pushed to github \(#\d+\)/);
    expect(text).toContain("Then: I'll upgrade the warehouse to Postgres 16.");
    expect(text).toContain('Now: The Postgres 16 upgrade of the warehouse is scheduled for Saturday.');
    expect(text).toContain('In common: upgrade, warehouse, postgres, 16 · same assignee · same project');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await panel.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `follow-through-same-${width}`);
      await expectFitsAndAccessible(page, `follow-through @${width}`, width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Merge, applying the due date the meeting gave (the priority left as it is).
    await warehouse.getByRole('checkbox', { name: /Use this meeting's due date, May 16, 2026/ }).check();
    await warehouse.getByRole('button', { name: 'Merge' }).click();
    await warehouse.getByText('Merged “Upgrade the warehouse to Postgres 16” into this ticket by Hannah Becker.').waitFor();
    // The other restatements merged too; the duplicate orders kept separate.
    for (const title of ['Migrate the nightly ETL from cron to Airflow']) {
      const item = panel.getByRole('listitem', { name: `Same as “${title}”` });
      await item.getByRole('button', { name: 'Merge' }).click();
      await item.getByText(/^Merged /).waitFor();
    }
    const orders = panel.getByRole('listitem', { name: 'Same as “Fix the duplicate orders from the Shopify import”' });
    await orders.getByRole('button', { name: 'Keep separate' }).click();
    await orders.getByText('Kept separate by Hannah Becker.').waitFor();
    expect(e2e.errors).toEqual([]);

    await pushAll(token, connectionId, 'week-2');
    const third = await upload(token, SERIES[2]);
    await page.goto(`${e2e.app.url}/transcripts/${third}`, { waitUntil: 'networkidle' });
    await panel.waitFor();
    const etl = panel.getByRole('listitem', { name: '“Migrate the nightly ETL from cron to Airflow” said done' });
    await etl.waitFor();
    expect(await etl.innerText()).toContain('Omar Haddad said: Moving the nightly ETL to Airflow is done.');
    await saveScreenshot(page, 'follow-through-done-1280');
    await etl.getByRole('button', { name: 'Mark done' }).click();
    await etl.getByText('Marked done by Hannah Becker.').waitFor();
    // Done accepted reaches the ticket's GitHub issue, as an edit of the status does: the issue is closed.
    const issueOf = (title: string) => github.state.issues.find((issue) => issue['title'] === title)!;
    await until('the ETL issue closed on GitHub', async () => (issueOf('Migrate the nightly ETL from cron to Airflow')['state'] === 'closed' ? true : undefined));
    // Every other restatement merged, one at a time (a decided proposal moves below the open ones).
    const merges = panel.getByRole('button', { name: 'Merge' });
    for (let left = await merges.count(); left > 0; left--) {
      await merges.first().click();
      await expect.poll(() => merges.count()).toBe(left - 1);
    }
    await pushAll(token, connectionId, 'week-3');

    // One issue per task: the first meeting's six, the second's three new ones (the duplicate orders kept separate
    // by the reviewer), the third's new ones; no restated task filed twice.
    const titles = github.state.issues.map((issue) => String(issue['title']));
    expect(new Set(titles).size, JSON.stringify(titles)).toBe(titles.length);
    expect(titles.filter((title) => /warehouse/i.test(title))).toHaveLength(1);
    expect(titles.filter((title) => /ETL|Airflow jobs/i.test(title))).toHaveLength(1);
    expect(titles.filter((title) => /revenue/i.test(title))).toHaveLength(1);

    // The merged ticket's page: its due date from the second meeting, the mention in its history.
    const merged = (await call(token, 'GET', `/api/transcripts/${first}`)) as { tickets: { id: string; title: string }[] };
    const ticket = merged.tickets.find((t) => t.title === 'Upgrade the warehouse to Postgres 16')!;
    await page.goto(`${e2e.app.url}/tickets/${ticket.id}`, { waitUntil: 'networkidle' });
    const entry = page.getByRole('region', { name: 'History' }).getByTestId('history-entry').first();
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(/^Hannah Becker merged “Upgrade the warehouse to Postgres 16” from “data-weekly-2026-05-11” into this ticket, and changed due date from none to May 16, 2026\n/);
    expect(await entry.innerText()).toContain('The Postgres 16 upgrade of the warehouse is scheduled for Saturday.');
    await saveScreenshot(page, 'follow-through-merged-ticket-1280');

    // A task closed on GitHub by a person: the repository's webhook (made from the connection's secret) brings the
    // ticket to Done, and its page says where the status came from.
    // The webhook's address and secret, as the connection's card shows them once made, pasted into the repository.
    await page.goto(`${e2e.app.url}/connections`, { waitUntil: 'networkidle' });
    const following = page.getByRole('region', { name: 'Status: GitHub Web' });
    await following.getByRole('button', { name: 'Make a webhook secret' }).click();
    const secretLine = following.getByTestId('webhook-secret');
    await secretLine.waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await following.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `follow-through-webhook-secret-${width}`);
      await expectFitsAndAccessible(page, `webhook secret @${width}`, width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const url = await following.locator('p', { hasText: 'Payload URL:' }).locator('code').innerText();
    const secret = await secretLine.locator('code').innerText();
    expect(url).toBe(`${e2e.app.url}/api/trackers/${connectionId}/webhook`);
    github.state.webhook = { url, secret };
    const policy = github.state.issues.find((issue) => issue['title'] === 'Write the data retention policy')!;
    const delivery = await github.closeAsUser(Number(policy['number']));
    expect(delivery?.status).toBe(200);
    const policyTicket = merged.tickets.find((t) => t.title === 'Write the data retention policy')!;
    expect(((await call(token, 'GET', `/api/tickets/${policyTicket.id}`)) as { ticket: Json }).ticket['status']).toBe('Done');
    await page.goto(`${e2e.app.url}/tickets/${policyTicket.id}`, { waitUntil: 'networkidle' });
    await page.getByText(new RegExp(`^Closed on GitHub \\(#${String(policy['number'])}\\), by webhook, `)).first().waitFor();
    await saveScreenshot(page, 'follow-through-closed-on-github-1280');
    expect(e2e.errors).toEqual([]);
  });

  it('finds the issue a restated ticket already has before pushing it, and linking to it files no second issue', async () => {
    const { token } = await newUser(e2e.app.url, 'existing', 'Hannah Becker');
    const connectionId = await gitHubConnection(token);
    await upload(token, SERIES[0]);
    await pushAll(token, connectionId, 'week-1');
    expect(github.state.issues).toHaveLength(6);
    const etlIssue = github.state.issues.find((issue) => issue['title'] === 'Migrate the nightly ETL from cron to Airflow')!;
    await upload(token, SERIES[1]);

    // The second meeting's restated task, pushed from the ticket list without deciding the meeting's proposals.
    const page = await e2e.newPage({ token });
    await page.goto(`${e2e.app.url}/tickets`, { waitUntil: 'networkidle' });
    const restated = 'Move the nightly ETL jobs to Airflow';
    await page.getByRole('checkbox', { name: `Select ticket ${restated}` }).check();
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Push tickets' });
    await dialog.getByRole('button', { name: 'Proceed to Review' }).click();
    const found = dialog.getByTestId('existing-ticket');
    await found.waitFor();
    const text = await found.innerText();
    expect(text).toContain(`#${String(etlIssue['number'])} Migrate the nightly ETL from cron to Airflow`);
    expect(text).toMatch(/\d+% alike · Open/);
    expect(await found.getByRole('link', { name: `Open #${String(etlIssue['number'])}` }).getAttribute('href')).toBe(etlIssue['html_url']);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await found.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `existing-items-summary-${width}`);
      await expectFitsAndAccessible(page, `existing items @${width}`, width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await found.getByRole('combobox', { name: `What to do with “${restated}”` }).click();
    await page.getByRole('option', { name: `Link to #${String(etlIssue['number'])} (no new item)` }).click();
    await dialog.getByRole('button', { name: 'Confirm & Push' }).click();
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    expect(await dialog.innerText()).toContain('Ticket pushed successfully to GitHub');
    expect(await dialog.innerText()).toContain(`Linked to #${String(etlIssue['number'])}, which was already there`);
    await saveScreenshot(page, 'existing-items-complete-1280');

    // One issue for the task: nothing new on GitHub, and the ticket is the issue's.
    expect(github.state.issues).toHaveLength(6);
    expect(github.state.issues.filter((issue) => /ETL|Airflow/.test(String(issue['title'])))).toHaveLength(1);
    const list = (await call(token, 'GET', '/api/tickets/filtered?page=1&limit=100')) as { data: { id: string; title: string; externalUrl: string | null }[] };
    const ticket = list.data.find((each) => each.title === restated)!;
    expect(ticket.externalUrl).toBe(etlIssue['html_url']);
    await page.goto(`${e2e.app.url}/tickets/${ticket.id}`, { waitUntil: 'networkidle' });
    const entry = page.getByRole('region', { name: 'History' }).getByTestId('history-entry').first();
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(new RegExp(`^Hannah Becker linked this ticket to #${String(etlIssue['number'])} on GitHub, which was already there`));
    expect(e2e.errors).toEqual([]);
  });
});
