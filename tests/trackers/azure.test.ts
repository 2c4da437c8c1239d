// The `azure` tracker against a stateful stand-in of Azure DevOps that checks every request against the vendor's
// contract: the work item it creates, the users it finds, the marker it finds again, links and verification; its
// search of open work items like a ticket (the stand-in reads the WIQL as Microsoft documents it) and its comment on one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import { isTrackerError, markerOf, type TrackerComment, type TrackerContext } from '../../plugins/sdk/index.ts';
import { azureTracker } from '../../plugins/trackers/azure/index.ts';
import { searchWiql } from '../../plugins/trackers/azure/search.ts';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { azureError, azureRoutes, CREATE, PAT_AS_BASIC, PROJECT, TEAM_ID } from './azure-fake.ts';

let fake: VendorFake;
let state: ReturnType<typeof azureRoutes>;
const context = (config: Record<string, unknown> = {}, credentials: Record<string, unknown> = {}): TrackerContext => ({
  settings: { config: { projectIdentifier: PROJECT, workItemType: 'Task', baseUrl: fake.url, ...config }, credentials: { organization: 'fabrikam', pat: 'pat-secret', ...credentials } },
  http: fetchHttp,
});
const sent = (operation: string) => fake.requests.filter((request) => request.operation === operation);

beforeEach(async () => {
  state = azureRoutes(() => fake);
  fake = await startVendorFake('azure-devops', state.routes);
});
afterEach(async () => {
  expect(fake.violations.filter((violation) => !PAT_AS_BASIC.test(violation))).toEqual([]);
  await fake.close();
});

describe('azure tracker: create', () => {
  it('maps every field of the ticket onto the work item, then moves it to the status', async () => {
    const ticket = sampleTicket({ status: 'InProgress', assignee: { id: 'ada@fabrikam.com', name: 'Ada Lovelace' }, tags: ['mobile', 'login; flow'] });
    const item = await azureTracker.create(ticket, context({ workItemType: 'Issue' }));

    expect(item).toEqual({ externalId: '1', key: 'Issue 1', url: 'https://dev.azure.com/fabrikam/web/wi.aspx?pcguid=20cda608&id=1' });
    const [create] = sent(CREATE);
    expect(create!.path).toBe(`/fabrikam/${PROJECT}/_apis/wit/workitems/$Issue`);
    expect(create!.query.get('api-version')).toBe('7.1');
    expect(create!.headers['content-type']).toBe('application/json-patch+json');
    expect(create!.headers.authorization).toBe(`Basic ${Buffer.from(':pat-secret').toString('base64')}`);
    const fields = Object.fromEntries((create!.body as { path: string; value: unknown }[]).map((op) => [op.path, op.value]));
    expect(fields).toEqual({
      '/fields/System.Title': 'Fix the login timeout on mobile',
      '/fields/System.Description': expect.any(String),
      '/fields/System.Tags': `mobile; login flow; ${markerOf(ticket.id)}`,
      '/fields/Microsoft.VSTS.Common.Priority': 1,
      '/fields/System.AssignedTo': 'ada@fabrikam.com',
      '/fields/Microsoft.VSTS.Scheduling.DueDate': '2026-12-04T12:00:00Z',
    });
    const description = fields['/fields/System.Description'] as string;
    expect(description).toContain('<p>Sessions on mobile end after a minute.</p><p>Users are logged out mid-form.</p>');
    for (const part of ['<h3>Context</h3>', '<h3>Implementation details</h3>', '<h3>Notes</h3>', '<h3>Effort</h3><p>Medium</p>', '<li>Agree the session policy (SEC-1 https://tracker.example/SEC-1)</li>', '<blockquote><p>Grace, can you fix']) {
      expect(description).toContain(part);
    }
    expect(description).toContain(`Tickscribe project: Web<br>Tickscribe ticket: ${markerOf(ticket.id)}</p>`);
    expect(description).not.toContain('Priority:');
    expect(state.items.get(1)!.fields['System.State']).toBe('Active');
  });

  it('cuts a title over 255 characters at a word, keeps it whole at the top of the description, and says so', async () => {
    const long = `Agree ${'the session policy with security and '.repeat(8)}ship the fix`;
    expect(long.length).toBeGreaterThan(300);
    const item = await azureTracker.create(sampleTicket({ title: long }), context());
    expect(item.notices).toEqual(["Title cut to 255 characters, Azure DevOps's limit; the full title is at the top of the description."]);
    const fields = Object.fromEntries((sent(CREATE)[0]!.body as { path: string; value: unknown }[]).map((op) => [op.path, op.value]));
    const title = fields['/fields/System.Title'] as string;
    expect(title.length).toBeLessThanOrEqual(255);
    // Cut after a whole word: what it keeps is the start of the title, followed there by a space.
    const kept = title.slice(0, -1);
    expect(title.endsWith('…') && long.startsWith(kept) && long.charAt(kept.length) === ' ').toBe(true);
    expect(fields['/fields/System.Description']).toContain(`<h3>Full title</h3><p>${long}</p>`);
  });

  it('the stand-in refuses a title over 255 characters, as Azure DevOps does', async () => {
    const response = await fetchHttp({
      method: 'POST', url: `${fake.url}/fabrikam/${PROJECT}/_apis/wit/workitems/$Task?api-version=7.1`,
      headers: { authorization: `Basic ${Buffer.from(':pat-secret').toString('base64')}`, 'content-type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'add', path: '/fields/System.Title', value: 'x'.repeat(256) }]),
    });
    expect(response.status).toBe(400);
    expect((response.json as { message: string }).message).toBe("TF401324: Value for field 'System.Title' is too long.");
  });

  it.each([
    ['Task', 'Done', 'Closed', null],
    ['Bug', 'ToDo', 'New', null],
    ['User Story', 'ToDo', 'New', 'Microsoft.VSTS.Scheduling.TargetDate'],
  ])('writes what a %s has no field for into the description (status %s → %s)', async (type, status, expected, dateField) => {
    const ticket = sampleTicket({ status: status as 'Done' | 'ToDo', priority: 'Low' });
    const item = await azureTracker.create(ticket, context({ workItemType: type }));
    const { fields } = state.items.get(Number(item.externalId))!;
    expect(item.key).toBe(`${type} 1`);
    expect(fields['System.State']).toBe(expected);
    expect(fields['Microsoft.VSTS.Common.Priority']).toBe(3);
    if (dateField) expect(fields[dateField]).toBe('2026-12-04T12:00:00Z');
    else expect(fields['System.Description']).toContain('<p>Due: 2026-12-04<br>Tickscribe project: Web');
    expect(fields['System.AssignedTo']).toBeUndefined();
    expect(fields['Microsoft.VSTS.TCM.ReproSteps']).toBe(type === 'Bug' ? fields['System.Description'] : undefined);
    expect(sent('GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/states')).toHaveLength(status === 'ToDo' ? 0 : 1);
  });

  it('refuses a work item type the project does not have, in words', async () => {
    await expect(azureTracker.create(sampleTicket(), context({ workItemType: 'Bugz' }))).rejects.toMatchObject({
      kind: 'not_found', message: expect.stringMatching(/^The project 'Fabrikam-Fiber-Git' has no work item type 'Bugz'\. \(TF201083/),
    });
  });
});

describe('azure tracker: users, markers and links', () => {
  it('resolves a user by e-mail or name, and never guesses between several or a group', async () => {
    expect(await azureTracker.resolveUser('ada@fabrikam.com', context())).toEqual({ id: 'ada@fabrikam.com', name: 'Ada Lovelace' });
    expect(await azureTracker.resolveUser('Sam Diaz', context())).toEqual({ id: 'sam.diaz@fabrikam.com', name: 'Sam Diaz' });
    expect(await azureTracker.resolveUser('Sam', context())).toBeNull();
    expect(await azureTracker.resolveUser('grace@fabrikam.com', context())).toBeNull();
    expect(await azureTracker.resolveUser('Project Collection Valid Users', context())).toBeNull();
    expect(sent('GET /{organization}/_apis/identities')[0]!.query.get('searchFilter')).toBe('General');
  });

  it('asks Azure DevOps Services for identities on its identity host', async () => {
    const hosts: string[] = [];
    const http: TrackerContext['http'] = (request) => {
      hosts.push(new URL(request.url).host);
      return fetchHttp({ ...request, url: request.url.replace(/^https:\/\/[^/]+/, fake.url) });
    };
    expect(await azureTracker.resolveUser('ada@fabrikam.com', { ...context({ baseUrl: 'https://dev.azure.com' }), http })).not.toBeNull();
    expect(hosts).toEqual(['vssps.dev.azure.com']);
  });

  it('finds the work item a ticket created by its marker tag, and nothing for a ticket never pushed', async () => {
    const ticket = sampleTicket();
    await azureTracker.create(sampleTicket(), context());
    const item = await azureTracker.create(ticket, context());
    expect(await azureTracker.findByMarker(ticket.id, context())).toEqual(item);
    expect(await azureTracker.findByMarker('never-pushed', context())).toBeNull();
    const [query] = sent('POST /{organization}/{project}/{team}/_apis/wit/wiql');
    expect(query!.params.team).toBe(TEAM_ID);
    expect((query!.body as { query: string }).query).toContain(`[System.Tags] CONTAINS '${markerOf(ticket.id)}'`);
  });

  it('links a work item to the one it depends on as its predecessor, once', async () => {
    const dependency = await azureTracker.create(sampleTicket(), context());
    const item = await azureTracker.create(sampleTicket(), context());
    expect(await azureTracker.link(item, dependency, context())).toBe('linked');
    expect(await azureTracker.link(item, dependency, context())).toBe('linked');
    expect(state.items.get(2)!.relations).toEqual([
      { rel: 'System.LinkTypes.Dependency-Reverse', url: `${fake.url}/fabrikam/_apis/wit/workItems/1`, attributes: { comment: 'Must be done first (from Tickscribe).' } },
    ]);
  });
});

describe('azure tracker: verify', () => {
  it('proves the token, then the project and the work item type', async () => {
    expect(await azureTracker.verify(context({ workItemType: 'User Story' }))).toEqual({
      account: 'organization fabrikam (personal access token)', target: 'Fabrikam-Fiber-Git, as User Story work items',
    });
  });

  it.each([
    ['401', { status: 401, body: '' }],
    ['203 with the sign-in page', { status: 203, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html><title>Azure DevOps Services | Sign In</title></html>' }],
  ])('says the token was refused when Azure DevOps answers %s', async (_, reply) => {
    fake.routes['GET /{organization}/_apis/projects'] = () => reply;
    await expect(azureTracker.verify(context())).rejects.toMatchObject({
      kind: 'auth', message: expect.stringMatching(/^Azure DevOps refused the personal access token for the organization 'fabrikam'/),
    });
  });

  it('refuses a token without the Work Items (Read & write) scope, creating nothing, and says when Identity (Read) is missing', async () => {
    state.scopes.delete('vso.work_write');
    await expect(azureTracker.verify(context())).rejects.toMatchObject({
      kind: 'forbidden',
      message: "The personal access token can read the project 'Fabrikam-Fiber-Git' but may not create work items: give it the Work Items (Read & write) scope.",
    });
    state.scopes.add('vso.work_write');
    state.scopes.delete('vso.identity');
    expect((await azureTracker.verify(context())).target).toBe(
      'Fabrikam-Fiber-Git, as Task work items (the token lacks the Identity (Read) scope, so mapped assignees cannot be found: add it to assign work items)',
    );
    // The check validated a work item without saving one.
    expect(sent(CREATE).every((request) => request.query.get('validateOnly') === 'true')).toBe(true);
    expect(state.items.size).toBe(0);
  });

  it('the stand-in answers 401 to a call whose scope the token lacks', async () => {
    state.scopes.delete('vso.identity');
    const response = await fetchHttp({
      method: 'GET', url: `${fake.url}/fabrikam/_apis/identities?searchFilter=General&filterValue=ada&queryMembership=none&api-version=7.1`,
      headers: { authorization: `Basic ${Buffer.from(':pat-secret').toString('base64')}` },
    });
    expect(response.status).toBe(401);
  });

  it('tells a missing project from a missing work item type', async () => {
    await expect(azureTracker.verify(context({ projectIdentifier: 'Fabrikam-Fiber' }))).rejects.toMatchObject({
      kind: 'not_found', message: "The organization 'fabrikam' has no project named 'Fabrikam-Fiber', or the token may not see it. (TF200016: The following project does not exist: Fabrikam-Fiber.)",
    });
    await expect(azureTracker.verify(context({ workItemType: 'Product Backlog Item' }))).rejects.toMatchObject({
      kind: 'not_found', message: expect.stringMatching(/^The project 'Fabrikam-Fiber-Git' has no work item type 'Product Backlog Item'; its process has Bug, .*Task, .*User Story, Issue/),
    });
  });

  it('keeps the tracker contract', async () => {
    const { settings } = context();
    await assertTrackerContract(azureTracker, { settings, http: fetchHttp, assignee: { id: 'ada@fabrikam.com', name: 'Ada Lovelace' } });
  });
});

const WIQL = 'POST /{organization}/{project}/{team}/_apis/wit/wiql';
const query = (words: string[], limit = 10) => ({ title: words.join(' '), words, limit });
const comment: TrackerComment = { ticketId: '0b6a4f8e-1c1d-4c61-9d55-6f3f0f7f1a01', title: 'Fix the login timeout', quote: 'Sessions <still> end after a minute & more.', meeting: 'Weekly sync', meetingDate: null };

describe('azure tracker: search', () => {
  it('finds the open work items whose title has any of the words, not closed ones', async () => {
    const open = await azureTracker.create(sampleTicket({ title: 'Fix the login timeout on mobile' }), context());
    await azureTracker.create(sampleTicket({ title: 'Login page copy', status: 'Done' }), context());
    await azureTracker.create(sampleTicket({ title: 'Pricing page' }), context());
    const found = await azureTracker.search!(query(['login', 'timeout']), context());
    expect(found).toEqual([{ ...open, title: 'Fix the login timeout on mobile', status: 'New', excerpt: expect.stringMatching(/^Sessions on mobile end after a minute\./) }]);
    expect((fake.requests.find((request) => request.operation === WIQL && /Title/.test(JSON.stringify(request.body)))!.body as { query: string }).query).toBe(
      "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.WorkItemType] = 'Task' AND [System.State] NOT IN ('Closed') AND ([System.Title] CONTAINS 'login' OR [System.Title] CONTAINS 'timeout') ORDER BY [System.ChangedDate] DESC",
    );
  });

  it('keeps hostile titles as words: quotes and WIQL never reach the query as syntax', async () => {
    await azureTracker.create(sampleTicket({ title: 'Secret' }), context());
    for (const words of [["' OR 1=1"], ["] OR [System.Id] > 0 --"], ["O'Brien's", 'NOT', 'IN']]) {
      await expect(azureTracker.search!(query(words), context())).resolves.toEqual([]);
    }
    expect(searchWiql('Task', [], ["it's"])).toContain("[System.Title] CONTAINS 'its'");
    expect(searchWiql('Task', [], ["'", '[]'])).toBeNull();
  });

  it('says in words when Azure DevOps refuses the query (400)', async () => {
    fake.routes[WIQL] = () => azureError(400, 'TF51005: The query references a field that does not exist.', 'QueryException');
    const refused = await azureTracker.search!(query(['login']), context()).catch((error: unknown) => error);
    expect(isTrackerError(refused) && refused.kind).toBe('validation');
    expect((refused as Error).message).toBe(`Azure DevOps could not search the project '${PROJECT}' with these words: TF51005: The query references a field that does not exist.`);
  });
});

describe('azure tracker: comment', () => {
  it('posts the meeting\'s words as HTML with the ticket\'s marker once (comments API 7.1-preview.4)', async () => {
    const item = await azureTracker.create(sampleTicket(), context());
    expect(await azureTracker.comment!(item, comment, context())).toBe('commented');
    expect(await azureTracker.comment!(item, comment, context())).toBe('commented');
    const posted = state.comments.get(Number(item.externalId))!;
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toBe(`<p>Raised again in “Weekly sync”: Fix the login timeout</p><blockquote>Sessions &lt;still&gt; end after a minute &amp; more.</blockquote><p><em>Pushed from Tickscribe (tickscribe-${comment.ticketId})</em></p>`);
  });
});
