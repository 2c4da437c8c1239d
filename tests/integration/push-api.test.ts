// Pushing through the API against the GitHub and Jira stand-ins: each ticket created once, dependencies first and
// then linked, assignees through the user mappings, the tickets marked as pushed; a tracker's refusal fails only
// that ticket, in the tracker's words; the wizard's analysis and the spec's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, gitHubError, type GitHubFake } from '../trackers/github-fake.ts';
import { jiraError, startJiraFake, type JiraFake } from '../trackers/jira-fake.ts';
import { blockedBy, createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp, type Json } from './push-support.ts';

const context = usePushApp();
const { api } = context;
let github: GitHubFake;

beforeAll(async () => {
  github = await startGitHubFake();
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';

describe('a push through the API', () => {
  let ids: Record<string, string>;
  let connectionId: string;
  let result: Json;

  beforeAll(async () => {
    connectionId = await gitHubConnection(api, github);
    ids = await createTickets(api, [
      { title: 'Design the schema', assignee: 'Grace Hopper' },
      { title: 'Build the API', dependsOn: ['Design the schema'], assignee: 'Alan Turing' },
      { title: 'Build the screens', dependsOn: ['Build the API'] },
      { title: 'Write the guide', dependsOn: ['Build the screens', 'Design the schema'] },
    ]);
    // Sent with the dependants first: the push must still create the dependencies first.
    const ticketIds = ['Write the guide', 'Build the screens', 'Build the API', 'Design the schema'].map((title) => ids[title]!);
    result = await pushAndWait(api, connectionId, { ticketIds, updatedUserMappings: { 'Grace Hopper': 'grace', 'Alan Turing': ' ' }, batchId: 'first-push' });
  });

  it('answers the spec’s result: every ticket pushed, per ticket and per project', () => {
    expect(result).toMatchObject({
      batchId: 'first-push', connectionId, connectionType: 'github', trackerName: 'GitHub',
      totalProcessed: 4, successfulPushes: 4, failedPushes: 0, skippedTickets: 0,
      projectResults: [{ project: 'Website', total: 4, successful: 4, failed: 0, skipped: 0 }],
    });
    const results = result['results'] as Json[];
    expect(results.map((entry) => entry['title'])).toEqual(['Write the guide', 'Build the screens', 'Build the API', 'Design the schema']);
    for (const entry of results) expect(entry).toMatchObject({ success: true, skipped: false, key: expect.stringMatching(/^#\d+$/), externalUrl: expect.stringContaining('/acme/web/issues/') });
  });

  it('creates each ticket once, after the tickets it depends on, and links them as "blocked by"', () => {
    const issues = issuesByTicket(github);
    const number = (title: string) => {
      expect(issues.get(ids[title]!), title).toHaveLength(1);
      return issues.get(ids[title]!)![0]!['number'] as number;
    };
    const [schema, api, screens, guide] = ['Design the schema', 'Build the API', 'Build the screens', 'Write the guide'].map(number) as [number, number, number, number];
    expect(schema).toBeLessThan(api);
    expect(api).toBeLessThan(screens);
    expect(screens).toBeLessThan(guide);
    expect(blockedBy(github)).toEqual({ [api]: [schema], [screens]: [api], [guide]: [schema, screens].sort((a, b) => a - b) });
    // The body names the dependencies that already lived in a tracker when it was created.
    expect(String(issues.get(ids['Build the API']!)![0]!['body'])).toContain(`/acme/web/issues/${schema}`);
  });

  it('assigns through the user mapping, and leaves an unmapped assignee unassigned', () => {
    const issues = issuesByTicket(github);
    expect((issues.get(ids['Design the schema']!)![0]!['assignees'] as Json[]).map((user) => user['login'])).toEqual(['grace']);
    expect(issues.get(ids['Build the API']!)![0]!['assignees']).toEqual([]);
  });

  it('marks the tickets pushed (type and key for the badge) and keeps the mappings it was given', async () => {
    const issue = issuesByTicket(github).get(ids['Build the API']!)![0]!;
    expect((await api('GET', `/api/tickets/${ids['Build the API']}`)).body['ticket']).toMatchObject({
      externalUrl: issue['html_url'], externalId: String(issue['number']), externalType: 'github', externalKey: `#${String(issue['number'])}`,
    });
    const pushed = await api('GET', '/api/tickets/filtered?pushed=Pushed&limit=50');
    expect((pushed.body['data'] as Json[]).map((ticket) => ticket['id'])).toEqual(expect.arrayContaining(Object.values(ids)));
    const connections = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect(connections.find((connection) => connection['id'] === connectionId)!['settings']).toMatchObject({ userMappings: { 'Grace Hopper': 'grace' } });
  });

  it('reports the finished push by its batch id, and joins it when the same batch is sent again', async () => {
    const status = await api('GET', `/api/connections/${connectionId}/pushes/first-push`);
    expect(status.body).toMatchObject({ status: 'completed', progress: { phase: 'done', total: 4, done: 4, failed: 0 }, result: { successfulPushes: 4 } });
    const again = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: [ids['Build the API']], batchId: 'first-push' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(result);
    expect(github.requests(CREATE_ISSUE)).toHaveLength(4);
  });

  it('refuses a selection with nothing left to push, or nothing at all, with the spec’s words', async () => {
    expect(await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: Object.values(ids) })).toMatchObject({
      status: 400, body: { error: 'All selected tickets have already been pushed to external systems' },
    });
    expect(await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: [] })).toMatchObject({
      status: 400, body: { error: 'Please select at least one ticket to push' },
    });
    expect((await api('GET', `/api/connections/${connectionId}/pushes/no-such-batch`)).status).toBe(404);
  });

  it('analyses a selection for the wizard: pushed ones, projects and their connections, unmapped assignees', async () => {
    const more = await createTickets(api, [
      { title: 'Fix the footer', assignee: 'Alan Turing' },
      { title: 'Tune the cache', assignee: 'grace hopper' },
      { title: 'Ship the app', project: 'Mobile', assignee: 'Ada' },
    ]);
    const analysis = await api('POST', '/api/push/analyze', { ticketIds: [ids['Design the schema'], ...Object.values(more)] });
    expect(analysis.status, analysis.text).toBe(200);
    expect(analysis.body).toMatchObject({
      selected: 4, toPush: 3, message: null,
      alreadyPushed: [{ ticketId: ids['Design the schema'], externalType: 'github', externalKey: expect.stringMatching(/^#/) }],
      projects: [
        { project: 'Website', ticketIds: [more['Fix the footer'], more['Tune the cache']], connection: { id: connectionId, connectionType: 'github' } },
        { project: 'Mobile', ticketIds: [more['Ship the app']], connection: null },
      ],
      connections: [{ connection: { id: connectionId, userMappings: { 'Grace Hopper': 'grace' } }, projects: ['Website'], unmappedAssignees: ['Alan Turing'] }],
    });
    expect((await api('POST', '/api/push/analyze', { ticketIds: [ids['Build the API']] })).body['message']).toBe('All selected tickets have already been pushed to external systems');
    expect((await api('POST', '/api/push/analyze', { ticketIds: [] })).body).toEqual({ error: 'Please select at least one ticket to push' });
  });
});

describe('a tracker that refuses a ticket', () => {
  it('fails that ticket with the tracker’s words and pushes the rest', async () => {
    const connectionId = await gitHubConnection(api, github, 'Refusals');
    const ids = await createTickets(api, [{ title: 'Good one' }, { title: 'Broken one' }, { title: 'Good two', dependsOn: ['Broken one'] }], 'Refusals');
    const create = github.fake.routes[CREATE_ISSUE]!;
    github.fake.routes[CREATE_ISSUE] = (request) => (String((request.body as Json)['title']).startsWith('Broken')
      ? gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is not allowed here' }] })
      : create(request));
    try {
      const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids) });
      expect(result).toMatchObject({ totalProcessed: 3, successfulPushes: 2, failedPushes: 1 });
      const broken = (result['results'] as Json[]).find((entry) => entry['ticketId'] === ids['Broken one'])!;
      expect(broken).toEqual({ ticketId: ids['Broken one'], title: 'Broken one', project: 'Refusals', success: false, skipped: false, error: expect.stringContaining('title is not allowed here') });
      expect((await api('GET', `/api/tickets/${ids['Broken one']}`)).body['ticket']).toMatchObject({ externalUrl: null, externalType: null });
      const ledger = await context.t.db.query('select state, error from push_records where ticket_id = $1', [ids['Broken one']]);
      expect(ledger.rows).toEqual([{ state: 'failed', error: expect.stringContaining('title is not allowed here') }]);
    } finally {
      github.fake.routes[CREATE_ISSUE] = create;
    }
  });
});

describe('a mapped assignee the tracker will not assign', () => {
  it('is named on the ticket it left unassigned, as a warning beside the success', async () => {
    const connectionId = await gitHubConnection(api, github, 'Mappings');
    const ids = await createTickets(api, [{ title: 'Fix the header', assignee: 'Ada Lovelace' }, { title: 'Fix the footer', assignee: 'Grace Hopper' }], 'Mappings');
    const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids), updatedUserMappings: { 'Ada Lovelace': 'ada-nobody', 'Grace Hopper': 'grace' } });
    expect(result).toMatchObject({ successfulPushes: 2, failedPushes: 0 });
    const entries = new Map((result['results'] as Json[]).map((entry) => [entry['ticketId'], entry]));
    expect(entries.get(ids['Fix the header'])).toMatchObject({
      success: true,
      warning: 'Not assigned to "ada-nobody" (the connection\'s user mapping): GitHub has no user by that name who can be assigned here. Check the mapping on the Connections page.',
    });
    expect(entries.get(ids['Fix the footer'])!['warning']).toBeUndefined();
    expect(issuesByTicket(github).get(ids['Fix the header']!)![0]!['assignees']).toEqual([]);
  });
});

describe('the Jira priority error', () => {
  let jira: JiraFake;
  beforeAll(async () => {
    jira = await startJiraFake();
  });
  afterAll(async () => {
    expect(jira.fake.violations).toEqual([]);
    await jira.fake.close();
  });

  it('reaches the result in words, and pushing without the priority field then works', async () => {
    const saved = await api('POST', '/api/connections', {
      name: 'Jira', project_identifier: 'PROJ', connection_type: 'jira',
      credentials: { jira: jira.settings.credentials }, settings: { projectMappings: ['Platform'], userMappings: {} },
    });
    expect(saved.status, saved.text).toBe(201);
    const connectionId = String((saved.body['connection'] as Json)['id']);
    const ids = await createTickets(api, [{ title: 'Rotate the keys', priority: 'High' }], 'Platform');
    const create = jira.fake.routes['POST /rest/api/3/issue']!;
    jira.fake.routes['POST /rest/api/3/issue'] = (request) => ((request.body as { fields: Json }).fields['priority']
      ? jiraError(400, [], { priority: "Field 'priority' cannot be set. It is not on the appropriate screen, or unknown." })
      : create(request));
    const refused = await pushAndWait(api, connectionId, { ticketIds: [ids['Rotate the keys']] });
    expect(refused).toMatchObject({ failedPushes: 1, successfulPushes: 0 });
    expect((refused['results'] as Json[])[0]!['error']).toMatch(/^Jira refused the priority: .*Turn off 'Include Priority Field'/);

    const turnedOff = await api('PUT', `/api/connections/${connectionId}`, { settings: { projectMappings: ['Platform'], userMappings: {}, includePriority: false } });
    expect(turnedOff.status, turnedOff.text).toBe(200);
    const pushed = await pushAndWait(api, connectionId, { ticketIds: [ids['Rotate the keys']] });
    expect(pushed).toMatchObject({ successfulPushes: 1, results: [{ success: true, key: 'PROJ-1' }] });
    expect(jira.state.issues).toHaveLength(1);
  });
});
