/**
 * Jira's limits, each shown twice: the stand-in refuses what Jira refuses (as jira-fake.ts cites its sources), and
 * the plugin keeps within it, saying on the item what it cut or left out.
 */
import { describe, expect, it } from 'vitest';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerError, TrackerHttpResponse } from '../../plugins/sdk/index.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { basic } from './stand-in.ts';
import { jiraRateLimited, useJiraFake } from './jira-fake.ts';

const CREATE = 'POST /rest/api/3/issue';
const SEARCH = 'POST /rest/api/3/search/jql';

const jira = useJiraFake();

/** Sends a request to the stand-in as Jira's own client would, with the connection's credentials unless given. */
function call(method: 'GET' | 'POST', path: string, body?: unknown, token = jira.settings.credentials.apiToken): Promise<TrackerHttpResponse> {
  return fetchHttp({
    method, url: `${jira.fake.url}${path}`,
    headers: { accept: 'application/json', authorization: basic(jira.settings.credentials.username, token) },
    ...(body === undefined ? {} : { body }),
  });
}

const issue = (fields: Record<string, unknown>) => ({ fields: { project: { key: 'PROJ' }, issuetype: { id: '10001' }, summary: 'Rotate the keys', ...fields } });
const sentFields = (index = 0) => (jira.requests(CREATE)[index]!.body as { fields: Record<string, unknown> }).fields;
const adfText = (value: unknown) => JSON.stringify(value);
const withoutOnScreen = (...ids: string[]) => (jira.state.screen = jira.state.screen.filter((field) => !ids.includes(field.fieldId)));
const longTitle = `Agree ${'the session policy with security and '.repeat(8)}ship the fix`;

describe('a summary over 255 characters', () => {
  it('the stand-in refuses, as Jira does', async () => {
    const refused = await call('POST', '/rest/api/3/issue', issue({ summary: 'x'.repeat(256) }));
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ errorMessages: [], errors: { summary: 'Summary must be less than 255 characters.' } });
    expect((await call('POST', '/rest/api/3/issue', issue({ summary: 'x'.repeat(255) }))).status).toBe(201);
  });

  it('the plugin cuts at a word, keeps the whole title at the top of the description, and says so', async () => {
    expect(longTitle.length).toBeGreaterThan(300);
    const item = await jiraTracker.create(sampleTicket({ title: longTitle }), jira.context());
    expect(item.notices).toEqual(["Title cut to 255 characters, Jira's limit; the full title is at the top of the description."]);
    const { summary, description } = sentFields() as { summary: string; description: { content: unknown[] } };
    expect(summary.length).toBeLessThanOrEqual(255);
    const kept = summary.slice(0, -1);
    expect(summary.endsWith('…') && longTitle.startsWith(kept) && longTitle.charAt(kept.length) === ' ').toBe(true);
    expect(description.content.slice(0, 2)).toEqual([
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Full title' }] },
      { type: 'paragraph', content: [{ type: 'text', text: longTitle }] },
    ]);
  });
});

describe("fields missing from the project's create screen", () => {
  it('the stand-in refuses a field off the screen and an empty required one, in Jira\'s words', async () => {
    withoutOnScreen('duedate');
    jira.state.screen.push({ fieldId: 'customfield_10040', name: 'Requestor', type: 'string', required: true });
    const refused = await call('POST', '/rest/api/3/issue', issue({ duedate: '2026-12-04' }));
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      errorMessages: [],
      errors: { duedate: "Field 'duedate' cannot be set. It is not on the appropriate screen, or unknown.", customfield_10040: 'Requestor is required.' },
    });
    const meta = await call('GET', '/rest/api/3/issue/createmeta/PROJ/issuetypes/10001');
    expect((meta.json as { fields: { fieldId: string }[] }).fields.map((field) => field.fieldId)).not.toContain('duedate');
  });

  it('the plugin sends only what the screen has, writes the rest into the description and names it', async () => {
    withoutOnScreen('duedate', 'labels', 'assignee', 'priority');
    const ticket = sampleTicket({ assignee: { id: '5b10a2844c20165700ede21g', name: 'Grace Hopper' } });
    const item = await jiraTracker.create(ticket, jira.context());

    expect(Object.keys(sentFields()).sort()).toEqual(['description', 'issuetype', 'project', 'summary']);
    expect(item.notices).toEqual(["Left out, not on the project's create screen in Jira: due date, assignee, labels, priority. They are at the end of the description."]);
    expect(adfText(sentFields().description)).toContain('"text":"Details"');
    for (const fact of ['Due: 2026-12-04', 'Assignee: Grace Hopper', 'Tags: mobile, login flow', 'Priority: High']) expect(adfText(sentFields().description)).toContain(fact);
    expect(jira.state.issues).toHaveLength(1);
  });

  it('the plugin names only what the ticket had: nothing when it had no due date and no tags', async () => {
    withoutOnScreen('duedate', 'labels');
    const item = await jiraTracker.create(sampleTicket({ dueDate: null, tags: [] }), jira.context());
    expect(item.notices).toBeUndefined();
  });

  it('the plugin refuses a required field it cannot fill, naming it, before anything is created', async () => {
    jira.state.screen.push({ fieldId: 'customfield_10040', name: 'Requestor', type: 'string', required: true });
    jira.state.screen.push({ fieldId: 'customfield_10041', name: 'Team', type: 'option', required: true, hasDefaultValue: true });
    await expect(jiraTracker.create(sampleTicket(), jira.context())).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^Jira requires a field Tickscribe cannot fill to create a Task in PROJ: Requestor\. .*Nothing was created\.$/),
      fields: { customfield_10040: 'Requestor is required.' },
    });
    expect(jira.requests(CREATE)).toEqual([]);
  });

  it('the plugin reads the priorities from the create screen, not the deprecated priority search', async () => {
    await jiraTracker.create(sampleTicket({ priority: 'Medium' }), jira.context());
    expect(sentFields().priority).toEqual({ id: '3' });
    expect(jira.requests('GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes/{issueTypeId}')[0]!.params).toEqual({ projectIdOrKey: 'PROJ', issueTypeId: '10001' });
    expect(jira.requests('GET /rest/api/3/priority/search')).toEqual([]);
  });
});

describe('scoped API tokens', () => {
  const scoped = 'ATSTT3xScoped-token';
  const scopedContext = () => {
    jira.state.scopedTokens.push(scoped);
    const context = jira.context();
    return { ...context, settings: { ...context.settings, credentials: { ...jira.settings.credentials, apiToken: scoped } } };
  };

  it('the stand-in refuses a scoped token at the site and takes it through the gateway, as Atlassian does', async () => {
    jira.state.scopedTokens.push(scoped);
    expect((await call('GET', '/rest/api/3/myself', undefined, scoped)).status).toBe(401);
    expect((await fetchHttp({ method: 'GET', url: `${jira.fake.url}/_edge/tenant_info` })).json).toEqual({ cloudId: jira.state.cloudId });
    expect((await call('GET', `/ex/jira/${jira.state.cloudId}/rest/api/3/myself`, undefined, scoped)).status).toBe(200);
    expect((await call('GET', `/ex/jira/${jira.state.cloudId}/rest/api/3/myself`)).status).toBe(401);
  });

  it('the plugin finds the gateway, says which kind of token it is, and keeps links on the site', async () => {
    const context = scopedContext();
    expect(await jiraTracker.verify(context)).toEqual({
      account: "Ada Lovelace, with a scoped API token, through Atlassian's API gateway", target: 'PROJ (Web Platform)',
    });
    const item = await jiraTracker.create(sampleTicket(), context);
    expect(item.url).toBe(`${jira.fake.url}/browse/PROJ-1`);
    expect(jira.state.issues).toHaveLength(1);
  });

  it('the plugin says both were tried when neither takes the token', async () => {
    const context = jira.context();
    const refused = { ...context, settings: { ...context.settings, credentials: { ...jira.settings.credentials, apiToken: 'nobody' } } };
    jira.state.scopedTokens.push('somebody-else');
    jira.fake.routes['GET /rest/api/3/myself'] = () => ({ status: 401, body: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} } });
    await expect(jiraTracker.verify(refused)).rejects.toMatchObject({ kind: 'auth', message: expect.stringMatching(/both at the site .* and through Atlassian's API gateway/) });
  });
});

describe('project permissions', () => {
  it('the stand-in answers Get my permissions, and refuses it without the permissions parameter', async () => {
    jira.state.permissions = { LINK_ISSUES: false };
    const answer = await call('GET', '/rest/api/3/mypermissions?projectKey=PROJ&permissions=CREATE_ISSUES,LINK_ISSUES');
    expect(answer.json).toMatchObject({ permissions: { CREATE_ISSUES: { havePermission: true }, LINK_ISSUES: { havePermission: false } } });
    expect((await call('GET', '/rest/api/3/mypermissions?projectKey=PROJ')).status).toBe(400);
    // The request without `permissions` breaks the contract (tests/contracts/jira.supplement.openapi.json): reported.
    expect(jira.fake.violations).toEqual(["GET /rest/api/3/mypermissions: query parameter 'permissions' is required"]);
    jira.fake.violations.length = 0;
  });

  it('the contract check reports a mypermissions request without credentials, and the plugin sends none such', async () => {
    await fetchHttp({ method: 'GET', url: `${jira.fake.url}/rest/api/3/mypermissions?permissions=CREATE_ISSUES`, headers: { accept: 'application/json' } });
    expect(jira.fake.violations).toEqual([expect.stringMatching(/^GET \/rest\/api\/3\/mypermissions: credentials not sent as the contract's security requires/)]);
    jira.fake.violations.length = 0;
    await jiraTracker.verify(jira.context());
    expect(jira.requests('GET /rest/api/3/mypermissions').at(-1)!.headers.authorization).toMatch(/^Basic /);
  });

  it('verify refuses an account that may not create issues', async () => {
    jira.state.permissions = { CREATE_ISSUES: false };
    await expect(jiraTracker.verify(jira.context())).rejects.toMatchObject({
      kind: 'forbidden', message: expect.stringContaining("may not create issues in project PROJ: it lacks Jira's Create issues permission"),
    });
  });

  it('verify says in words what a push will not do without Link, Transition or Assign issues', async () => {
    jira.state.permissions = { LINK_ISSUES: false, TRANSITION_ISSUES: false, ASSIGN_ISSUES: false };
    const { target } = await jiraTracker.verify(jira.context());
    expect(target).toBe([
      'PROJ (Web Platform)',
      "Without Jira's Link issues permission there, dependencies are written into the descriptions instead of linked",
      "Without Jira's Transition issues permission there, tickets in progress or done stay in the workflow's first status",
      "Without Jira's Assign issues permission there, issues are created unassigned",
    ].join('. '));
  });
});

describe('rate limits', () => {
  it('waits until X-RateLimit-Reset, an ISO 8601 time, when there is no Retry-After', async () => {
    const reset = new Date(Date.now() + 10 * 60_000);
    jira.fake.routes[CREATE] = () => jiraRateLimited(null, reset);
    const error = (await jiraTracker.create(sampleTicket(), jira.context()).catch((caught: unknown) => caught)) as TrackerError;
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.retryAt).toBe(`${reset.toISOString().slice(0, 16)}:00.000Z`);
  });

  it('takes Retry-After first', async () => {
    jira.fake.routes[CREATE] = () => jiraRateLimited(30, new Date(Date.now() + 10 * 60_000));
    const before = Date.now();
    const error = (await jiraTracker.create(sampleTicket(), jira.context()).catch((caught: unknown) => caught)) as TrackerError;
    const wait = Date.parse(error.retryAt!) - before;
    expect(wait).toBeGreaterThanOrEqual(29_000);
    expect(wait).toBeLessThanOrEqual(31_000);
  });
});

describe('the search lag', () => {
  it('the stand-in hides a new issue from search/jql unless it is reconciled, as Atlassian documents', async () => {
    const created = await call('POST', '/rest/api/3/issue', issue({ labels: ['marked'] }));
    const id = Number((created.json as { id: string }).id);
    const jql = 'project = "PROJ" AND labels = "marked"';
    expect((await call('POST', '/rest/api/3/search/jql', { jql })).json).toMatchObject({ issues: [] });
    expect((await call('POST', '/rest/api/3/search/jql', { jql, reconcileIssues: [id] })).json).toMatchObject({ issues: [{ id: String(id) }] });
    jira.state.searchLagMs = 0;
    expect((await call('POST', '/rest/api/3/search/jql', { jql })).json).toMatchObject({ issues: [{ id: String(id) }] });
  });

  it('the plugin finds an issue the search cannot see yet, so a retry does not create it twice', async () => {
    jira.state.searchLagMs = 0;
    await jiraTracker.create(sampleTicket(), jira.context());
    jira.state.searchLagMs = 60_000;
    const ticket = sampleTicket();
    const item = await jiraTracker.create(ticket, jira.context());
    await jiraTracker.create(sampleTicket(), jira.context());

    expect(await jiraTracker.findByMarker(ticket.id, jira.context())).toEqual(item);
    expect(await jiraTracker.findByMarker('never-pushed', jira.context())).toBeNull();
    expect(jira.requests(SEARCH).map((request) => (request.body as { jql: string }).jql)).toEqual([
      `project = "PROJ" AND labels = "tickscribe-${ticket.id}" ORDER BY created DESC`,
      'project = "PROJ" ORDER BY created DESC',
      'project = "PROJ" AND labels = "tickscribe-never-pushed" ORDER BY created DESC',
      'project = "PROJ" ORDER BY created DESC',
    ]);
  });

  it('the plugin finds it by the issue property when the create screen has no labels', async () => {
    withoutOnScreen('labels');
    const ticket = sampleTicket();
    const { notices: _said, ...item } = await jiraTracker.create(ticket, jira.context());
    expect(sentFields().labels).toBeUndefined();
    expect(await jiraTracker.findByMarker(ticket.id, jira.context())).toEqual(item);
  });
});
