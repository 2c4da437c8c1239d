// The jira tracker's status follow-through against the Jira stand-in: an issue's status category read back, a status
// written to an issue by the workflow's transition into the wanted category (and 'unsupported' when there is none),
// and the site's admin webhook verified (X-Hub-Signature over the raw body) and read (jira:issue_updated with a status
// change; everything else ignored).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { verifyJiraSignature } from '../../plugins/trackers/jira/status.ts';
import { useJiraFake } from './jira-fake.ts';
import { startReceiver } from './webhook-receiver.ts';

const TRANSITION = 'POST /rest/api/3/issue/{issueIdOrKey}/transitions';
const SECRET = 'f3c1b2a4d5e6f708192a3b4c5d6e7f80f3c1b2a4d5e6f708192a3b4c5d6e7f80';
const jira = useJiraFake();

const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const settings = () => ({ settings: jira.settings });

describe('jira itemStatus and setStatus', () => {
  it('reads an issue by its status category: new as To Do, indeterminate as In Progress, done as Done; a missing one as gone', async () => {
    const item = await jiraTracker.create(sampleTicket(), jira.context());
    const read = () => jiraTracker.itemStatus!(item, jira.context());
    expect(await read()).toEqual({ state: 'open', status: 'ToDo', exact: true, url: item.url });
    await jira.transitionAsUser(item.key, 'In Progress');
    expect(await read()).toEqual({ state: 'open', status: 'InProgress', exact: true, url: item.url });
    await jira.transitionAsUser(item.key, 'Done');
    expect(await read()).toEqual({ state: 'closed', status: 'Done', url: item.url });
    expect(jira.requests('GET /rest/api/3/issue/{issueIdOrKey}').at(-1)!.query.get('fields')).toBe('status');
    expect(await jiraTracker.itemStatus!({ ...item, externalId: '99999', key: 'PROJ-99' }, jira.context())).toBeNull();
  });

  it('follows an issue moved to another project to its new key', async () => {
    const item = await jiraTracker.create(sampleTicket(), jira.context());
    jira.state.issues[0]!.key = 'OPS-7';
    expect(await jiraTracker.itemStatus!(item, jira.context())).toEqual({ state: 'open', status: 'ToDo', exact: true, url: `${jira.fake.url}/browse/OPS-7` });
  });

  it('moves the issue along the transition into the wanted category, and makes none it has already', async () => {
    const item = await jiraTracker.create(sampleTicket(), jira.context());
    expect(await jiraTracker.setStatus!(item, 'Done', jira.context())).toBe('updated');
    expect(await jiraTracker.setStatus!(item, 'Done', jira.context())).toBe('updated');
    expect(jira.requests(TRANSITION).map((request) => request.body)).toEqual([{ transition: { id: '31' } }]);
    expect(jira.state.issues[0]).toMatchObject({ status: 'Done', category: 'done' });
    expect(await jiraTracker.setStatus!(item, 'InProgress', jira.context())).toBe('updated');
    expect(await jiraTracker.setStatus!(item, 'ToDo', jira.context())).toBe('updated');
    expect(jira.requests(TRANSITION).map((request) => request.body)).toEqual([{ transition: { id: '31' } }, { transition: { id: '21' } }, { transition: { id: '11' } }]);
    expect(jira.state.issues[0]).toMatchObject({ status: 'To Do', category: 'new' });
  });

  it("answers 'unsupported' when the workflow has no transition into the category, and says in words when the issue is gone", async () => {
    const item = await jiraTracker.create(sampleTicket(), jira.context());
    jira.state.transitions = jira.state.transitions.filter((transition) => transition.category !== 'done');
    expect(await jiraTracker.setStatus!(item, 'Done', jira.context())).toBe('unsupported');
    expect(jira.requests(TRANSITION)).toEqual([]);
    await expect(jiraTracker.setStatus!({ ...item, externalId: '99999', key: 'PROJ-99' }, 'Done', jira.context()))
      .rejects.toMatchObject({ kind: 'not_found', message: expect.stringMatching(/^Jira has no issue PROJ-99 any more/) as unknown });
  });

  it("refuses a transition the issue cannot make as Jira does, in Jira's words", async () => {
    const item = await jiraTracker.create(sampleTicket(), jira.context());
    const answer = await jira.http({
      method: 'POST', url: `${jira.fake.url}/rest/api/3/issue/${item.externalId}/transitions`, body: { transition: { id: '11' } },
      headers: { authorization: `Basic ${Buffer.from('ada@acme.test:ATATT3xFfGF0-test-token').toString('base64')}` },
    });
    expect(answer).toMatchObject({ status: 400, json: { errorMessages: ["Transition id '11' is not valid for this issue."] } });
  });
});

describe('jira webhook', () => {
  const webhook = jiraTracker.webhook!;

  it('verifies X-Hub-Signature over the raw body, and refuses a missing, malformed, wrong or other-secret signature', () => {
    const body = '{"webhookEvent":"jira:issue_updated"}';
    expect(verifyJiraSignature({ headers: { 'x-hub-signature': sign(body) }, body }, SECRET)).toBe(true);
    expect(webhook.verify({ headers: { 'x-hub-signature': sign(body).toUpperCase().replace('SHA256=', 'sha256=') }, body }, SECRET)).toBe(true);
    expect(webhook.verify({ headers: {}, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature': 'sha256=abc' }, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature': sign(body).replace('sha256=', 'sha1=') }, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature': sign(body, 'another secret') }, body }, SECRET)).toBe(false);
    // GitHub's header is not Jira's.
    expect(webhook.verify({ headers: { 'x-hub-signature-256': sign(body) }, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature': sign(body) }, body: JSON.stringify(JSON.parse(body), null, 1) }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature': sign(body, '') }, body }, '')).toBe(false);
  });

  it('reads the deliveries the stand-in posts; ignores created issues, other fields, other events and other projects', async () => {
    const receiver = await startReceiver({ path: '/hook' });
    try {
      jira.state.webhook = { url: receiver.url, secret: SECRET };
      const item = await jiraTracker.create(sampleTicket(), jira.context());
      await jira.transitionAsUser(item.key, 'In Progress');
      await jira.transitionAsUser(item.key, 'Done');
      await jira.transitionAsUser(item.key, 'To Do');
      const read = receiver.deliveries.map((delivery) => {
        const headers = delivery.headers as Record<string, string>;
        expect(webhook.verify({ headers, body: delivery.raw }, SECRET)).toBe(true);
        return webhook.parse({ headers, body: JSON.parse(delivery.raw) }, settings());
      });
      expect(read).toEqual([
        { kind: 'status', itemId: item.externalId, state: 'open', status: 'InProgress', exact: true, url: item.url },
        { kind: 'status', itemId: item.externalId, state: 'closed', status: 'Done', url: item.url },
        { kind: 'status', itemId: item.externalId, state: 'open', status: 'ToDo', exact: true, url: item.url },
      ]);

      const updated = JSON.parse(receiver.deliveries[1]!.raw) as { issue: { key: string; fields: { project: object } }; changelog: object };
      const parse = (body: unknown) => webhook.parse({ headers: {}, body }, settings());
      expect(parse({ ...updated, webhookEvent: 'jira:issue_created' })).toBeNull();
      expect(parse({ ...updated, webhookEvent: 'comment_created' })).toBeNull();
      expect(parse({ ...updated, changelog: { items: [{ field: 'summary', fieldtype: 'jira', fieldId: 'summary' }] } })).toBeNull();
      expect(parse({ ...updated, changelog: undefined })).toBeNull();
      expect(parse({ ...updated, issue: { ...updated.issue, key: 'OPS-3', fields: { ...updated.issue.fields, project: { key: 'OPS' } } } })).toBeNull();
      expect(() => parse([])).toThrow(/JSON object/);
      expect(() => parse('text')).toThrow(/JSON object/);
    } finally {
      await receiver.close();
    }
  });

  it('says where to register it in Jira, with the secret, and the event to tick', () => {
    expect(webhook.instructions).toMatch(/System, then WebHooks/);
    expect(webhook.instructions).toMatch(/Secret/);
    expect(webhook.instructions).toMatch(/Issue: updated/);
    expect(webhook.instructions).not.toMatch(/GitHub|content type/i);
  });

  it('passes the host\'s checks: a parsed event is a valid status, a forged delivery is refused', async () => {
    const host = await PluginHost.load({ builtins: [jiraTracker] });
    expect(host.statusSupport('jira')).toEqual({ itemStatus: true, setStatus: true, webhook: true });
    const body = JSON.stringify({
      webhookEvent: 'jira:issue_updated', issue: { id: '10001', key: 'PROJ-1', fields: { status: { name: 'Done', statusCategory: { key: 'done' } }, project: { key: 'PROJ' } } },
      changelog: { items: [{ field: 'status' }] },
    });
    expect(host.verifyTrackerWebhook('jira', { headers: { 'x-hub-signature': sign(body, 'guess') }, body }, SECRET)).toBe(false);
    expect(host.verifyTrackerWebhook('jira', { headers: { 'x-hub-signature': sign(body) }, body }, SECRET)).toBe(true);
    expect(host.parseTrackerWebhook('jira', { headers: {}, body: JSON.parse(body) }, jira.settings)).toMatchObject({ kind: 'status', itemId: '10001', state: 'closed', status: 'Done' });
    expect(() => host.parseTrackerWebhook('jira', { headers: {}, body: [1] }, jira.settings)).toThrow('The Jira webhook delivery could not be read: a Jira delivery must be a JSON object.');
  });
});
