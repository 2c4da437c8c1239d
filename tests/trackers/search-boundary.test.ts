// The host's checks of what a tracker's search() and comment() answer, and a tracker without them (a third-party
// plugin written before them) loading and working as before.
import { describe, expect, it } from 'vitest';
import { PluginOutputError } from '../../core/plugins/boundary.ts';
import { PluginHost, SEARCH_LIMIT } from '../../core/plugins/host.ts';
import { fetchHttp } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerPlugin } from '../../plugins/sdk/index.ts';

const plain = (id: string, extra: Partial<TrackerPlugin> = {}): TrackerPlugin => ({
  manifest: { apiVersion: 1, id, kind: 'tracker', name: id, version: '1.0.0' },
  verify: async () => ({ account: 'a', target: 't' }),
  create: async () => ({ externalId: '1', key: '#1', url: 'https://example.test/1' }),
  findByMarker: async () => null,
  link: async () => 'unsupported',
  resolveUser: async () => null,
  ...extra,
});
const candidate = (n: number) => ({ externalId: String(n), key: `#${n}`, url: `https://example.test/${n}`, title: `Item ${n}`, excerpt: 'x'.repeat(500), status: 'Open' });

describe('tracker search at the boundary', () => {
  it('leaves search and comment out for a tracker without them, which keeps working', async () => {
    const host = await PluginHost.load({ builtins: [plain('old')] });
    expect(host.searchSupport('old')).toEqual({ search: false, comment: false });
    const bound = host.tracker('old', {}, fetchHttp)!;
    expect(bound.search).toBeUndefined();
    expect(bound.comment).toBeUndefined();
    expect(await bound.create({} as never)).toMatchObject({ key: '#1' });
  });

  it('keeps at most ten candidates, once each, excerpts cut, and refuses an answer that is no list of items', async () => {
    let answer: unknown = [...Array.from({ length: 14 }, (_, i) => candidate(i)), candidate(0)];
    const host = await PluginHost.load({ builtins: [plain('searching', { search: async () => answer as never, comment: async () => answer as never })] });
    const bound = host.tracker('searching', {}, fetchHttp)!;
    const found = await bound.search!({ title: 't', words: ['t'] });
    expect(found).toHaveLength(SEARCH_LIMIT);
    expect(found[0]!.excerpt).toHaveLength(300);
    for (answer of [null, [{ ...candidate(1), url: 'javascript:alert(1)' }], [{ title: 'no id' }]]) {
      await expect(bound.search!({ title: 't', words: ['t'] })).rejects.toThrow(PluginOutputError);
    }
    answer = 'yes';
    await expect(bound.comment!({ externalId: '1', key: '#1', url: 'https://example.test/1' }, { ticketId: 'x', title: 't', quote: null, meeting: null, meetingDate: null })).rejects.toThrow(/must return 'commented' or 'unsupported'/);
  });

  it('refuses a tracker whose search is not a function', async () => {
    const host = await PluginHost.load({ builtins: [plain('broken', { search: 'yes' as never })] });
    expect(host.refused[0]?.problem).toBe('has search that is not a function');
  });
});
