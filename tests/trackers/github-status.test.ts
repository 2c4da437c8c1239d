// The github tracker's status follow-through against the GitHub stand-in: an issue's state read back, a status written
// to an issue the way the push maps it, and the repository webhook's deliveries verified (X-Hub-Signature-256 on the raw
// body) and read (issues closed and reopened; ping; everything else ignored). Also the host's checks of what a
// tracker's status members answer.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerPlugin } from '../../plugins/sdk/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { verifyGitHubSignature } from '../../plugins/trackers/github/status.ts';
import { useGitHubFake } from './github-fake.ts';

const PATCH = 'PATCH /repos/{owner}/{repo}/issues/{issue_number}';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const github = useGitHubFake();

const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const settings = () => ({ settings: github.settings });

describe('github itemStatus and setStatus', () => {
  it('reads an open issue as To Do and a closed one as Done, and a deleted one as gone', async () => {
    const item = await githubTracker.create(sampleTicket(), github.context());
    expect(await githubTracker.itemStatus!(item, github.context())).toEqual({ state: 'open', status: 'ToDo', url: item.url });
    await github.closeAsUser(Number(item.externalId));
    expect(await githubTracker.itemStatus!(item, github.context())).toEqual({ state: 'closed', status: 'Done', url: item.url });
    expect(await githubTracker.itemStatus!({ ...item, externalId: '999', key: '#999' }, github.context())).toBeNull();
  });

  it('closes the issue for Done as the push does, opens it for the others, and writes nothing it already has', async () => {
    const item = await githubTracker.create(sampleTicket(), github.context());
    expect(await githubTracker.setStatus!(item, 'Done', github.context())).toBe('updated');
    expect(await githubTracker.setStatus!(item, 'Done', github.context())).toBe('updated');
    expect(github.requests(PATCH).map((request) => request.body)).toEqual([{ state: 'closed', state_reason: 'completed' }]);
    expect(github.state.issues[0]).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(await githubTracker.setStatus!(item, 'InProgress', github.context())).toBe('updated');
    expect(github.requests(PATCH).at(-1)!.body).toEqual({ state: 'open', state_reason: 'reopened' });
    expect(github.state.issues[0]).toMatchObject({ state: 'open', closed_at: null });
  });
});

describe('github webhook', () => {
  const webhook = githubTracker.webhook!;

  it('verifies X-Hub-Signature-256 over the raw body, and refuses a missing, malformed, wrong or other-secret signature', () => {
    // GitHub's own example ("Validating webhook deliveries", Testing the webhook payload validation).
    expect(verifyGitHubSignature({ headers: { 'x-hub-signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' }, body: 'Hello, World!' }, "It's a Secret to Everybody")).toBe(true);
    const body = '{"action":"closed","issue":{"number":1}}';
    expect(webhook.verify({ headers: { 'x-hub-signature-256': sign(body) }, body }, SECRET)).toBe(true);
    expect(webhook.verify({ headers: {}, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature-256': 'sha256=abc' }, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature-256': sign(body).replace('sha256=', 'sha1=') }, body }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature-256': sign(body, 'another secret') }, body }, SECRET)).toBe(false);
    // The same JSON written another way is not what was signed.
    expect(webhook.verify({ headers: { 'x-hub-signature-256': sign(body) }, body: JSON.stringify(JSON.parse(body), null, 1) }, SECRET)).toBe(false);
    expect(webhook.verify({ headers: { 'x-hub-signature-256': sign(body, '') }, body }, '')).toBe(false);
  });

  it('reads the deliveries the stand-in posts: closed, reopened and ping; ignores other actions, events, pull requests and repositories', async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => void (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      github.state.webhook = { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, secret: SECRET };
      const item = await githubTracker.create(sampleTicket(), github.context());
      await github.closeAsUser(Number(item.externalId));
      await github.reopenAsUser(Number(item.externalId));
      await github.deliver('ping', { zen: 'Keep it logically awesome.', hook_id: 498765432 });
      const read = received.map((delivery) => {
        expect(webhook.verify(delivery, SECRET)).toBe(true);
        return webhook.parse({ headers: delivery.headers, body: JSON.parse(delivery.body) }, settings());
      });
      expect(read).toEqual([
        { kind: 'status', itemId: item.externalId, state: 'closed', status: 'Done', url: item.url },
        { kind: 'status', itemId: item.externalId, state: 'open', status: 'ToDo', url: item.url },
        { kind: 'ping' },
      ]);
      const closed = JSON.parse(received[0]!.body) as { issue: Record<string, unknown>; repository: Record<string, unknown> };
      const issues = { 'x-github-event': 'issues' };
      expect(webhook.parse({ headers: issues, body: { ...closed, action: 'labeled' } }, settings())).toBeNull();
      expect(webhook.parse({ headers: { 'x-github-event': 'issue_comment' }, body: { ...closed, action: 'created' } }, settings())).toBeNull();
      expect(webhook.parse({ headers: issues, body: { ...closed, action: 'closed', issue: { ...closed.issue, pull_request: {} } } }, settings())).toBeNull();
      expect(webhook.parse({ headers: issues, body: { ...closed, action: 'closed', repository: { ...closed.repository, full_name: 'acme/other' } } }, settings())).toBeNull();
      expect(() => webhook.parse({ headers: issues, body: [] }, settings())).toThrow(/JSON object/);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('the host and the status members', () => {
  const base = { ...githubTracker, manifest: { ...githubTracker.manifest, id: 'status-check' } };

  it('checks what itemStatus, setStatus and webhook parse() answer, and refuses malformed members at load', async () => {
    const odd: TrackerPlugin = {
      ...base,
      itemStatus: async () => ({ state: 'closed', status: 'ToDo' }) as never,
      setStatus: async () => 'done' as never,
      webhook: { ...githubTracker.webhook!, parse: () => ({ kind: 'status', itemId: '', state: 'open', status: 'ToDo' }), verify: () => { throw new Error('boom'); } },
    };
    const host = await PluginHost.load({ builtins: [odd] });
    const tracker = host.tracker('status-check', github.settings, async () => ({ status: 200, headers: {}, text: '', json: undefined }))!;
    const item = { externalId: '1', key: '#1', url: 'https://github.com/acme/web/issues/1' };
    await expect(tracker.itemStatus!(item)).rejects.toThrow(/state \(open or closed\) and the ticket status it maps to/);
    await expect(tracker.setStatus!(item, 'Done')).rejects.toThrow(/'updated' or 'unsupported'/);
    expect(host.verifyTrackerWebhook('status-check', { headers: {}, body: '' }, SECRET)).toBe(false);
    expect(() => host.parseTrackerWebhook('status-check', { headers: {}, body: {} }, github.settings)).toThrow(/item's id/);

    const refused = await PluginHost.load({ builtins: [{ ...base, itemStatus: 'soon' }, { ...base, manifest: { ...base.manifest, id: 'hookless' }, webhook: { verify: () => true } }] });
    expect(refused.refused.map((entry) => entry.problem)).toEqual([
      'has itemStatus that is not a function',
      'has a webhook block without verify() and parse() functions and its instructions in words',
    ]);
  });

  it('loads and binds a tracker without any of them, which offers none', async () => {
    const { itemStatus: _read, setStatus: _write, webhook: _hook, ...plain } = base;
    const host = await PluginHost.load({ builtins: [plain] });
    expect(host.refused).toEqual([]);
    expect(host.statusSupport('status-check')).toEqual({ itemStatus: false, setStatus: false, webhook: false });
    const tracker = host.tracker('status-check', github.settings, async () => ({ status: 200, headers: {}, text: '', json: undefined }))!;
    expect(tracker.itemStatus).toBeUndefined();
    expect(tracker.setStatus).toBeUndefined();
    expect(host.verifyTrackerWebhook('status-check', { headers: {}, body: '' }, SECRET)).toBe(false);
  });
});
