// A meeting's tickets pushed through each built-in tracker (GitHub, Jira, Azure DevOps, Miro, a webhook) via the
// API and the push workflow, against each tracker's stand-in: exactly one item per ticket, each dependency linked
// the tracker's way, the assignee through the user mapping, the tickets marked pushed; pushing the same tickets
// again is refused and reaches no tracker; a ticket restating a pushed one finds its item (the tracker's search) and
// is linked to it instead of filing a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorFake } from '../support/vendor-fake.ts';
import { azureRoutes, ORGANIZATION, PAT_AS_BASIC, PROJECT } from '../trackers/azure-fake.ts';
import { startGitHubFake } from '../trackers/github-fake.ts';
import { startJiraFake } from '../trackers/jira-fake.ts';
import { ACCESS_TOKEN, BOARD_ID, miroBoard, ONE_OF_ITEM_DATA, USER } from '../trackers/miro-fake.ts';
import { startWebhookStandIn } from '../trackers/webhook-receiver.ts';
import { createTickets, pushAndWait, usePushApp, type Json } from './push-support.ts';

const { api } = usePushApp();

/** An item a stand-in holds: the ticket it is marked with, what the ticket should show for it, its assignee. */
interface Item {
  ticketId: string;
  externalId: string;
  key: string;
  url: string;
  assignee: string | null;
}

/** A tracker's stand-in, started, and read back as items and links. */
interface Tracker {
  /** What the assignee 'Grace' is mapped to for this tracker, and the assignee its item then has. */
  username: string;
  assigned: string;
  /** The connection's project identifier, credentials and settings (the mappings are added). */
  connection: { project_identifier: string; credentials: Json; settings: Json };
  items(): Item[];
  /** [the item that waits, the item it depends on], by external id. */
  links(): [string, string][];
  /** How many requests (or deliveries) the stand-in has had. */
  received(): number;
  violations(): string[];
  close(): Promise<void>;
}

/** The ticket whose marker (tickscribe-<id>) a text carries, or 'unmarked' unless it carries exactly one. */
function markerIn(text: string): string {
  const found = new Set(Array.from(text.matchAll(/tickscribe-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g), (match) => match[1]!));
  return found.size === 1 ? [...found][0]! : 'unmarked';
}

const TRACKERS: Record<string, () => Promise<Tracker>> = {
  async github() {
    const github = await startGitHubFake();
    const { issues, blockedBy } = github.state;
    const numberOf = (id: number) => String(issues.find((issue) => issue['id'] === id)!['number']);
    return {
      username: 'grace', assigned: 'grace',
      connection: { project_identifier: 'acme/web', credentials: { github: github.settings.credentials }, settings: { baseUrl: github.fake.url } },
      items: () => issues.map((issue) => ({
        ticketId: markerIn(String(issue['body'])), externalId: String(issue['number']), key: `#${String(issue['number'])}`, url: String(issue['html_url']),
        assignee: (issue['assignees'] as Json[]).map((user) => user['login']).join(', ') || null,
      })),
      links: () => [...blockedBy].flatMap(([number, ids]) => ids.map((id): [string, string] => [String(number), numberOf(id)])),
      received: () => github.fake.requests.length,
      violations: () => github.fake.violations,
      close: () => github.fake.close(),
    };
  },
  async jira() {
    const jira = await startJiraFake();
    // search/jql shows a new issue only after a delay (Atlassian's "search and reconcile"; the stand-in's lag is tested
    // in jira-limits): the search for existing items here follows the push at once, where meetings are days apart.
    jira.state.searchLagMs = 0;
    const { issues, links } = jira.state;
    const idOf = (key: string) => issues.find((issue) => issue.key === key)!.id;
    return {
      username: 'grace@acme.test', assigned: jira.state.users.find((user) => user.displayName === 'Grace Hopper')!.accountId,
      connection: { project_identifier: 'PROJ', credentials: { jira: jira.settings.credentials }, settings: {} },
      items: () => issues.map(({ id, key, fields }) => ({
        ticketId: markerIn((fields['labels'] as string[]).join(' ')), externalId: id, key, url: `${jira.fake.url}/browse/${key}`,
        assignee: (fields['assignee'] as { accountId: string } | undefined)?.accountId ?? null,
      })),
      // The plugin links the dependency inward and the item that waits for it outward, as "Blocks".
      links: () => links.filter((link) => link.type === 'Blocks').map((link): [string, string] => [idOf(link.outward), idOf(link.inward)]),
      received: () => jira.fake.requests.length,
      violations: () => jira.fake.violations,
      close: () => jira.fake.close(),
    };
  },
  async azure() {
    // The work items' links name the fake's address, known once it runs.
    const state = azureRoutes(() => fake);
    const fake = await startVendorFake('azure-devops', state.routes);
    const items = () => [...state.items.values()];
    return {
      username: 'sam.carter@fabrikam.com', assigned: 'sam.carter@fabrikam.com',
      connection: { project_identifier: PROJECT, credentials: { azure: { organization: ORGANIZATION, pat: 'pat-secret' } }, settings: { baseUrl: fake.url, workItemType: 'Task' } },
      items: () => items().map(({ id, fields }) => ({
        ticketId: markerIn(String(fields['System.Tags'])), externalId: String(id), key: `Task ${id}`,
        url: `https://dev.azure.com/fabrikam/web/wi.aspx?pcguid=20cda608&id=${id}`, assignee: (fields['System.AssignedTo'] as string | undefined) ?? null,
      })),
      // A Predecessor link on the item that waits, to the item it depends on.
      links: () => items().flatMap(({ id, relations }) => relations.filter((relation) => relation.rel === 'System.LinkTypes.Dependency-Reverse')
        .map((relation): [string, string] => [String(id), relation.url.split('/').pop()!])),
      received: () => fake.requests.length,
      violations: () => fake.violations.filter((violation) => !PAT_AS_BASIC.test(violation)),
      close: () => fake.close(),
    };
  },
  async miro() {
    const board = miroBoard();
    const fake = await startVendorFake('miro', board.routes);
    return {
      username: USER.name, assigned: USER.id,
      connection: { project_identifier: BOARD_ID, credentials: { miro: { accessToken: ACCESS_TOKEN } }, settings: { baseUrl: fake.url } },
      items: () => board.cards.map(({ id, data }) => ({
        ticketId: markerIn(data.description ?? ''), externalId: id, key: data.title ?? '',
        url: `https://miro.com/app/board/${BOARD_ID}?moveToWidget=${id}`, assignee: data.assigneeId ?? null,
      })),
      // An arrow from the card depended on to the card that waits.
      links: () => board.connectors.map((connector): [string, string] => [connector.endItem.id, connector.startItem.id]),
      received: () => fake.requests.length,
      violations: () => fake.violations.filter((violation) => !ONE_OF_ITEM_DATA.test(violation)),
      close: () => fake.close(),
    };
  },
  async webhook() {
    const receiver = await startWebhookStandIn({ url: 'https://hooks.acme.test' });
    const form = Object.fromEntries(receiver.form);
    const created = () => receiver.created() as {
      tickets: { key: string; webhookId: string; deliveries: number; assignee: { id: string } | null }[];
      dependencies: { item: string; dependsOn: string }[];
      deliveries: number;
    };
    return {
      username: 'grace', assigned: 'grace',
      connection: {
        project_identifier: form['Project Identifier']!,
        credentials: { webhook: { url: `${receiver.target}${new URL(form['Webhook URL']!).pathname}`, secret: form['Signing Secret']! } },
        settings: {},
      },
      // The receiver keeps a ticket once per webhook-id (msg_<ticket id>); a ticket delivered twice counts twice here.
      items: () => created().tickets.flatMap(({ key, webhookId, deliveries, assignee }) => Array.from({ length: deliveries }, () => ({
        ticketId: webhookId.replace(/^msg_/, ''), externalId: key, key, url: 'https://hooks.acme.test/_created', assignee: assignee?.id ?? null,
      }))),
      links: () => created().dependencies.map(({ item, dependsOn }): [string, string] => [item, dependsOn]),
      received: () => created().deliveries,
      violations: () => receiver.violations(),
      close: () => receiver.close(),
    };
  },
};

const ALL_PUSHED = 'All selected tickets have already been pushed to external systems';

describe.each(Object.entries(TRACKERS))('a meeting pushed through the %s tracker', (type, start) => {
  const project = `Sync via ${type}`;
  let tracker: Tracker;
  let ids: Record<string, string>;
  let connectionId: string;
  let result: Json;
  /** A ticket's item in the tracker, by the ticket's title. */
  const itemOf = (title: string) => tracker.items().find((item) => item.ticketId === ids[title]);

  beforeAll(async () => {
    tracker = await start();
    const { settings, ...connection } = tracker.connection;
    const saved = await api('POST', '/api/connections', {
      name: `Meeting tickets (${type})`, connection_type: type, ...connection, settings: { projectMappings: [project], userMappings: {}, ...settings },
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body['verification'], saved.text).toMatchObject({ ok: true });
    connectionId = String((saved.body['connection'] as Json)['id']);
    ids = await createTickets(api, [
      { title: 'Design the schema' },
      { title: 'Build the API', dependsOn: ['Design the schema'], assignee: 'Grace' },
      { title: 'Build the screens', dependsOn: ['Build the API'] },
    ], project);
    result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids), updatedUserMappings: { Grace: tracker.username }, batchId: `meeting-${type}` });
  }, 120_000);
  afterAll(async () => {
    if (!tracker) return;
    expect(tracker.violations()).toEqual([]);
    await tracker.close();
  });

  it('pushes every ticket and leaves exactly one item per ticket in the tracker', () => {
    expect(result).toMatchObject({ connectionType: type, totalProcessed: 3, successfulPushes: 3, failedPushes: 0, skippedTickets: 0 });
    expect(tracker.items().map((item) => item.ticketId).sort()).toEqual(Object.values(ids).sort());
  });

  it('links each ticket to the ticket it depends on', () => {
    const id = (title: string) => itemOf(title)?.externalId;
    expect(tracker.links().sort()).toEqual([
      [id('Build the API'), id('Design the schema')],
      [id('Build the screens'), id('Build the API')],
    ].sort());
  });

  it('assigns the mapped user to the assigned ticket only', () => {
    expect(Object.fromEntries(tracker.items().map((item) => [item.ticketId, item.assignee]))).toEqual({
      [ids['Design the schema']!]: null, [ids['Build the API']!]: tracker.assigned, [ids['Build the screens']!]: null,
    });
  });

  it('marks each ticket pushed, naming its item in the tracker', async () => {
    for (const title of Object.keys(ids)) {
      const item = itemOf(title);
      expect(item, title).toBeDefined();
      const ticket = (await api('GET', `/api/tickets/${ids[title]}`)).body['ticket'];
      expect(ticket, title).toMatchObject({ externalType: type, externalId: item!.externalId, externalKey: item!.key, externalUrl: item!.url });
    }
  });

  it('refuses the same tickets pushed again in a new batch, and the tracker hears nothing of it', async () => {
    const received = tracker.received();
    const again = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: Object.values(ids), batchId: `again-${type}` });
    expect(again).toMatchObject({ status: 400, body: { error: ALL_PUSHED } });
    expect((await api('GET', `/api/connections/${connectionId}/pushes/again-${type}`)).status).toBe(404);
    expect(tracker.items()).toHaveLength(3);
    expect(tracker.received()).toBe(received);
  });

  it('finds the item a ticket restating a pushed one already has, and linking to it files no second item', async () => {
    const again = await createTickets(api, [{ title: 'Design the database schema' }], project);
    const ticketId = again['Design the database schema']!;
    const found = await api('POST', `/api/connections/${connectionId}/candidates`, { ticketIds: [ticketId] });
    expect(found.status, found.text).toBe(200);
    if (type === 'webhook') {
      // A receiver cannot be asked what it holds: the summary says so, and the ticket is created.
      expect(found.body).toMatchObject({ searchable: false, tickets: [] });
      return;
    }
    const existing = itemOf('Design the schema')!;
    const [answer] = found.body['tickets'] as { candidates: Json[] }[];
    expect(answer!.candidates.map((candidate) => candidate['externalId']), found.text).toContain(existing.externalId);
    const linked = await pushAndWait(api, connectionId, { ticketIds: [ticketId], choices: [{ ticketId, action: 'link', externalId: existing.externalId }] });
    expect(linked).toMatchObject({ successfulPushes: 1, failedPushes: 0 });
    expect(tracker.items()).toHaveLength(3);
    expect((await api('GET', `/api/tickets/${ticketId}`)).body['ticket']).toMatchObject({ externalType: type, externalId: existing.externalId });
  });
});
