// The tracker example of docs/plugins.md, a third-party package loaded through PLUGINS, keeps the tracker contract
// against a small Tasklist server, and creates, finds, links and assigns as the docs say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import type { TrackerPlugin } from '../../plugins/sdk/index.ts';
import { startTasklist } from '../support/tasklist.ts';

const PACKAGE = './tests/fixtures/plugins/tasklist-tracker';

describe('a third-party tracker package', () => {
  let tasklist: Awaited<ReturnType<typeof startTasklist>>;
  let host: PluginHost;
  beforeAll(async () => {
    tasklist = await startTasklist();
    host = await PluginHost.load({ specs: [PACKAGE] });
  });
  afterAll(() => tasklist.close());
  const settings = () => ({ config: { projectIdentifier: 'inbox' }, credentials: { url: tasklist.url, token: 'secret' } });

  it('loads through PLUGINS and keeps the tracker contract', async () => {
    expect(host.refused).toEqual([]);
    expect(host.list().map((p) => [p.manifest.id, p.origin])).toEqual([['tasklist', PACKAGE]]);
    const file: string = '../fixtures/plugins/tasklist-tracker/index.js';
    const plugin = ((await import(file)) as { default: TrackerPlugin }).default;
    await assertTrackerContract(plugin, { settings: settings(), http: fetchHttp, assignee: { id: 'ada', name: 'Ada Lovelace' } });
  });

  it('tells a refused token from a missing list, and creates, finds, assigns and links', async () => {
    const refused = host.tracker('tasklist', { ...settings(), credentials: { url: tasklist.url, token: 'wrong' } }, fetchHttp)!;
    await expect(refused.verify()).rejects.toMatchObject({ kind: 'auth', message: 'Unknown token.' });
    const missing = host.tracker('tasklist', { ...settings(), config: { projectIdentifier: 'later' } }, fetchHttp)!;
    await expect(missing.verify()).rejects.toMatchObject({ kind: 'not_found', message: 'The token works, but there is no list later.' });

    const tracker = host.tracker('tasklist', settings(), fetchHttp)!;
    expect(await tracker.verify()).toEqual({ account: 'ada', target: 'list Inbox' });
    const ada = await tracker.resolveUser('ada');
    expect(ada).toEqual({ id: 'ada', name: 'Ada Lovelace' });
    const first = sampleTicket({ assignee: ada });
    const item = await tracker.create(first);
    const second = await tracker.create(sampleTicket({ dependsOn: [{ title: first.title, key: item.key, url: item.url }] }));
    expect(await tracker.findByMarker(first.id)).toEqual(item);
    expect(await tracker.link(second, item)).toBe('linked');
    const stored = tasklist.tasks.find((t) => String(t.id) === second.externalId)!;
    expect(stored.blockers).toEqual([Number(item.externalId)]);
    expect(stored.body).toContain(`- ${first.title} (${item.url})`);
    expect(tasklist.tasks.find((t) => String(t.id) === item.externalId)).toMatchObject({ assignee: 'ada', title: first.title });
  });
});
