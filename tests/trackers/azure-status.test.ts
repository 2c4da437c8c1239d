// The azure tracker's status follow-through against the Azure DevOps stand-in: a work item's state read back by its
// category among its type's states, a status written as System.State (JSON Patch) to the type's first state of the
// wanted category ('unsupported' when the type has none), and the Web Hooks service hook verified (the secret as the
// Basic authentication password) and read (workitem.updated changing System.State; everything else ignored).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerContext } from '../../plugins/sdk/index.ts';
import { azureTracker } from '../../plugins/trackers/azure/index.ts';
import { forgetStates, verifyAzurePassword } from '../../plugins/trackers/azure/status.ts';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { azureRoutes, PAT_AS_BASIC, PROJECT } from './azure-fake.ts';
import { startReceiver } from './webhook-receiver.ts';

const SECRET = '9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203f4e5d6c7b8a9';
const PATCH = 'PATCH /{organization}/{project}/_apis/wit/workitems/{id}';
const STATES = 'GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/states';

let fake: VendorFake;
let azure: ReturnType<typeof azureRoutes>;
const settings = () => ({ config: { projectIdentifier: PROJECT, workItemType: 'Task', baseUrl: fake.url }, credentials: { organization: 'fabrikam', pat: 'pat-secret' } });
const context = (): TrackerContext => ({ settings: settings(), http: fetchHttp });
const sent = (operation: string) => fake.requests.filter((request) => request.operation === operation);
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

beforeEach(async () => {
  forgetStates();
  azure = azureRoutes(() => fake);
  fake = await startVendorFake('azure-devops', azure.routes);
});
afterEach(async () => {
  expect(fake.violations.filter((violation) => !PAT_AS_BASIC.test(violation))).toEqual([]);
  await fake.close();
});

describe('azure itemStatus and setStatus', () => {
  it('reads a work item by its state category: Proposed as To Do, In Progress and Resolved as In Progress, Completed as Done; a missing one as gone', async () => {
    const item = await azureTracker.create(sampleTicket(), context());
    const read = () => azureTracker.itemStatus!(item, context());
    expect(await read()).toEqual({ state: 'open', status: 'ToDo', exact: true });
    for (const [state, expected] of [['Active', 'InProgress'], ['CustomState', 'InProgress'], ['Resolved', 'InProgress']] as const) {
      await azure.changeStateAsUser(1, state);
      expect(await read()).toEqual({ state: 'open', status: expected, exact: true });
    }
    await azure.changeStateAsUser(1, 'Closed');
    expect(await read()).toEqual({ state: 'closed', status: 'Done' });
    expect(sent('GET /{organization}/{project}/_apis/wit/workitems/{id}').at(-1)!.query.get('fields')).toBe('System.State,System.WorkItemType');
    // The type's states are read once for a round of reads, not for every work item.
    expect(sent(STATES)).toHaveLength(1);
    expect(await azureTracker.itemStatus!({ ...item, externalId: '404', key: 'Task 404' }, context())).toBeNull();
  });

  it('says in words when a state belongs to no category the type lists', async () => {
    const item = await azureTracker.create(sampleTicket(), context());
    azure.items.get(1)!.fields['System.State'] = 'Parked';
    await expect(azureTracker.itemStatus!(item, context())).rejects.toMatchObject({
      kind: 'transient', message: "Azure DevOps did not say which state category the state 'Parked' of Task 1 (a Task) belongs to.",
    });
  });

  it('sets System.State by JSON Patch to the first state of the wanted category, and writes nothing it has already', async () => {
    const item = await azureTracker.create(sampleTicket(), context());
    expect(await azureTracker.setStatus!(item, 'Done', context())).toBe('updated');
    expect(await azureTracker.setStatus!(item, 'Done', context())).toBe('updated');
    const [patch] = sent(PATCH);
    expect(patch!.headers['content-type']).toBe('application/json-patch+json');
    expect(patch!.body).toEqual([{ op: 'add', path: '/fields/System.State', value: 'Closed' }]);
    expect(await azureTracker.setStatus!(item, 'InProgress', context())).toBe('updated');
    expect(await azureTracker.setStatus!(item, 'ToDo', context())).toBe('updated');
    expect(sent(PATCH).map((request) => (request.body as { value: unknown }[])[0]!.value)).toEqual(['Closed', 'Active', 'New']);
    // Resolved is in progress already.
    await azure.changeStateAsUser(1, 'Resolved');
    expect(await azureTracker.setStatus!(item, 'InProgress', context())).toBe('updated');
    expect(sent(PATCH)).toHaveLength(3);
  });

  it("answers 'unsupported' when the type has no state of the category, and says in words when the work item is gone", async () => {
    const item = await azureTracker.create(sampleTicket(), context());
    azure.states.splice(azure.states.findIndex((state) => state.category === 'Completed'), 1);
    expect(await azureTracker.setStatus!(item, 'Done', context())).toBe('unsupported');
    expect(sent(PATCH)).toEqual([]);
    await expect(azureTracker.setStatus!({ ...item, externalId: '404', key: 'Task 404' }, 'Done', context()))
      .rejects.toMatchObject({ kind: 'not_found', message: expect.stringMatching(/^Azure DevOps has no work item 404 in the project/) as unknown });
  });

  it('says in words which state Azure DevOps refused (TF401320)', async () => {
    const item = await azureTracker.create(sampleTicket(), context());
    // The states read a moment ago name one the type has since lost.
    await azureTracker.itemStatus!(item, context());
    azure.states.splice(azure.states.findIndex((state) => state.name === 'Closed'), 1);
    await expect(azureTracker.setStatus!(item, 'Done', context())).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^Azure DevOps refused to move Task 1 to the state 'Closed': TF401320: Rule Error for field State/) as unknown,
    });
  });
});

describe('azure webhook', () => {
  const webhook = azureTracker.webhook!;

  it('takes the secret as the Basic authentication password (any user name), and refuses a missing, wrong or malformed one', () => {
    const request = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } as Record<string, string>, body: '{}' });
    expect(verifyAzurePassword(request(basic('tickscribe', SECRET)), SECRET)).toBe(true);
    expect(webhook.verify(request(basic('someone', SECRET)), SECRET)).toBe(true);
    expect(webhook.verify(request(basic('tickscribe', `${SECRET} `)), SECRET)).toBe(false);
    expect(webhook.verify(request(basic('tickscribe', 'guess')), SECRET)).toBe(false);
    expect(webhook.verify(request(basic(SECRET, '')), SECRET)).toBe(false);
    expect(webhook.verify(request(), SECRET)).toBe(false);
    expect(webhook.verify(request(`Bearer ${SECRET}`), SECRET)).toBe(false);
    expect(webhook.verify(request(`Basic ${Buffer.from(SECRET).toString('base64')}`), SECRET)).toBe(false);
    expect(webhook.verify(request('Basic %%%'), SECRET)).toBe(false);
    expect(webhook.verify(request(basic('tickscribe', '')), '')).toBe(false);
  });

  it('reads the deliveries the stand-in posts; ignores other fields, events, projects, custom states and the Test sample', async () => {
    const receiver = await startReceiver({ path: '/hook' });
    try {
      azure.webhook.current = { url: receiver.url, username: 'tickscribe', password: SECRET };
      const item = await azureTracker.create(sampleTicket(), context());
      await azure.changeStateAsUser(1, 'Active');
      await azure.changeStateAsUser(1, 'Closed');
      await azure.changeStateAsUser(1, 'New');
      const read = receiver.deliveries.map((delivery) => {
        const headers = delivery.headers as Record<string, string>;
        expect(webhook.verify({ headers, body: delivery.raw }, SECRET)).toBe(true);
        return webhook.parse({ headers, body: JSON.parse(delivery.raw) }, { settings: settings() });
      });
      expect(read).toEqual([
        { kind: 'status', itemId: item.externalId, state: 'open', status: 'InProgress', exact: true },
        { kind: 'status', itemId: item.externalId, state: 'closed', status: 'Done' },
        { kind: 'status', itemId: item.externalId, state: 'open', status: 'ToDo', exact: true },
      ]);

      type Event = { resource: { fields: Record<string, unknown>; revision: { fields: Record<string, unknown> } } };
      const event = JSON.parse(receiver.deliveries[1]!.raw) as Event;
      const parse = (body: unknown) => webhook.parse({ headers: {}, body }, { settings: settings() });
      const withResource = (resource: object) => ({ ...event, resource: { ...event.resource, ...resource } });
      expect(parse({ ...event, eventType: 'workitem.commented' })).toBeNull();
      expect(parse(withResource({ fields: { 'System.Title': { oldValue: 'a', newValue: 'b' } } }))).toBeNull();
      expect(parse(withResource({ revision: { ...event.resource.revision, fields: { 'System.TeamProject': 'Other' } } }))).toBeNull();
      expect(parse(withResource({ fields: { 'System.State': { oldValue: 'Active', newValue: 'CustomState' } } }))).toBeNull();
      // Microsoft's sample, as a subscription's Test sends it: workItemId 0, the work item in revision.id, another project.
      const sample = withResource({ workItemId: 0, fields: { 'System.State': { oldValue: 'New', newValue: 'Approved' } }, revision: { id: 5, rev: 2, fields: { 'System.TeamProject': 'FabrikamCloud' } } });
      expect(parse(sample)).toBeNull();
      expect(parse({ ...sample, resource: { ...sample.resource, revision: { id: 5, fields: { 'System.TeamProject': PROJECT } } } }))
        .toEqual({ kind: 'status', itemId: '5', state: 'open', status: 'ToDo', exact: true });
      expect(() => parse(null)).toThrow(/JSON object/);
    } finally {
      await receiver.close();
    }
  });

  it('says where to register it in Azure DevOps, with the Basic authentication it is verified by', () => {
    expect(webhook.instructions).toMatch(/Project settings, then Service hooks/);
    expect(webhook.instructions).toMatch(/Web Hooks/);
    expect(webhook.instructions).toMatch(/Work item updated/);
    expect(webhook.instructions).toMatch(/user name tickscribe and the secret as the password under Basic authentication/);
    expect(webhook.instructions).not.toMatch(/GitHub|content type|signs each/i);
  });

  it("passes the host's checks: a wrong password is refused, a delivery read is a valid status", async () => {
    const host = await PluginHost.load({ builtins: [azureTracker] });
    expect(host.statusSupport('azure')).toEqual({ itemStatus: true, setStatus: true, webhook: true });
    expect(host.verifyTrackerWebhook('azure', { headers: { authorization: basic('tickscribe', 'wrong') }, body: '{}' }, SECRET)).toBe(false);
    expect(host.verifyTrackerWebhook('azure', { headers: { authorization: basic('tickscribe', SECRET) }, body: '{}' }, SECRET)).toBe(true);
    const body = { eventType: 'workitem.updated', resource: { workItemId: 7, fields: { 'System.State': { oldValue: 'Active', newValue: 'Closed' } } } };
    expect(host.parseTrackerWebhook('azure', { headers: {}, body }, settings())).toEqual({ kind: 'status', itemId: '7', state: 'closed', status: 'Done' });
    expect(() => host.parseTrackerWebhook('azure', { headers: {}, body: 'text' }, settings()))
      .toThrow('The Azure DevOps webhook delivery could not be read: an Azure DevOps delivery must be a JSON object.');
    expect(host.webhookRefusal('azure')).toMatch(/^The delivery's Basic authentication password is missing or does not match/);

    const odd = { ...azureTracker, manifest: { ...azureTracker.manifest, id: 'odd-refusal' }, webhook: { ...azureTracker.webhook!, refused: ' ' } };
    const refused = await PluginHost.load({ builtins: [odd] });
    expect(refused.refused.map((entry) => entry.problem)).toEqual(['has a webhook refusal that is not in words']);
  });
});
