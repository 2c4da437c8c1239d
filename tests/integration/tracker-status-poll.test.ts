// Without a webhook, a ticket still follows its GitHub issue or its Jira issue: the connection's status poll
// (`tracker-status-<id>`, every TRACKER_STATUS_POLL_SECONDS, here 1 s) reads the issues of its tickets that are not
// Done. A third-party tracker without any of the status members still pushes, and gets no poll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasklist } from '../support/tasklist.ts';
import { markerOf } from '../../plugins/sdk/index.ts';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { startJiraFake, type JiraFake } from '../trackers/jira-fake.ts';
import type { Json } from './connections-support.ts';
import { createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp } from './push-support.ts';

let github: GitHubFake;
let jira: JiraFake;
let tasklist: Awaited<ReturnType<typeof startTasklist>>;
beforeAll(async () => {
  github = await startGitHubFake();
  jira = await startJiraFake();
  tasklist = await startTasklist();
});
const { api, temporal, t } = usePushApp({ TRACKER_STATUS_POLL_SECONDS: '1', PLUGINS: './tests/fixtures/plugins/tasklist-tracker/index.js' });
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  expect(jira.fake.violations).toEqual([]);
  await github?.fake.close();
  await jira?.fake.close();
  tasklist?.close();
});

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 20_000) => {
  for (const until = Date.now() + ms; !(await check());) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
const ticketOf = async (id: string) => (await api('GET', `/api/tickets/${id}`)).body['ticket'] as Json;
const statusEvents = async (id: string) => (await api('GET', `/api/tickets/${id}/events?kind=status`)).body['events'] as (Json & { data: Json })[];

describe('the status poll', () => {
  it('picks up an issue closed on GitHub within a poll interval, and keeps a status GitHub cannot tell apart', async () => {
    const connectionId = await gitHubConnection(api, github);
    const ids = await createTickets(api, [{ title: 'Closed on GitHub' }, { title: 'In progress here' }]);
    const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(2);
    const description = await temporal().workflow.getHandle(`tracker-status-${connectionId}`).describe();
    expect(description.status.name).toBe('RUNNING');

    const edited = await api('PUT', `/api/tickets/${ids['In progress here']!}`, { status: 'InProgress' });
    expect(edited.status, edited.text).toBe(200);
    const number = issuesByTicket(github).get(ids['Closed on GitHub']!)![0]!['number'] as number;
    expect(await github.closeAsUser(number)).toBeNull();
    const closedAt = Date.now();
    await waitFor(async () => (await ticketOf(ids['Closed on GitHub']!))['status'] === 'Done', 'the poll to close the ticket');
    // One interval, and the round's own time.
    expect(Date.now() - closedAt).toBeLessThan(5_000);
    expect(await statusEvents(ids['Closed on GitHub']!)).toMatchObject([{ kind: 'status', data: { status: 'Done', previous: 'ToDo', source: 'poll', key: `#${number}` } }]);

    // Rounds go on; an open issue leaves In Progress as it is, and a closed one changes nothing more.
    const reads = () => github.fake.requests.filter((request) => request.operation === 'GET /repos/{owner}/{repo}/issues/{issue_number}').length;
    const before = reads();
    await waitFor(async () => reads() > before + 1, 'two more rounds');
    expect(await ticketOf(ids['In progress here']!)).toMatchObject({ status: 'InProgress' });
    expect((await statusEvents(ids['Closed on GitHub']!)).length).toBe(1);

    // Reopened on GitHub soon after: the poll reads a ticket Done lately too, and takes it back to To Do.
    expect(await github.reopenAsUser(number)).toBeNull();
    await waitFor(async () => (await ticketOf(ids['Closed on GitHub']!))['status'] === 'ToDo', 'the poll to reopen the ticket');
    expect((await statusEvents(ids['Closed on GitHub']!))[0]).toMatchObject({ kind: 'status', data: { status: 'ToDo', previous: 'Done', source: 'poll' } });
    // A ticket Done long ago is not read again: its item's reopening is left to the webhook.
    await t.db.query(`update tickets set status = 'Done', updated_at = now() - interval '15 days' where id = $1`, [ids['Closed on GitHub']!]);
    const idle = reads();
    await waitFor(async () => reads() > idle + 1, 'two more rounds');
    expect(await ticketOf(ids['Closed on GitHub']!)).toMatchObject({ status: 'Done' });
  });
});

describe('the status poll of a Jira connection', () => {
  it('picks up an issue moved to Done in Jira, and one moved back to In Progress reopens its ticket as In Progress', async () => {
    const saved = await api('POST', '/api/connections', {
      name: 'Jira PROJ', project_identifier: 'PROJ', connection_type: 'jira', credentials: { jira: jira.settings.credentials },
      settings: { projectMappings: ['Jira work'], userMappings: {} },
    });
    expect(saved.status, saved.text).toBe(201);
    const connectionId = String((saved.body['connection'] as Json)['id']);
    const ids = await createTickets(api, [{ title: 'Finished in Jira' }], 'Jira work');
    const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(1);
    const id = ids['Finished in Jira']!;
    const issue = jira.state.issues.find((candidate) => (candidate.fields['labels'] as string[]).includes(markerOf(id)))!;

    expect(await jira.transitionAsUser(issue.key, 'Done')).toBeNull();
    await waitFor(async () => (await ticketOf(id))['status'] === 'Done', 'the poll to close the ticket');
    expect(await statusEvents(id)).toMatchObject([{ kind: 'status', data: { status: 'Done', previous: 'ToDo', source: 'poll', tracker: 'jira', key: issue.key } }]);
    expect(jira.requests('GET /rest/api/3/issue/{issueIdOrKey}').some((request) => request.query.get('fields') === 'status')).toBe(true);

    expect(await jira.transitionAsUser(issue.key, 'In Progress')).toBeNull();
    await waitFor(async () => (await ticketOf(id))['status'] === 'InProgress', 'the poll to reopen the ticket');
    expect((await statusEvents(id))[0]).toMatchObject({ data: { status: 'InProgress', previous: 'Done', source: 'poll' } });

    // Between open statuses a poll moves nothing: the issue may only not have taken a status set in Tickscribe yet.
    const polled = jira.requests('GET /rest/api/3/issue/{issueIdOrKey}').length;
    expect(await jira.transitionAsUser(issue.key, 'To Do')).toBeNull();
    await waitFor(async () => jira.requests('GET /rest/api/3/issue/{issueIdOrKey}').length >= polled + 2, 'two more rounds of the poll');
    expect(await ticketOf(id)).toMatchObject({ status: 'InProgress' });
  });
});

describe('a third-party tracker without the status members', () => {
  it('still pushes, and its connection gets no status poll', async () => {
    const saved = await api('POST', '/api/connections', {
      name: 'Tasks', project_identifier: 'inbox', connection_type: 'tasklist',
      credentials: { tasklist: { url: tasklist.url, token: 'secret' } }, settings: { projectMappings: ['Errands'], userMappings: {} },
    });
    expect(saved.status, saved.text).toBe(201);
    const connection = saved.body['connection'] as Json;
    expect(connection['statusFollowing']).toEqual({ poll: false, pushBack: false, webhook: null });
    const ids = await createTickets(api, [{ title: 'Buy stamps' }], 'Errands');
    const result = await pushAndWait(api, String(connection['id']), { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(1);
    expect(tasklist.tasks.map((task) => task.title)).toEqual(['Buy stamps']);
    const edited = await api('PUT', `/api/tickets/${ids['Buy stamps']!}`, { status: 'Done' });
    expect(edited.status, edited.text).toBe(200);
    await expect(temporal().workflow.getHandle(`tracker-status-${String(connection['id'])}`).describe()).rejects.toThrow(/not found/i);
    expect(await statusEvents(ids['Buy stamps']!)).toEqual([]);
  });
});
