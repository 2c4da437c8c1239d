// The optional searchUsers() of a tracker plugin in the host: offered only by plugins that have it (a plugin
// without it loads and works as before), its answers checked, repeats dropped, at most 20 handed on, failures kept
// in the tracker vocabulary.
import { describe, expect, it } from 'vitest';
import { PluginOutputError } from '../../core/plugins/boundary.ts';
import { PluginHost, USER_SEARCH_LIMIT } from '../../core/plugins/host.ts';
import type { TrackerHttp, TrackerPlugin } from '../../plugins/sdk/index.ts';
import { TrackerError } from '../../plugins/sdk/index.ts';

const http: TrackerHttp = async () => ({ status: 200, headers: {}, text: '', json: undefined });

const base: Omit<TrackerPlugin, 'manifest'> = {
  verify: async () => ({ account: 'ada', target: 'board' }),
  create: async () => ({ externalId: '1', key: '#1', url: 'https://board.example/1' }),
  findByMarker: async () => null,
  link: async () => 'unsupported',
  resolveUser: async () => null,
};
const manifest = (id: string) => ({ apiVersion: 1 as const, id, kind: 'tracker' as const, name: id, version: '1.0.0' });

const searching: TrackerPlugin = {
  ...base,
  manifest: manifest('searching'),
  async searchUsers(query) {
    if (query === 'refused') throw new TrackerError('auth', 'The token was refused.');
    if (query === 'odd') return [{ value: '', name: 'Nobody' }];
    if (query === 'many') return Array.from({ length: 30 }, (_, i) => ({ value: `u${i}`, name: `User ${i}` }));
    return [
      { value: 'grace', name: 'Grace Hopper', email: 'grace@example.com', login: '' },
      { value: 'grace', name: 'Grace again' },
      { value: 'alan', name: '  ' },
    ];
  },
};
const plain: TrackerPlugin = { ...base, manifest: manifest('plain') };

describe('searchUsers in the host', () => {
  it('is offered by the plugins that have it; one without it loads and works as before', async () => {
    const host = await PluginHost.load({ builtins: [searching, plain] });
    expect(host.refused).toEqual([]);
    expect(host.offersUserSearch('searching')).toBe(true);
    expect(host.offersUserSearch('plain')).toBe(false);
    const bound = host.tracker('plain', {}, http)!;
    expect(bound.searchUsers).toBeUndefined();
    expect(await bound.verify()).toEqual({ account: 'ada', target: 'board' });
  });

  it('checks the answers: repeats dropped, empty extras left out, a blank name shown as the value, at most 20', async () => {
    const bound = (await PluginHost.load({ builtins: [searching] })).tracker('searching', {}, http)!;
    expect(await bound.searchUsers!('g')).toEqual([{ value: 'grace', name: 'Grace Hopper', email: 'grace@example.com' }, { value: 'alan', name: 'alan' }]);
    expect((await bound.searchUsers!('many')).length).toBe(USER_SEARCH_LIMIT);
    await expect(bound.searchUsers!('odd')).rejects.toThrow(PluginOutputError);
    await expect(bound.searchUsers!('refused')).rejects.toMatchObject({ name: 'TrackerError', kind: 'auth' });
  });
});
