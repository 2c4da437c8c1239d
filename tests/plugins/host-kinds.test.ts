// The host loads every kind by the same rules: trackers and bots get their validated settings (defaults filled
// in) on every call, and their answers are checked at the boundary.
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../core/errors.ts';
import { PluginOutputError } from '../../core/plugins/boundary.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import type { BotPlugin, TrackerContext, TrackerHttp, TrackerPlugin, TrackerTicket } from '../../plugins/sdk/index.ts';
import { TrackerError } from '../../plugins/sdk/index.ts';

const seen: TrackerContext[] = [];
const http: TrackerHttp = async () => ({ status: 200, headers: {}, text: '', json: undefined });

const tracker: TrackerPlugin = {
  manifest: {
    apiVersion: 1, id: 'kanban', kind: 'tracker', name: 'Kanban', version: '1.0.0',
    configSchema: {
      type: 'object', additionalProperties: false, required: ['board'],
      properties: { board: { type: 'string', minLength: 1 }, column: { type: 'string', default: 'Backlog' } },
    },
    credentialsSchema: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', minLength: 1 } } },
  },
  async verify(context) {
    seen.push(context);
    return { account: 'ada', target: 'board WEB' };
  },
  async create(ticket, context) {
    seen.push(context);
    if (ticket.title === 'throws') throw new Error('socket hang up');
    if (ticket.title === 'refused') {
      // A TrackerError from another copy of the SDK: recognised by its shape.
      throw Object.assign(new Error('Title is too long.'), { name: 'TrackerError', kind: 'validation', fields: { title: 'too long' }, status: 422 });
    }
    return ticket.title === 'bad'
      ? ({ externalId: '', key: '#7', url: 'ftp://nowhere' } as never)
      : { externalId: '7', key: '#7', url: `https://kanban.example/cards/7?ticket=${ticket.id}` };
  },
  findByMarker: async (ticketId) => (ticketId === 't1' ? { externalId: '7', key: '#7', url: 'https://kanban.example/cards/7' } : null),
  link: async (item) => (item.externalId === '7' ? 'linked' : ('maybe' as never)),
  resolveUser: async (username) => (username === 'ada' ? { id: 'u-1', name: 'Ada' } : username === 'odd' ? ({ id: '' } as never) : null),
};

const bot: BotPlugin = {
  manifest: { apiVersion: 1, id: 'recorder', kind: 'bot', name: 'Recorder', version: '1.0.0' },
  create: async () => ({ botId: 'b1', status: 'pending' }),
  cancel: async (botId) => ({ botId, status: 'cancelled' }),
  status: async (botId) => ({ botId, status: botId === 'odd' ? ('dancing' as never) : 'recording' }),
  transcript: async () => ({ participants: [{ id: 'a', name: 'Ada' }], messages: [{ id: 'm1', content: 'Hi', timestamp: 0, speaker: { id: 'a' } }] }),
  verifyWebhook: () => true,
  parseWebhook: () => null,
};

const ticket: TrackerTicket = {
  id: 't1', title: 'Ship it', description: 'Ship the release.', context: null, implementation: null, notes: null, effort: null, quote: null,
  priority: 'High', tags: [], dueDate: null, status: 'ToDo', project: 'Web', assignee: null, dependsOn: [],
};

describe('trackers and bots in the host', () => {
  it('binds a tracker to its validated settings and the HTTP client, with defaults filled in, and checks every answer', async () => {
    const host = await PluginHost.load({ builtins: [tracker, bot] });
    expect(host.refused).toEqual([]);
    expect(host.list().map((p) => [p.manifest.id, p.manifest.kind])).toEqual([['kanban', 'tracker'], ['recorder', 'bot']]);
    const kanban = host.tracker('kanban', { config: { board: 'WEB' }, credentials: { token: 'secret' } }, http)!;
    expect(await kanban.verify()).toEqual({ account: 'ada', target: 'board WEB' });
    expect(seen.at(-1)!.settings).toEqual({ config: { board: 'WEB', column: 'Backlog' }, credentials: { token: 'secret' } });
    expect(seen.at(-1)!.http).toBe(http);
    expect(await kanban.create(ticket)).toEqual({ externalId: '7', key: '#7', url: 'https://kanban.example/cards/7?ticket=t1' });
    await expect(kanban.create({ ...ticket, title: 'bad' })).rejects.toThrow(PluginOutputError);
    await expect(kanban.create({ ...ticket, title: 'bad' })).rejects.toThrow(
      /^The kanban plugin's create\(\) returned an invalid tracker item: externalId must not be empty; url "ftp:\/\/nowhere" is not in the expected form \(Address of the item for people\)\.$/,
    );
    expect(await kanban.findByMarker('t1')).toMatchObject({ key: '#7' });
    expect(await kanban.findByMarker('t2')).toBeNull();
    const item = { externalId: '7', key: '#7', url: 'https://kanban.example/cards/7' };
    expect(await kanban.link(item, item)).toBe('linked');
    await expect(kanban.link({ ...item, externalId: '8' }, item)).rejects.toThrow("The kanban plugin's link() must return 'linked' or 'unsupported'.");
    expect(await kanban.resolveUser('ada')).toEqual({ id: 'u-1', name: 'Ada' });
    expect(await kanban.resolveUser('nobody')).toBeNull();
    await expect(kanban.resolveUser('odd')).rejects.toThrow(PluginOutputError);
  });

  it('normalises what a tracker throws: its own TrackerErrors kept, anything else transient', async () => {
    const host = await PluginHost.load({ builtins: [tracker] });
    const kanban = host.tracker('kanban', { config: { board: 'WEB' }, credentials: { token: 'secret' } }, http)!;
    const refused = await kanban.create({ ...ticket, title: 'refused' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TrackerError);
    expect(refused).toMatchObject({ kind: 'validation', message: 'Title is too long.', fields: { title: 'too long' }, status: 422 });
    const crashed = await kanban.create({ ...ticket, title: 'throws' }).catch((error: unknown) => error);
    expect(crashed).toMatchObject({ kind: 'transient', message: "The kanban plugin's create() failed: socket hang up" });
  });

  it('refuses settings the manifest does not allow, naming the setting but never a credential’s value', async () => {
    const host = await PluginHost.load({ builtins: [tracker] });
    expect(() => host.tracker('kanban', { config: {}, credentials: { token: 'secret' } }, http)).toThrow(
      new InvalidInput("The kanban plugin's settings are invalid: config.board is required."),
    );
    expect(() => host.tracker('kanban', { config: { board: 'WEB' }, credentials: { token: 42 } }, http)).toThrow(
      new InvalidInput("The kanban plugin's settings are invalid: credentials.token must be string."),
    );
    expect(host.tracker('missing', {}, http)).toBeUndefined();
  });

  it('checks every bot state and the transcript a bot returns', async () => {
    const host = await PluginHost.load({ builtins: [bot] });
    const recorder = host.bot('recorder', {}, http)!;
    expect(await recorder.create({ meetingUrl: 'https://meet.example/abc', botName: 'Tickscribe' })).toEqual({ botId: 'b1', status: 'pending' });
    expect(await recorder.status('b1')).toEqual({ botId: 'b1', status: 'recording' });
    await expect(recorder.status('odd')).rejects.toThrow(/^The recorder plugin's status\(\) returned an invalid bot state: status must be one of "pending", "recording", "done", "failed", "cancelled", not "dancing"\.$/);
    expect(await recorder.cancel('b1')).toEqual({ botId: 'b1', status: 'cancelled' });
    expect(await recorder.transcript('b1')).toMatchObject({ title: 'Untitled meeting', source: 'recorder', messages: [{ content: 'Hi' }] });
  });

  it('refuses a plugin of any kind that lacks a function of its kind, or whose settings schema is not JSON Schema', async () => {
    const { cancel: _cancel, ...noCancel } = bot;
    const badSchema = { ...tracker, manifest: { ...tracker.manifest, id: 'bad-schema', configSchema: { type: 'nonsense' } } };
    const host = await PluginHost.load({ builtins: [noCancel, badSchema] });
    expect(host.refused).toEqual([
      { plugin: 'recorder', origin: 'built-in', problem: 'does not export cancel(): a bot plugin has the functions create, cancel, status, transcript, verifyWebhook, parseWebhook' },
      { plugin: 'bad-schema', origin: 'built-in', problem: expect.stringMatching(/^has a configuration or credentials schema that is not valid JSON Schema: /) },
    ]);
  });
});
