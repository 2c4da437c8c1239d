// A ticket follows its Jira issue and its Azure DevOps work item through each tracker's webhook, and a status set in
// Tickscribe reaches them: the real API, worker, Temporal and PostgreSQL, the Jira stand-in posting signed
// `jira:issue_updated` deliveries (X-Hub-Signature) and the Azure DevOps stand-in posting `workitem.updated` ones with
// the service hook's Basic authentication, each to its connection's webhook address. The status poll is set an hour
// apart here, so every change seen is the webhook's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerOf } from '../../plugins/sdk/index.ts';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { azureRoutes, ORGANIZATION, PAT_AS_BASIC, PROJECT } from '../trackers/azure-fake.ts';
import { startJiraFake, type JiraFake } from '../trackers/jira-fake.ts';
import type { Json } from './connections-support.ts';
import { createTickets, pushAndWait, usePushApp } from './push-support.ts';

let jira: JiraFake;
let azureFake: VendorFake;
const azure = azureRoutes(() => azureFake);
beforeAll(async () => {
  jira = await startJiraFake();
  azureFake = await startVendorFake('azure-devops', azure.routes);
});
const { t, api } = usePushApp({ TRACKER_STATUS_POLL_SECONDS: '3600' });
afterAll(async () => {
  expect(jira.fake.violations).toEqual([]);
  expect(azureFake.violations.filter((violation) => !PAT_AS_BASIC.test(violation))).toEqual([]);
  await jira?.fake.close();
  await azureFake?.close();
});

const hookPath = (id: string) => `/api/trackers/${id}/webhook`;
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${t.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));
const waitFor = async (check: () => Promise<boolean> | boolean, what: string) => {
  for (const until = Date.now() + 30_000; !(await check());) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

let ids: Record<string, string>;
const ticket = async (title: string) => ((await api('GET', `/api/tickets/${ids[title]!}`)).body['ticket'] as Json);
const statusEvents = async (title: string) => {
  const answer = await api('GET', `/api/tickets/${ids[title]!}/events?kind=status`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body['events'] as (Json & { data: Json })[]);
};

/** Saves a connection serving the Tickscribe project `project`, pushes its tickets, and makes its webhook secret. */
async function connect(connection: Json, project: string, titles: string[]): Promise<{ id: string; secret: string; made: Json }> {
  const saved = await api('POST', '/api/connections', { ...connection, settings: { ...(connection['settings'] as Json), projectMappings: [project], userMappings: {} } });
  expect(saved.status, saved.text).toBe(201);
  const id = String((saved.body['connection'] as Json)['id']);
  const made = await createTickets(api, titles.map((title) => ({ title })), project);
  ids = { ...ids, ...made };
  const result = await pushAndWait(api, id, { ticketIds: Object.values(made) });
  expect(result['successfulPushes'], JSON.stringify(result)).toBe(titles.length);
  const secret = await api('POST', `/api/connections/${id}/webhook-secret`);
  expect(secret.status, secret.text).toBe(201);
  expect(secret.body['url']).toMatch(new RegExp(`${hookPath(id)}$`));
  return { id, secret: String(secret.body['secret']), made: secret.body };
}

describe('a Jira connection', () => {
  let connectionId: string;
  let secret: string;
  const issueOf = (title: string) => jira.state.issues.find((issue) => (issue.fields['labels'] as string[]).includes(markerOf(ids[title]!)))!;

  beforeAll(async () => {
    const made = await connect({
      name: 'Jira PROJ', project_identifier: 'PROJ', connection_type: 'jira', credentials: { jira: jira.settings.credentials }, settings: {},
    }, 'Jira work', ['Done in Jira', 'Forged in Jira', 'Set in Tickscribe for Jira']);
    ({ id: connectionId, secret } = made);
    expect(String(made.made['instructions'])).toMatch(/System, then WebHooks/);
    jira.state.webhook = { url: `${t.base}${hookPath(connectionId)}`, secret };
  });

  it("shows how its tickets follow their issues, in Jira's words, and that a secret is set, never the secret", async () => {
    const listed = await api('GET', '/api/connections');
    const connection = (listed.body['connections'] as Json[]).find((candidate) => candidate['id'] === connectionId)!;
    expect(connection['statusFollowing']).toMatchObject({ poll: true, pushBack: true, webhook: { secretSet: true, instructions: expect.stringMatching(/Issue: updated/) as unknown } });
    expect(JSON.stringify(connection['statusFollowing'])).not.toMatch(/GitHub|Payload URL/);
    expect(listed.text).not.toContain(secret);
  });

  it('closes the ticket on a signed delivery of the issue moved to Done, a move back to In Progress reopens it as In Progress, and one to To Do follows', async () => {
    const issue = issueOf('Done in Jira');
    const done = await jira.transitionAsUser(issue.key, 'Done');
    expect(done!.status, done!.answer).toBe(200);
    expect(JSON.parse(done!.answer)).toEqual({ received: true, outcome: 'applied', tickets: 1 });
    expect(await ticket('Done in Jira')).toMatchObject({ status: 'Done' });
    expect((await statusEvents('Done in Jira'))[0]).toMatchObject({
      kind: 'status', actor: null,
      data: {
        status: 'Done', previous: 'ToDo', source: 'webhook', connectionId, connectionName: 'Jira PROJ', tracker: 'jira', trackerName: 'Jira',
        key: issue.key, url: `${jira.fake.url}/browse/${issue.key}`,
      },
    });
    const again = await jira.transitionAsUser(issue.key, 'In Progress');
    expect(JSON.parse(again!.answer)).toMatchObject({ outcome: 'applied' });
    expect(await ticket('Done in Jira')).toMatchObject({ status: 'InProgress' });
    // Jira tells To Do from In Progress itself, so an open ticket follows a move between them too.
    const back = await jira.transitionAsUser(issue.key, 'To Do');
    expect(JSON.parse(back!.answer)).toMatchObject({ outcome: 'applied' });
    expect(await ticket('Done in Jira')).toMatchObject({ status: 'ToDo' });
    expect((await statusEvents('Done in Jira'))[0]).toMatchObject({ data: { status: 'ToDo', previous: 'InProgress', source: 'webhook' } });
  });

  it('refuses a delivery without a signature or signed with another secret, in words, and ignores other events', async () => {
    const issue = issueOf('Forged in Jira');
    const payload = { webhookEvent: 'jira:issue_updated', issue: jira.issueJson({ ...issue, status: 'Done', category: 'done' }), changelog: { items: [{ field: 'status' }] } };
    const forged = await jira.deliver(payload, 'not the secret');
    const unsigned = await post(hookPath(connectionId), JSON.stringify(payload));
    for (const refusal of [{ status: forged.status, body: JSON.parse(forged.answer) as Json }, unsigned]) {
      expect(refusal).toEqual({ status: 401, body: { error: expect.stringMatching(/^The webhook signature is missing or does not match/) as unknown } });
    }
    const comment = await jira.deliver({ ...payload, webhookEvent: 'comment_created' });
    expect(JSON.parse(comment.answer)).toEqual({ received: true, outcome: 'ignored', tickets: 0 });
    expect(await ticket('Forged in Jira')).toMatchObject({ status: 'ToDo' });
    expect(await statusEvents('Forged in Jira')).toEqual([]);
  });

  it('moves the issue along its workflow when a status is set in Tickscribe; the delivery that follows changes nothing', async () => {
    const edited = await api('PUT', `/api/tickets/${ids['Set in Tickscribe for Jira']!}`, { status: 'Done' });
    expect(edited.status, edited.text).toBe(200);
    await waitFor(async () => (await statusEvents('Set in Tickscribe for Jira')).length === 1, 'the status to reach Jira');
    const issue = issueOf('Set in Tickscribe for Jira');
    expect(issue).toMatchObject({ status: 'Done', category: 'done' });
    expect((await statusEvents('Set in Tickscribe for Jira'))[0]).toMatchObject({ data: { status: 'Done', source: 'tickscribe', key: issue.key, trackerName: 'Jira' } });
    const echo = await jira.transitionAsUser(issue.key, 'Done');
    expect(JSON.parse(echo!.answer)).toMatchObject({ outcome: 'unchanged' });
  });
});

describe('an Azure DevOps connection', () => {
  let connectionId: string;
  let secret: string;
  const workItemOf = (title: string) => [...azure.items.values()].find((item) => String(item.fields['System.Tags']).split('; ').includes(markerOf(ids[title]!)))!;

  beforeAll(async () => {
    const made = await connect({
      name: 'Fabrikam', project_identifier: PROJECT, connection_type: 'azure',
      credentials: { azure: { organization: ORGANIZATION, pat: 'pat-secret' } }, settings: { baseUrl: azureFake.url, workItemType: 'Task' },
    }, 'Azure work', ['Closed in Azure', 'Wrong password', 'Set in Tickscribe for Azure']);
    ({ id: connectionId, secret } = made);
    expect(String(made.made['instructions'])).toMatch(/Service hooks/);
    azure.webhook.current = { url: `${t.base}${hookPath(connectionId)}`, username: 'tickscribe', password: secret };
  });

  it('closes the ticket on a delivery with the right password, and a work item made active again reopens it as In Progress', async () => {
    const item = workItemOf('Closed in Azure');
    const closed = await azure.changeStateAsUser(item.id, 'Closed');
    expect(closed!.status, closed!.answer).toBe(200);
    expect(JSON.parse(closed!.answer)).toEqual({ received: true, outcome: 'applied', tickets: 1 });
    expect(await ticket('Closed in Azure')).toMatchObject({ status: 'Done' });
    expect((await statusEvents('Closed in Azure'))[0]).toMatchObject({
      data: { status: 'Done', previous: 'ToDo', source: 'webhook', tracker: 'azure', trackerName: 'Azure DevOps', key: `Task ${item.id}` },
    });
    const active = await azure.changeStateAsUser(item.id, 'Active');
    expect(JSON.parse(active!.answer)).toMatchObject({ outcome: 'applied' });
    expect(await ticket('Closed in Azure')).toMatchObject({ status: 'InProgress' });
    // A state of the project's own making is left to the poll.
    const custom = await azure.changeStateAsUser(item.id, 'CustomState');
    expect(JSON.parse(custom!.answer)).toEqual({ received: true, outcome: 'ignored', tickets: 0 });
  });

  it('refuses a delivery with a wrong password or none, saying so in words, and changes nothing', async () => {
    const item = workItemOf('Wrong password');
    azure.items.get(item.id)!.fields['System.State'] = 'Closed';
    const event = azure.updatedEvent(item.id, 'New');
    const refusals = [
      await azure.deliver(event, { username: 'tickscribe', password: 'guess' }),
      await azure.deliver(event, null),
      await azure.deliver(event, { username: 'tickscribe', password: `${secret}x` }),
    ];
    for (const refusal of refusals) {
      expect({ status: refusal.status, body: JSON.parse(refusal.answer) as Json })
        .toEqual({ status: 401, body: { error: expect.stringMatching(/^The delivery's Basic authentication password is missing or does not match/) as unknown } });
    }
    expect(await ticket('Wrong password')).toMatchObject({ status: 'ToDo' });
    expect(await statusEvents('Wrong password')).toEqual([]);
    const wrongType = await post(hookPath(connectionId), '{"eventType":"workitem.updated"', { authorization: `Basic ${Buffer.from(`tickscribe:${secret}`).toString('base64')}` });
    expect(wrongType).toEqual({ status: 400, body: { error: 'The request body is not valid JSON.' } });
  });

  it('sets the work item to a completed state when a status is set in Tickscribe', async () => {
    const edited = await api('PUT', `/api/tickets/${ids['Set in Tickscribe for Azure']!}`, { status: 'Done' });
    expect(edited.status, edited.text).toBe(200);
    await waitFor(async () => (await statusEvents('Set in Tickscribe for Azure')).length === 1, 'the status to reach Azure DevOps');
    const item = workItemOf('Set in Tickscribe for Azure');
    expect(item.fields['System.State']).toBe('Closed');
    expect((await statusEvents('Set in Tickscribe for Azure'))[0]).toMatchObject({ data: { status: 'Done', source: 'tickscribe', key: `Task ${item.id}` } });
    const patch = azureFake.requests.filter((request) => request.operation === 'PATCH /{organization}/{project}/_apis/wit/workitems/{id}').at(-1)!;
    expect(patch.headers['content-type']).toBe('application/json-patch+json');
    expect(patch.body).toEqual([{ op: 'add', path: '/fields/System.State', value: 'Closed' }]);
  });
});
