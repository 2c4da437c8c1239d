// Pushes that meet: a double click with one batch id joins the first push, two pushes of overlapping tickets (two
// tabs) create each item once, and nobody pushes another user's tickets or through another user's connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { call } from './connections-support.ts';
import { createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp, type Json } from './push-support.ts';

const context = usePushApp();
const { api } = context;
let github: GitHubFake;
let connectionId: string;

const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';

beforeAll(async () => {
  github = await startGitHubFake();
  // A slow tracker, so pushes started together really overlap.
  const create = github.fake.routes[CREATE_ISSUE]!;
  github.fake.routes[CREATE_ISSUE] = async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return create(request);
  };
  connectionId = await gitHubConnection(api, github);
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

const titles = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => ({ title: `${prefix} ${i + 1}` }));

/** Every ticket has exactly one issue, and the ticket points at it. */
async function expectOneIssueEach(ids: string[]) {
  const issues = issuesByTicket(github);
  for (const id of ids) {
    expect(issues.get(id), id).toHaveLength(1);
    const ticket = (await api('GET', `/api/tickets/${id}`)).body['ticket'] as Json;
    expect(ticket['externalUrl']).toBe(issues.get(id)![0]!['html_url']);
  }
}

describe('a double click', () => {
  it('with the same batch id joins the first push: one workflow, one item per ticket, the same result', async () => {
    const ids = Object.values(await createTickets(api, titles('Double click', 5)));
    const body = { ticketIds: ids, batchId: 'double-click' };
    const [first, second] = await Promise.all([
      api('POST', `/api/connections/${connectionId}/bulk-push`, body),
      api('POST', `/api/connections/${connectionId}/bulk-push`, body),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ successfulPushes: 5, failedPushes: 0 });
    await expectOneIssueEach(ids);
    const runs = context.temporal().workflow.list({ query: `WorkflowId = 'push-${connectionId}-double-click'` });
    let count = 0;
    for await (const _run of runs) count += 1;
    expect(count).toBe(1);
  });

  it('without a batch id starts two pushes that still create one item per ticket', async () => {
    const ids = Object.values(await createTickets(api, titles('Two clicks', 5)));
    const [first, second] = await Promise.all([0, 1].map(() => pushAndWait(api, connectionId, { ticketIds: ids })));
    expect(first!['batchId']).not.toBe(second!['batchId']);
    for (const result of [first!, second!]) {
      for (const entry of result['results'] as Json[]) {
        // Each ticket is pushed by one of them; the other reports it done (or skips it as already pushed).
        expect(entry['success'] === true || entry['skipped'] === true, JSON.stringify(entry)).toBe(true);
        expect(entry['externalUrl']).toBeTruthy();
      }
    }
    await expectOneIssueEach(ids);
  });
});

describe('two tabs', () => {
  it('pushing overlapping tickets at once create each item once', async () => {
    const ids = Object.values(await createTickets(api, titles('Overlap', 10)));
    const creates = github.requests(CREATE_ISSUE).length;
    // Both start with the four tickets they share, so they reach each of them at about the same time.
    const shared = ids.slice(3, 7);
    const [left, right] = await Promise.all([
      pushAndWait(api, connectionId, { ticketIds: [...shared, ...ids.slice(0, 3)], batchId: 'left-tab' }),
      pushAndWait(api, connectionId, { ticketIds: [...shared, ...ids.slice(7)], batchId: 'right-tab' }),
    ]);
    expect(left).toMatchObject({ failedPushes: 0 });
    expect(right).toMatchObject({ failedPushes: 0 });
    await expectOneIssueEach(ids);
    expect(github.requests(CREATE_ISSUE).length - creates).toBe(10);
  });
});

describe('another user', () => {
  it('cannot push my tickets, push through my connection, or read my pushes', async () => {
    const mine = Object.values(await createTickets(api, titles('Mine', 2)));
    await pushAndWait(api, connectionId, { ticketIds: [mine[0]], batchId: 'mine' });
    const other = await signUpVerified(context.t.base, context.t.db);
    const as = (method: string, path: string, body?: unknown) => call(context.t.base, other.token, method, path, body);
    const creates = github.requests(CREATE_ISSUE).length;

    expect(await as('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: [mine[1]] })).toMatchObject({ status: 404, body: { error: 'Connection not found' } });
    expect(await as('GET', `/api/connections/${connectionId}/pushes/mine`)).toMatchObject({ status: 404, body: { error: 'Connection not found' } });
    expect(await as('POST', '/api/push/analyze', { ticketIds: mine })).toMatchObject({ status: 404, body: { error: 'Ticket not found' } });

    const theirs = await gitHubConnection(as, github, 'Theirs');
    expect(await as('POST', `/api/connections/${theirs}/bulk-push`, { ticketIds: [mine[1]] })).toMatchObject({ status: 404, body: { error: 'Ticket not found' } });
    const [own] = Object.values(await createTickets(as, [{ title: 'Their ticket' }], 'Theirs'));
    expect(await as('POST', `/api/connections/${theirs}/bulk-push`, { ticketIds: [own, mine[1]] })).toMatchObject({ status: 404, body: { error: 'Ticket not found' } });
    expect(await as('GET', `/api/connections/${theirs}/pushes/mine`)).toMatchObject({ status: 404, body: { error: 'Push not found' } });

    expect(github.requests(CREATE_ISSUE).length).toBe(creates);
    expect((await api('GET', `/api/tickets/${mine[1]}`)).body['ticket']).toMatchObject({ externalUrl: null });
  });
});
