import { describe, expect, it } from 'vitest';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerHttp } from '../../plugins/sdk/index.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { useJiraFake } from './jira-fake.ts';

const CREATE = 'POST /rest/api/3/issue';
const TRANSITION = 'POST /rest/api/3/issue/{issueIdOrKey}/transitions';

const jira = useJiraFake();

const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
const heading = (value: string) => ({ type: 'heading', attrs: { level: 3 }, content: [text(value)] });

describe('jira create', () => {
  it('maps every field of the ticket onto the issue', async () => {
    const ticket = sampleTicket({ assignee: { id: '5b10a2844c20165700ede21g', name: 'Grace Hopper' }, context: 'Reported by three customers.\nAll on iOS.' });
    const item = await jiraTracker.create(ticket, jira.context());

    expect(item).toEqual({ externalId: '10001', key: 'PROJ-1', url: `${jira.fake.url}/browse/PROJ-1` });
    const [request] = jira.requests(CREATE);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('ada@acme.test:ATATT3xFfGF0-test-token').toString('base64')}`);
    expect(request!.body).toEqual({
      fields: {
        project: { key: 'PROJ' },
        issuetype: { id: '10001' },
        summary: 'Fix the login timeout on mobile',
        description: {
          type: 'doc',
          version: 1,
          content: [
            paragraph(text('Sessions on mobile end after a minute.')),
            paragraph(text('Users are logged out mid-form.')),
            heading('Context'),
            paragraph(text('Reported by three customers.'), { type: 'hardBreak' }, text('All on iOS.')),
            heading('Implementation details'),
            paragraph(text('Raise the idle timeout and refresh the token in the background.')),
            heading('Notes'),
            paragraph(text('Check the tablet layout too.')),
            heading('Effort'),
            paragraph(text('Medium')),
            heading('Depends on'),
            { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('Agree the session policy (SEC-1 https://tracker.example/SEC-1)'))] }] },
            heading('From the meeting'),
            { type: 'blockquote', content: [paragraph(text('Grace, can you fix the login timeout on mobile by Friday?'))] },
            paragraph({ type: 'text', text: `Pushed from Tickscribe (tickscribe-${ticket.id})`, marks: [{ type: 'em' }] }),
          ],
        },
        labels: ['mobile', 'login-flow', `tickscribe-${ticket.id}`],
        priority: { id: '2' },
        duedate: '2026-12-04',
        assignee: { accountId: '5b10a2844c20165700ede21g' },
      },
      properties: [{ key: 'tickscribe', value: { ticketId: ticket.id } }],
    });
    expect(jira.requests(TRANSITION)).toEqual([]);
  });

  it('leaves the priority out when the connection turns it off, and optional fields out when empty', async () => {
    const ticket = sampleTicket({ tags: [], dueDate: null, assignee: null });
    await jiraTracker.create(ticket, jira.context(undefined, { includePriority: false }));

    const { fields } = jira.requests(CREATE)[0]!.body as { fields: Record<string, unknown> };
    expect(Object.keys(fields).sort()).toEqual(['description', 'issuetype', 'labels', 'project', 'summary']);
    expect(fields.labels).toEqual([`tickscribe-${ticket.id}`]);
    expect(jira.requests('GET /rest/api/3/priority/search')).toEqual([]);
  });

  it('matches the site\'s own priority names, and falls back to the standard names', async () => {
    jira.state.priorities = ['Blocker', 'Critical', 'Major', 'Minor', 'Trivial'].map((name, index) => ({ id: String(index + 1), name }));
    for (const priority of ['High', 'Medium', 'Low'] as const) await jiraTracker.create(sampleTicket({ priority }), jira.context());
    jira.state.priorities = [{ id: '9', name: 'Urgent' }];
    const item = await jiraTracker.create(sampleTicket({ priority: 'Low' }), jira.context());

    const sent = jira.requests(CREATE).map((request) => (request.body as { fields: { priority: unknown } }).fields.priority);
    expect(sent).toEqual([{ id: '2' }, { id: '3' }, { id: '4' }, undefined]);
    expect(item.notices).toEqual(["Priority left out: none of the project's priorities in Jira (Urgent) stands for Low."]);
    // The project's priorities come from its create screen, not the deprecated site-wide priority search.
    expect(jira.requests('GET /rest/api/3/priority/search')).toEqual([]);
  });

  it('uses the project\'s first standard issue type when it has no Task', async () => {
    jira.state.issueTypes = [{ id: '10002', name: 'Sub-task', subtask: true }, { id: '10005', name: 'Story', subtask: false }];
    await jiraTracker.create(sampleTicket(), jira.context());
    expect((jira.requests(CREATE)[0]!.body as { fields: { issuetype: unknown } }).fields.issuetype).toEqual({ id: '10005' });
  });

  it('moves a ticket in progress or done along the workflow after creating it', async () => {
    const started = await jiraTracker.create(sampleTicket({ status: 'InProgress' }), jira.context());
    const done = await jiraTracker.create(sampleTicket({ status: 'Done' }), jira.context());

    expect(jira.requests(TRANSITION).map((request) => [request.params.issueIdOrKey, request.body])).toEqual([
      [started.externalId, { transition: { id: '21' } }],
      [done.externalId, { transition: { id: '31' } }],
    ]);
    expect(jira.state.issues.map((issue) => issue.category)).toEqual(['indeterminate', 'done']);
  });
});

describe('jira findByMarker', () => {
  it('finds the issue by its marker label in the project right after it is created, and null for a ticket never pushed', async () => {
    const ticket = sampleTicket();
    const item = await jiraTracker.create(ticket, jira.context());
    await jiraTracker.create(sampleTicket(), jira.context());

    expect(await jiraTracker.findByMarker(ticket.id, jira.context())).toEqual(item);
    expect(await jiraTracker.findByMarker('never-pushed', jira.context())).toBeNull();
    expect(jira.requests('POST /rest/api/3/search/jql')[0]!.body).toEqual({
      jql: `project = "PROJ" AND labels = "tickscribe-${ticket.id}" ORDER BY created DESC`, maxResults: 1, fields: ['summary'],
    });
  });
});

describe('jira resolveUser', () => {
  it('finds an assignable user by exact name or e-mail, even when the address is hidden', async () => {
    expect(await jiraTracker.resolveUser('grace hopper', jira.context())).toEqual({ id: '5b10a2844c20165700ede21g', name: 'Grace Hopper' });
    expect(await jiraTracker.resolveUser('grace@acme.test', jira.context())).toEqual({ id: '5b10a2844c20165700ede21g', name: 'Grace Hopper' });
    expect(await jiraTracker.resolveUser('alan@acme.test', jira.context())).toEqual({ id: '5b10ac8d82e05b22cc7d4ef5', name: 'Alan Turing' });
    const [request] = jira.requests('GET /rest/api/3/user/assignable/search');
    expect(Object.fromEntries(request!.query)).toEqual({ project: 'PROJ', query: 'grace hopper', maxResults: '50' });
  });

  it('answers null for no match, a partial match, and several people with the same name', async () => {
    expect(await jiraTracker.resolveUser('Ada', jira.context())).toBeNull();
    expect(await jiraTracker.resolveUser('Grace', jira.context())).toBeNull();
    jira.state.users.push({ accountId: '712020:second-grace', displayName: 'Grace Hopper', emailAddress: 'g.hopper@acme.test', showsEmail: true });
    expect(await jiraTracker.resolveUser('Grace Hopper', jira.context())).toBeNull();
  });
});

describe('jira link', () => {
  it('links the dependency as blocking the item', async () => {
    const dependency = await jiraTracker.create(sampleTicket(), jira.context());
    const item = await jiraTracker.create(sampleTicket(), jira.context());

    expect(await jiraTracker.link(item, dependency, jira.context())).toBe('linked');
    expect(jira.requests('POST /rest/api/3/issueLink')[0]!.body).toEqual({
      type: { name: 'Blocks' }, inwardIssue: { id: dependency.externalId }, outwardIssue: { id: item.externalId },
    });
    expect(jira.state.links).toEqual([{ type: 'Blocks', inward: 'PROJ-1', outward: 'PROJ-2' }]);
  });

  it('answers unsupported when the site has no Blocks link type or linking is turned off', async () => {
    const dependency = await jiraTracker.create(sampleTicket(), jira.context());
    const item = await jiraTracker.create(sampleTicket(), jira.context());
    jira.fake.routes['GET /rest/api/3/issueLinkType'] = () => ({ status: 200, body: { issueLinkTypes: [{ id: '1000', name: 'Duplicate', inward: 'is duplicated by', outward: 'duplicates' }] } });
    expect(await jiraTracker.link(item, dependency, jira.context())).toBe('unsupported');
    jira.fake.routes['GET /rest/api/3/issueLinkType'] = () => ({ status: 404, body: { errorMessages: ['Issue linking is disabled.'], errors: {} } });
    expect(await jiraTracker.link(item, dependency, jira.context())).toBe('unsupported');
    expect(jira.requests('POST /rest/api/3/issueLink')).toEqual([]);
  });
});

describe('jira verify', () => {
  it('names the account and the project', async () => {
    expect(await jiraTracker.verify(jira.context())).toEqual({ account: 'Ada Lovelace, with a classic API token, at the site', target: 'PROJ (Web Platform)' });
  });

  it('says when the credentials are refused, and when the project is missing, in different words', async () => {
    await expect(jiraTracker.verify(jira.context(undefined, { projectIdentifier: 'gone' }))).rejects.toMatchObject({
      kind: 'not_found', message: 'The credentials work, but project GONE was not found or the account cannot see it.',
    });
    jira.fake.routes['GET /rest/api/3/myself'] = () => ({ status: 401, body: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} } });
    await expect(jiraTracker.verify(jira.context())).rejects.toMatchObject({ kind: 'auth', message: expect.stringMatching(/^Jira refused the credentials/) });
  });

  it('talks to the site of a pasted board address', async () => {
    const urls: string[] = [];
    const http: TrackerHttp = async (request) => (urls.push(request.url), { status: 401, headers: {}, text: '', json: undefined });
    const settings = { ...jira.settings, credentials: { ...jira.settings.credentials, url: 'https://acme.atlassian.net/jira/software/projects/PROJ/boards/1' } };
    await expect(jiraTracker.verify({ settings, http })).rejects.toMatchObject({ kind: 'auth' });
    expect(urls).toEqual(['https://acme.atlassian.net/rest/api/3/myself', 'https://acme.atlassian.net/_edge/tenant_info']);
  });

  it('says when the address is not a Jira site', async () => {
    jira.fake.routes['GET /rest/api/3/myself'] = () => ({ status: 404, body: '<html>Not Found</html>' });
    await expect(jiraTracker.verify(jira.context())).rejects.toMatchObject({ kind: 'not_found', message: expect.stringMatching(/^No Jira Cloud site answered at http/) });
  });
});

describe('jira tracker contract', () => {
  it('keeps the tracker contract against the stand-in', async () => {
    await assertTrackerContract(jiraTracker, { settings: jira.settings, http: fetchHttp, assignee: { id: '5b10a2844c20165700ede21g', name: 'Grace Hopper' } });
  });
});
