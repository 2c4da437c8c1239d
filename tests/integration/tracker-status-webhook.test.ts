// A ticket follows its GitHub issue through the repository's webhook, and a status set in Tickscribe reaches the issue:
// the real API, worker, Temporal and PostgreSQL, the GitHub stand-in posting signed `issues` deliveries to the
// connection's webhook address. The status poll is set an hour apart here, so every change seen is the webhook's.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import type { Json } from './connections-support.ts';
import { createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp } from './push-support.ts';

let github: GitHubFake;
beforeAll(async () => {
  github = await startGitHubFake();
});
const { t, api } = usePushApp({ TRACKER_STATUS_POLL_SECONDS: '3600' });
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github?.fake.close();
});

let connectionId: string;
let secret: string;
let ids: Record<string, string>;
const issueOf = (title: string) => issuesByTicket(github).get(ids[title]!)![0]!['number'] as number;
const hookPath = (id: string) => `/api/trackers/${id}/webhook`;

beforeAll(async () => {
  connectionId = await gitHubConnection(api, github);
  ids = await createTickets(api, [
    { title: 'Close me on GitHub' }, { title: 'Refuse forged deliveries' }, { title: 'Twenty at once' }, { title: 'Set in Tickscribe' }, { title: 'Left alone' },
  ]);
  const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids) });
  expect(result['successfulPushes'], JSON.stringify(result)).toBe(5);
  const made = await api('POST', `/api/connections/${connectionId}/webhook-secret`);
  expect(made.status, made.text).toBe(201);
  secret = String(made.body['secret']);
  expect(made.body).toMatchObject({ contentType: 'application/json', url: expect.stringMatching(new RegExp(`${hookPath(connectionId)}$`)) as unknown });
  expect(String(made.body['instructions'])).toMatch(/Settings, then Webhooks/);
  github.state.webhook = { url: `${t.base}${hookPath(connectionId)}`, secret };
});

const ticket = async (title: string) => ((await api('GET', `/api/tickets/${ids[title]!}`)).body['ticket'] as Json);
const statusEvents = async (title: string) => {
  const answer = await api('GET', `/api/tickets/${ids[title]!}/events?kind=status`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body['events'] as (Json & { data: Json })[]);
};
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${t.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));
const signed = (body: string, key = secret) => ({ 'x-github-event': 'issues', 'x-hub-signature-256': `sha256=${createHmac('sha256', key).update(body).digest('hex')}` });

describe('the connection', () => {
  it('shows how its tickets follow their issues, and that a webhook secret is set, never the secret', async () => {
    const listed = await api('GET', '/api/connections');
    const connection = (listed.body['connections'] as Json[]).find((candidate) => candidate['id'] === connectionId)!;
    expect(connection['statusFollowing']).toMatchObject({ poll: true, pushBack: true, webhook: { secretSet: true } });
    expect(listed.text).not.toContain(secret);
  });
});

describe('a webhook delivery', () => {
  it('with a good signature closes the ticket, with a status event saying where it came from; reopening takes it back', async () => {
    const closed = await github.closeAsUser(issueOf('Close me on GitHub'));
    expect(closed).toMatchObject({ status: 200 });
    expect(JSON.parse(closed!.answer)).toEqual({ received: true, outcome: 'applied', tickets: 1 });
    expect(await ticket('Close me on GitHub')).toMatchObject({ status: 'Done' });
    const [event] = await statusEvents('Close me on GitHub');
    expect(event).toMatchObject({
      kind: 'status', actor: null,
      data: {
        status: 'Done', previous: 'ToDo', source: 'webhook', connectionId, connectionName: 'GitHub Website', tracker: 'github', trackerName: 'GitHub',
        key: `#${issueOf('Close me on GitHub')}`, url: expect.stringContaining('/acme/web/issues/') as unknown,
      },
    });

    const reopened = await github.reopenAsUser(issueOf('Close me on GitHub'));
    expect(JSON.parse(reopened!.answer)).toMatchObject({ outcome: 'applied' });
    expect(await ticket('Close me on GitHub')).toMatchObject({ status: 'ToDo' });
    expect((await statusEvents('Close me on GitHub')).map((e) => [e.data['previous'], e.data['status']])).toEqual([['Done', 'ToDo'], ['ToDo', 'Done']]);
  });

  it('delivered again changes nothing and writes no second event', async () => {
    const closed = await github.closeAsUser(issueOf('Close me on GitHub'));
    const again = await post(hookPath(connectionId), closed!.body, closed!.headers);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'unchanged', tickets: 0 } });
    expect(await statusEvents('Close me on GitHub')).toHaveLength(3);
  });

  it('with a missing, wrong or other secret signature is refused in words and changes nothing', async () => {
    const number = issueOf('Refuse forged deliveries');
    const body = JSON.stringify({ action: 'closed', issue: { ...github.state.issues[number - 1], state: 'closed' }, repository: github.state.repository });
    const refusals = [
      await post(hookPath(connectionId), body, { 'x-github-event': 'issues' }),
      await post(hookPath(connectionId), body, { ...signed(body), 'x-hub-signature-256': 'sha256=0000' }),
      await post(hookPath(connectionId), body, signed(body, 'not the secret')),
      await post(hookPath(connectionId), `${body} `, signed(body)),
    ];
    for (const refusal of refusals) {
      expect(refusal).toEqual({ status: 401, body: { error: expect.stringMatching(/^The webhook signature is missing or does not match/) as unknown } });
    }
    expect(await ticket('Refuse forged deliveries')).toMatchObject({ status: 'ToDo' });
    expect(await statusEvents('Refuse forged deliveries')).toEqual([]);
  });

  it('to an unknown connection, or one without a secret, is refused in words', async () => {
    const body = '{}';
    expect(await post(hookPath(crypto.randomUUID()), body, signed(body))).toEqual({ status: 404, body: { error: expect.stringMatching(/no connection at this webhook address/) as unknown } });
    expect(await post(hookPath('not-an-id'), body, signed(body))).toMatchObject({ status: 404 });
    const other = await gitHubConnection(api, github, 'Other project');
    expect(await post(hookPath(other), body, signed(body))).toEqual({ status: 403, body: { error: expect.stringMatching(/no webhook secret yet/) as unknown } });
  });

  it('ping and other events are received and change nothing', async () => {
    const ping = await github.deliver('ping', { zen: 'Design for failure.', hook_id: 498765432 });
    expect(JSON.parse(ping.answer)).toEqual({ received: true, outcome: 'ping', tickets: 0 });
    const comment = await github.deliver('issue_comment', { action: 'created', issue: github.state.issues[0], repository: github.state.repository });
    expect(JSON.parse(comment.answer)).toEqual({ received: true, outcome: 'ignored', tickets: 0 });
  });

  it('twenty at once change the ticket once, with one event', async () => {
    const number = issueOf('Twenty at once');
    const body = JSON.stringify({ action: 'closed', issue: { ...github.state.issues[number - 1], state: 'closed', state_reason: 'completed' }, repository: github.state.repository });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(hookPath(connectionId), body, signed(body))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.body['outcome'] === 'applied')).toHaveLength(1);
    expect(await ticket('Twenty at once')).toMatchObject({ status: 'Done' });
    expect(await statusEvents('Twenty at once')).toHaveLength(1);
  });
});

describe('a status set in Tickscribe', () => {
  const waitFor = async (check: () => Promise<boolean> | boolean, what: string) => {
    for (const until = Date.now() + 30_000; !(await check());) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('closes the issue and reopens it, each landing as an event; the webhook that follows changes nothing', async () => {
    const number = issueOf('Set in Tickscribe');
    const issue = () => github.state.issues[number - 1]!;
    const edited = await api('PUT', `/api/tickets/${ids['Set in Tickscribe']!}`, { status: 'Done' });
    expect(edited.status, edited.text).toBe(200);
    await waitFor(async () => (await statusEvents('Set in Tickscribe')).length === 1, 'the status to reach GitHub');
    expect(issue()).toMatchObject({ state: 'closed', state_reason: 'completed' });
    const [event] = await statusEvents('Set in Tickscribe');
    expect(event).toMatchObject({ actor: { id: expect.any(String) as unknown }, data: { status: 'Done', previous: 'ToDo', source: 'tickscribe', key: `#${number}` } });

    // GitHub tells the webhook of the close Tickscribe made: the ticket has it already.
    const echo = await github.deliver('issues', { action: 'closed', issue: issue(), repository: github.state.repository });
    expect(JSON.parse(echo.answer)).toMatchObject({ outcome: 'unchanged' });

    await api('PUT', `/api/tickets/${ids['Set in Tickscribe']!}`, { status: 'InProgress' });
    await waitFor(async () => (await statusEvents('Set in Tickscribe')).length === 2, 'the reopening to reach GitHub');
    expect(issue()).toMatchObject({ state: 'open', state_reason: 'reopened' });
    expect(await ticket('Set in Tickscribe')).toMatchObject({ status: 'InProgress' });
    expect(await ticket('Left alone')).toMatchObject({ status: 'ToDo' });
  });
});

describe('a hostile delivery', () => {
  // Last: the refusal of a body too large cuts the connection it came on short.
  it('that is not JSON, nested 10,000 deep or too large is refused with 4xx in words', async () => {
    expect(await post(hookPath(connectionId), '{"action":', signed('{"action":'))).toEqual({ status: 400, body: { error: 'The request body is not valid JSON.' } });
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expect(await post(hookPath(connectionId), deep, signed(deep))).toEqual({ status: 400, body: { error: 'Invalid request: the body is nested more than 32 levels deep.' } });
    const huge = JSON.stringify({ action: 'closed', padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(await post(hookPath(connectionId), huge, signed(huge))).toEqual({ status: 413, body: { error: 'The request body is too large.' } });
  });
});
