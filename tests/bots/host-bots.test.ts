// The host's boundary around a bot plugin: every answer checked (states, events, transcripts), every failure a
// BotError the lifecycle can act on, the call's signal carried to the HTTP client, webhooks refused safely; and
// the composition root binding the configured provider from the MEETING_BOT_* settings.
import { describe, expect, it } from 'vitest';
import type { MeetingBot } from '../../core/bots/bots.ts';
import { createBotSteps } from '../../core/bots/lifecycle.ts';
import { PluginOutputError, type BotHostHttp } from '../../core/plugins/boundary.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import { StartupError } from '../../core/errors.ts';
import type { BotPlugin, BotState } from '../../plugins/sdk/index.ts';
import { BotError, TrackerError } from '../../plugins/sdk/index.ts';
import { configuredMeetingBot, loadPluginHost } from '../../server/plugins.ts';
import { failureOf } from './support.ts';

const seen: (AbortSignal | undefined)[] = [];
const http: BotHostHttp = async (request) => {
  seen.push(request.signal);
  return { status: 200, headers: {}, text: '', json: undefined };
};

const answers: Record<string, unknown> = {};
const odd: BotPlugin = {
  manifest: { apiVersion: 1, id: 'odd', kind: 'bot', name: 'Odd', version: '1.0.0' },
  create: async (_request, context) => {
    await context.http({ method: 'POST', url: 'https://bots.example/bots' });
    if (answers.create instanceof Error) throw answers.create;
    return answers.create as BotState;
  },
  cancel: async () => answers.cancel as BotState,
  status: async () => answers.status as BotState,
  transcript: async () => answers.transcript as never,
  verifyWebhook: (delivery) => {
    if (delivery.headers.sig === 'throw') throw new Error('the signature does not match');
    return delivery.headers.sig === 'ok' ? true : ('yes' as never);
  },
  parseWebhook: () => {
    if (answers.event instanceof Error) throw answers.event;
    return answers.event as never;
  },
};

const host = await PluginHost.load({ builtins: [odd] });
const bot = host.bot('odd', {}, http)!;
const at = '2026-11-30T10:15:00.000Z';

describe('the host around a bot', () => {
  it('hands the HTTP client the call\'s signal', async () => {
    answers.create = { botId: 'b1', status: 'pending' };
    const signal = new AbortController().signal;
    await bot.create({ meetingUrl: 'https://meet.example/x', botName: 'N' }, { signal });
    expect(seen.at(-1)).toBe(signal);
  });

  it('refuses states the contract does not allow: a failure without words, another bot\'s state, a cancel that leaves the bot running', async () => {
    answers.status = { botId: 'b1', status: 'failed' };
    expect(await failureOf(bot.status('b1'))).toMatchObject({ name: 'PluginOutputError', message: "The odd plugin's status() returned an invalid bot state: the bot state is missing error, reason (the contract requires each)." });
    answers.status = { botId: 'b2', status: 'recording' };
    expect(await failureOf(bot.status('b1'))).toEqual(new PluginOutputError("The odd plugin's status() returned the state of bot b2, not of b1."));
    answers.cancel = { botId: 'b1', status: 'recording' };
    expect(await failureOf(bot.cancel('b1'))).toEqual(new PluginOutputError("The odd plugin's cancel() must leave the bot cancelled or in a final state, not recording."));
    answers.status = { botId: 'b1', status: 'pending', reason: 'unknown', providerStatus: 'new_code' };
    expect(await bot.status('b1')).toEqual(answers.status);
  });

  it('turns what a plugin throws into BotErrors: its own kept, the HTTP client\'s kinds kept, anything else transient', async () => {
    answers.create = new BotError('rate_limited', 'Slow down.', { retryAt: at, status: 429 });
    expect(await failureOf(bot.create({ meetingUrl: 'https://meet.example/x', botName: 'N' }))).toEqual(answers.create);
    answers.create = new TrackerError('forbidden', 'Tickscribe does not send requests to 10.0.0.1.');
    const refused = await failureOf(bot.create({ meetingUrl: 'https://meet.example/x', botName: 'N' }));
    expect(refused).toBeInstanceOf(BotError);
    expect(refused).toMatchObject({ kind: 'forbidden', message: 'Tickscribe does not send requests to 10.0.0.1.' });
    answers.create = Object.assign(new Error('Not ready.'), { name: 'BotError', kind: 'not_ready', retryAt: at });
    expect(await failureOf(bot.create({ meetingUrl: 'https://meet.example/x', botName: 'N' }))).toMatchObject({ kind: 'not_ready', retryAt: at });
    answers.create = new Error('the service hung up');
    expect(await failureOf(bot.create({ meetingUrl: 'https://meet.example/x', botName: 'N' }))).toMatchObject({
      name: 'BotError', kind: 'transient', message: "The odd plugin's create() failed: the service hung up",
    });
    // fetch's own network failure is a TypeError carrying its cause: the service's fault, tried again.
    answers.create = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    expect(await failureOf(bot.create({ meetingUrl: 'https://meet.example/x', botName: 'N' }))).toMatchObject({ name: 'BotError', kind: 'transient' });
  });

  it('fails a bug of the plugin\'s code at once, naming the plugin, the error and its file and line, in every call', async () => {
    const buggy: BotPlugin = {
      ...odd,
      manifest: { ...odd.manifest, id: 'buggy' },
      status: async (botId) => (undefined as unknown as Record<string, BotState>)[botId]!,
      cancel: async () => { throw new ReferenceError('token is not defined'); },
      transcript: async () => JSON.parse('{') as never,
      parseWebhook: (webhook) => (webhook.body as { data: { bot: { id: string } } }).data.bot.id as never,
    };
    const bound = (await PluginHost.load({ builtins: [buggy] })).bot('buggy', {}, http)!;
    const bug = (call: string, error: string) => new RegExp(
      `^The buggy plugin's ${call}\\(\\) failed with a ${error}: .+ \\(at host-bots\\.test\\.ts line \\d+\\)\\. This is a fault in the plugin, not in the service it talks to, so it is not tried again: report it to the plugin's author\\.$`,
    );
    expect(await failureOf(bound.status('b1'))).toMatchObject({ name: 'PluginBugError', message: expect.stringMatching(bug('status', 'TypeError')) });
    expect(await failureOf(bound.cancel('b1'))).toMatchObject({ name: 'PluginBugError', message: expect.stringMatching(bug('cancel', 'ReferenceError')) });
    expect(await failureOf(bound.transcript('b1'))).toMatchObject({ name: 'PluginBugError', message: expect.stringMatching(/^The buggy plugin's transcript\(\) failed with a SyntaxError: /) });
    expect(() => bound.parseWebhook({ body: {}, headers: {} })).toThrow(bug('parseWebhook', 'TypeError'));
    // The lifecycle's steps answer a bug as the plugin's fault, which no retry of the activity repeats.
    const steps = createBotSteps({ orm: undefined as never, credits: undefined as never, meetingBot: { bot: bound } as MeetingBot });
    expect(await steps.pollBotStatus('b1')).toMatchObject({ ok: false, kind: 'plugin', message: expect.stringMatching(bug('status', 'TypeError')) });
    expect(await steps.cancelMeetingBot('b1')).toMatchObject({ ok: false, kind: 'plugin', message: expect.stringMatching(bug('cancel', 'ReferenceError')) });
  });

  it('checks the transcript like a parser\'s: an empty one is no recording, a broken one the plugin\'s fault', async () => {
    answers.transcript = { participants: [], messages: [] };
    expect(await failureOf(bot.transcript('b1'))).toMatchObject({ name: 'BotError', kind: 'no_recording' });
    answers.transcript = { participants: [{ id: 'a', name: 'Ada' }], messages: [{ id: 'm1', content: 'Hi', timestamp: 0, speaker: { id: 'z' } }] };
    expect(await failureOf(bot.transcript('b1'))).toEqual(new PluginOutputError("The odd plugin's transcript() returned message m1 from an unknown speaker."));
    answers.transcript = { participants: [{ id: 'a', name: '' }], messages: [{ id: 'm1', content: 'Hi', timestamp: 0, speaker: { id: 'a' } }] };
    expect(await failureOf(bot.transcript('b1'))).toMatchObject({ name: 'PluginOutputError', message: expect.stringMatching(/^The odd plugin's transcript\(\) returned an invalid transcript: transcript\.participants\[0\]\.name must not be empty\.$/) });
  });

  it('never throws from verifyWebhook: anything but true refuses the delivery, with the reason', async () => {
    expect(await bot.verifyWebhook({ rawBody: '{}', headers: { sig: 'ok' } })).toEqual({ genuine: true });
    expect(await bot.verifyWebhook({ rawBody: '{}', headers: { sig: 'throw' } })).toEqual({ genuine: false, problem: 'the signature does not match' });
    expect(await bot.verifyWebhook({ rawBody: '{}', headers: { sig: 'maybe' } })).toEqual({ genuine: false, problem: 'the odd plugin refused the delivery' });
  });

  it('checks every event, and says what a plugin could not read', async () => {
    answers.event = null;
    expect(bot.parseWebhook({ body: {}, headers: {} })).toBeNull();
    answers.event = { botId: 'b1', dedupeKey: 'k', occurredAt: at, state: { botId: 'b1', status: 'done' } };
    expect(bot.parseWebhook({ body: {}, headers: {} })).toEqual(answers.event);
    answers.event = { botId: 'b1', dedupeKey: 'k', occurredAt: 'yesterday', transcriptReady: true };
    expect(() => bot.parseWebhook({ body: {}, headers: {} })).toThrow(/^The odd plugin's parseWebhook\(\) returned an invalid bot event: occurredAt must be a date-time such as 2026-03-02T10:00:00Z, not "yesterday"\.$/);
    answers.event = { botId: 'b1', dedupeKey: 'k', occurredAt: at, state: { botId: 'b9', status: 'done' } };
    expect(() => bot.parseWebhook({ body: {}, headers: {} })).toThrow("The odd plugin's parseWebhook() returned an event of bot b1 with the state of bot b9.");
    answers.event = { botId: 'b1', dedupeKey: 'k', occurredAt: at };
    expect(() => bot.parseWebhook({ body: {}, headers: {} })).toThrow(/neither a state nor transcriptReady/);
    answers.event = new Error('the body names no event');
    expect(() => bot.parseWebhook({ body: {}, headers: {} })).toThrow(new BotError('validation', 'The Odd webhook could not be read: the body names no event'));
  });
});

describe('the configured meeting bot', () => {
  const settings = { MEETING_BOT_NAME: 'Tickscribe Notetaker' };

  it('is off when no provider is set', async () => {
    expect(configuredMeetingBot(await loadPluginHost(), settings, http)).toBeNull();
  });

  it('binds the provider to the MEETING_BOT_* settings, with the default address of its service', async () => {
    const plugins = await loadPluginHost();
    const meeting = configuredMeetingBot(plugins, { ...settings, MEETING_BOT_PROVIDER: 'recall', MEETING_BOT_API_KEY: 'k', MEETING_BOT_WEBHOOK_SECRET: 'whsec_c2VjcmV0' }, http)!;
    expect(meeting.bot.manifest.id).toBe('recall');
    expect(meeting.botName).toBe('Tickscribe Notetaker');
    const requests: string[] = [];
    const recording: BotHostHttp = async (request) => {
      requests.push(`${request.method} ${request.url} ${request.headers?.authorization}`);
      return { status: 201, headers: {}, text: '', json: { id: 'r1', status_changes: [] } };
    };
    const attendee = configuredMeetingBot(plugins, { ...settings, MEETING_BOT_PROVIDER: 'attendee', MEETING_BOT_API_KEY: 'a-key', MEETING_BOT_BASE_URL: 'https://attendee.example.com' }, recording)!;
    await attendee.bot.create({ meetingUrl: 'https://meet.example/x', botName: attendee.botName });
    const recall = configuredMeetingBot(plugins, { ...settings, MEETING_BOT_PROVIDER: 'recall', MEETING_BOT_API_KEY: 'r-key' }, recording)!;
    await recall.bot.create({ meetingUrl: 'https://meet.example/x', botName: recall.botName });
    expect(requests).toEqual(['POST https://attendee.example.com/api/v1/bots Token a-key', 'POST https://us-west-2.recall.ai/api/v1/bot/ Token r-key']);
  });

  it('stops the start on a provider that is not a bot plugin, or settings it refuses, naming the setting', async () => {
    const plugins = await loadPluginHost();
    expect(() => configuredMeetingBot(plugins, { ...settings, MEETING_BOT_PROVIDER: 'github' }, http)).toThrow(
      new StartupError("MEETING_BOT_PROVIDER is 'github', which is not a loaded bot plugin (built in: recall, attendee)."),
    );
    expect(() => configuredMeetingBot(plugins, { ...settings, MEETING_BOT_PROVIDER: 'recall' }, http)).toThrow(
      new StartupError("MEETING_BOT_PROVIDER is 'recall', but the recall plugin's settings are invalid: MEETING_BOT_API_KEY is required."),
    );
    expect(() => configuredMeetingBot(plugins, { ...settings, MEETING_BOT_PROVIDER: 'attendee', MEETING_BOT_API_KEY: 'k', MEETING_BOT_BASE_URL: 'ftp://x' }, http)).toThrow(
      /^MEETING_BOT_PROVIDER is 'attendee', but the attendee plugin's settings are invalid: MEETING_BOT_BASE_URL must /,
    );
  });
});
