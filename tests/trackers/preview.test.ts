// Each built-in tracker's preview against its stand-in: it reads and never writes, and the request it shows is the
// request its create then sends, field for field (the same builder makes both). The host refuses a preview that
// writes, and one whose answer breaks the contract.
import { afterEach, describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import type { PluginSettings, TrackerHttp, TrackerPlugin, TrackerTicket } from '../../plugins/sdk/index.ts';
import { azureTracker } from '../../plugins/trackers/azure/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { MIRO_API } from '../../plugins/trackers/miro/client.ts';
import { miroTracker } from '../../plugins/trackers/miro/index.ts';
import { webhookTracker } from '../../plugins/trackers/webhook/index.ts';
import { startVendorFake, type VendorFake, type VendorRequest } from '../support/vendor-fake.ts';
import { azureRoutes, CREATE as AZURE_CREATE, PROJECT } from './azure-fake.ts';
import { startGitHubFake } from './github-fake.ts';
import { startJiraFake } from './jira-fake.ts';
import { ACCESS_TOKEN, BOARD_ID, CARDS, miroBoard } from './miro-fake.ts';
import { startReceiver } from './webhook-receiver.ts';

const closers: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const writes = (requests: VendorRequest[]) => requests.filter((request) => request.method !== 'GET' && request.method !== 'HEAD');

/** The tracker bound by the host, as the app calls it: answers checked, the preview held to reading. */
async function bound(plugin: TrackerPlugin, settings: PluginSettings, http: TrackerHttp) {
  const host = await PluginHost.load({ builtins: [plugin] });
  return host.tracker(plugin.manifest.id, settings, http)!;
}

const ticket = (overrides: Partial<TrackerTicket> = {}) =>
  sampleTicket({ status: 'Done', assignee: { id: 'grace', name: 'Grace Hopper' }, tags: ['mobile'], ...overrides });

describe('tracker previews', () => {
  it('GitHub: the issue the create posts, its labels (those to make named first), and the close after it', async () => {
    const github = await startGitHubFake();
    closers.push(() => github.fake.close());
    const tracker = await bound(githubTracker, github.settings, fetchHttp);
    const sent = ticket({ title: 'x'.repeat(300) });

    const preview = await tracker.preview!(sent);
    expect(writes(github.fake.requests)).toEqual([]);
    expect(preview.title).toBe(`${'x'.repeat(255)}…`);
    expect(preview.body).toContain('### From the meeting');
    expect(preview.fields).toEqual([{ name: 'Labels', value: 'tickscribe, priority: high, mobile' }]);
    expect(preview.assignee).toEqual({ id: 'grace', name: 'Grace Hopper' });
    expect(preview.then).toEqual(['Closed as completed, since the ticket is Done.']);
    expect(preview.notices).toEqual([expect.stringMatching(/^Title cut to 256 characters/), 'Labels made in acme/web first: tickscribe, priority: high, mobile.']);
    expect(preview.request.url).toBe(`${github.fake.url}/repos/acme/web/issues`);

    await tracker.create(sent);
    const [created] = github.fake.requests.filter((request) => request.operation === 'POST /repos/{owner}/{repo}/issues');
    expect(created!.body).toEqual(preview.request.body);
  });

  it('Jira: the fields and the ADF description the create posts, read as Markdown, and the move along the workflow', async () => {
    const jira = await startJiraFake();
    closers.push(() => jira.fake.close());
    const tracker = await bound(jiraTracker, jira.settings, jira.http);
    const sent = ticket({ assignee: null });

    const preview = await tracker.preview!(sent);
    expect(writes(jira.fake.requests)).toEqual([]);
    expect(preview.title).toBe(sent.title);
    expect(preview.body).toContain('### From the meeting\n\n> Grace, can you fix the login timeout on mobile by Friday?');
    expect(preview.fields).toEqual(expect.arrayContaining([{ name: 'Project', value: 'PROJ' }, { name: 'Due date', value: '2026-12-04' }]));
    expect(preview.then).toEqual([expect.stringContaining('Done')]);
    expect(preview.request.url).toBe(`${jira.fake.url}/rest/api/3/issue`);

    await tracker.create(sent);
    const [created] = jira.fake.requests.filter((request) => request.operation === 'POST /rest/api/3/issue');
    expect(created!.body).toEqual(preview.request.body);
  });

  it('Azure DevOps: the JSON Patch document the create posts, with the fields its work item type has', async () => {
    // The routes ask for the stand-in only when a request comes, by which time it is started.
    const state = azureRoutes(() => fake);
    const fake: VendorFake = await startVendorFake('azure-devops', state.routes);
    closers.push(() => fake.close());
    const settings = { config: { projectIdentifier: PROJECT, workItemType: 'Issue', baseUrl: fake.url }, credentials: { organization: 'fabrikam', pat: 'pat-secret' } };
    const tracker = await bound(azureTracker, settings, fetchHttp);
    const sent = ticket({ assignee: { id: 'ada@fabrikam.com', name: 'Ada Lovelace' } });

    const preview = await tracker.preview!(sent);
    expect(writes(fake.requests)).toEqual([]);
    expect(preview.body).toContain('Tickscribe project: ');
    expect(preview.body).not.toMatch(/<\/?p>|&gt;/);
    expect(preview.fields).toEqual(expect.arrayContaining([{ name: 'Work item type', value: 'Issue' }, { name: 'Tags', value: expect.stringContaining('mobile') }]));
    expect(preview.request.url).toBe(`${fake.url}/fabrikam/${PROJECT}/_apis/wit/workitems/$Issue?api-version=7.1`);

    await tracker.create(sent);
    const [created] = fake.requests.filter((request) => request.operation === AZURE_CREATE);
    expect(created!.body).toEqual(preview.request.body);
  });

  it('Miro: the card the create posts, in the first free slot, and the tags it makes first', async () => {
    const board = miroBoard();
    const fake = await startVendorFake('miro', board.routes);
    closers.push(() => fake.close());
    const http: TrackerHttp = (request) => fetchHttp({ ...request, url: request.url.replace(MIRO_API, fake.url) });
    const tracker = await bound(miroTracker, { config: { projectIdentifier: BOARD_ID }, credentials: { accessToken: ACCESS_TOKEN } }, http);
    const sent = ticket({ assignee: null });

    const preview = await tracker.preview!(sent);
    expect(writes(fake.requests)).toEqual([]);
    expect(preview.title).toBe(sent.title);
    expect(preview.fields[0]).toEqual({ name: 'Tags', value: 'Priority: High, Status: Done, Project: Web, mobile' });
    // The board has a tag 'mobile' already.
    expect(preview.notices).toEqual(['Tags made on the board first: Priority: High, Status: Done, Project: Web.']);

    await tracker.create(sent);
    const [created] = fake.requests.filter((request) => request.operation === CARDS);
    expect(created!.body).toEqual(preview.request.body);
  });

  it('Webhook: the event the delivery carries, without the secret path of the receiver', async () => {
    const receiver = await startReceiver();
    closers.push(() => receiver.close());
    const tracker = await bound(webhookTracker, { config: { projectIdentifier: 'ACME-WEB' }, credentials: { url: receiver.url } }, fetchHttp);
    const sent = ticket();

    const preview = await tracker.preview!(sent);
    expect(receiver.deliveries).toEqual([]);
    expect(preview.request.url).toBe(`http://${receiver.host}/…`);
    expect(preview.fields).toContainEqual({ name: 'Status', value: 'Done' });
    expect(JSON.stringify(preview)).not.toContain('t0ken-in-path');

    await tracker.create(sent);
    const delivered = JSON.parse(receiver.deliveries[0]!.raw) as { type: string; data: unknown };
    const shown = preview.request.body as { type: string; data: unknown };
    expect(delivered.type).toBe(shown.type);
    expect(delivered.data).toEqual(shown.data);
  });

  it('the host refuses a preview that writes, and one whose answer is not a preview, in words', async () => {
    const github = await startGitHubFake();
    closers.push(() => github.fake.close());
    const base = { ...githubTracker, manifest: { ...githubTracker.manifest, id: 'preview-check' } };
    const writing: TrackerPlugin = { ...base, preview: (sent, context) => githubTracker.create(sent, context) as never };
    const tracker = await bound(writing, github.settings, fetchHttp);
    await expect(tracker.preview!(ticket())).rejects.toThrow("The preview-check plugin's preview() sent a POST request: a preview may only read from the tracker (GET), never write to it.");
    expect(writes(github.fake.requests)).toEqual([]);

    const broken = await bound({ ...base, preview: async () => ({ title: '', body: 1 }) as never }, github.settings, fetchHttp);
    await expect(broken.preview!(ticket())).rejects.toThrow(/preview-check plugin's preview\(\) returned an invalid item preview/);

    const { preview: _none, ...without } = base;
    expect((await bound(without, github.settings, fetchHttp)).preview).toBeUndefined();
    const refused = await PluginHost.load({ builtins: [{ ...base, preview: 'soon' } as never] });
    expect(refused.refused.map((entry) => entry.problem)).toEqual(['has preview that is not a function']);
  });
});
