// Recall.ai's webhooks through the `recall` bot: Svix signatures checked on the raw bytes (current webhook-* and
// legacy svix-* header names), forged, re-serialised, stale and unsigned deliveries refused, and every kind of
// event read into a state, a transcript notice, or nothing.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RECALL_KEY, RECALL_SECRET, botEvent, signedDelivery } from './recall-fake.ts';
import { boundBot, failureOf } from './support.ts';

const BOT_ID = '8d3f2a34-6f3c-4b8e-9c6a-0b6f5f1d2e77';
const bot = boundBot('recall', 'http://127.0.0.1:9', { apiKey: RECALL_KEY, webhookSecret: RECALL_SECRET });

describe('recall bot: verifying webhooks', () => {
  it('accepts a genuine delivery, signed under the webhook-* names or the legacy svix-* names', async () => {
    expect(await bot.verifyWebhook(signedDelivery(botEvent(BOT_ID, 'in_call_recording')))).toEqual({ genuine: true });
    expect(await bot.verifyWebhook(signedDelivery(botEvent(BOT_ID, 'done'), { svix: true }))).toEqual({ genuine: true });
  });

  it('verifies the bytes as received, not the JSON re-serialised', async () => {
    const rawBody = `{"event": "bot.done", "data": {"data": {"code": "done", "sub_code": null, "updated_at": "${new Date().toISOString()}"}, "bot": {"id": "${BOT_ID}", "metadata": {"title": "Café sync"}}}}`;
    const headers = { 'webhook-id': 'msg_raw', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
    const asSent = { rawBody: new TextEncoder().encode(rawBody), headers: { ...headers, 'webhook-signature': sign(rawBody, headers) } };
    expect(await bot.verifyWebhook(asSent)).toEqual({ genuine: true });
    expect(await bot.verifyWebhook({ ...asSent, rawBody: JSON.stringify(JSON.parse(rawBody)) })).toEqual({ genuine: false, problem: 'No matching signature found' });
  });

  it('refuses a forged body, and one signed with another secret', async () => {
    const genuine = signedDelivery(botEvent(BOT_ID, 'call_ended', 'timeout_exceeded_waiting_room'));
    const forged = { ...genuine, rawBody: genuine.rawBody.replace('timeout_exceeded_waiting_room', 'call_ended_by_host') };
    expect(await bot.verifyWebhook(forged)).toEqual({ genuine: false, problem: 'No matching signature found' });
    const otherSecret = `whsec_${Buffer.from('somebody else entirely, 32 bytes').toString('base64')}`;
    expect(await bot.verifyWebhook(signedDelivery(botEvent(BOT_ID, 'done'), { secret: otherSecret }))).toMatchObject({ genuine: false });
  });

  it('refuses a stale delivery (a replay) and one from the future, beyond five minutes', async () => {
    const old = signedDelivery(botEvent(BOT_ID, 'done'), { at: new Date(Date.now() - 6 * 60_000), svix: true });
    expect(await bot.verifyWebhook(old)).toEqual({ genuine: false, problem: 'Message timestamp too old' });
    const ahead = signedDelivery(botEvent(BOT_ID, 'done'), { at: new Date(Date.now() + 6 * 60_000) });
    expect(await bot.verifyWebhook(ahead)).toEqual({ genuine: false, problem: 'Message timestamp too new' });
    expect(await bot.verifyWebhook(signedDelivery(botEvent(BOT_ID, 'done'), { at: new Date(Date.now() - 4 * 60_000) }))).toEqual({ genuine: true });
  });

  it('refuses an unsigned delivery, and every delivery when no secret is configured', async () => {
    const { rawBody, headers } = signedDelivery(botEvent(BOT_ID, 'done'));
    expect(await bot.verifyWebhook({ rawBody, headers: {} })).toEqual({ genuine: false, problem: expect.stringMatching(/no webhook-\* \(or svix-\*\) signature headers/) });
    expect(await bot.verifyWebhook({ rawBody, headers: { ...headers, 'webhook-signature': 'v1,' } })).toMatchObject({ genuine: false });
    const unconfigured = boundBot('recall', 'http://127.0.0.1:9', { apiKey: RECALL_KEY });
    expect(await unconfigured.verifyWebhook({ rawBody, headers })).toEqual({ genuine: false, problem: expect.stringMatching(/^no webhook secret is configured/) });
  });
});

/** The documented algorithm, by hand: v1,base64(HMAC-SHA256(key of the whsec_ secret, `${id}.${timestamp}.${body}`)). */
function sign(rawBody: string, headers: Record<string, string>): string {
  const key = Buffer.from(RECALL_SECRET.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${rawBody}`).digest('base64')}`;
}

describe('recall bot: reading webhooks', () => {
  const at = '2026-11-30T10:15:00.123456Z';
  const read = (body: unknown, headers: Record<string, string> = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1795946100' }) => bot.parseWebhook({ body, headers });

  it.each([
    ['joining_call', null, { status: 'pending' }],
    ['in_waiting_room', null, { status: 'pending' }],
    ['in_call_not_recording', null, { status: 'pending' }],
    ['recording_permission_allowed', null, { status: 'pending' }],
    ['recording_permission_denied', 'zoom_local_recording_denied', { status: 'pending', reason: 'recording_denied' }],
    ['in_call_recording', null, { status: 'recording' }],
    ['call_ended', 'call_ended_by_host', { status: 'done' }],
    ['call_ended', 'timeout_exceeded_waiting_room', { status: 'failed', reason: 'waiting_room_timeout', error: 'Nobody let the bot in from the waiting room in time.' }],
    ['call_ended', 'bot_kicked_from_waiting_room', { status: 'failed', reason: 'kicked', error: 'The bot was refused entry from the waiting room.' }],
    ['call_ended', 'bot_received_leave_call', { status: 'cancelled' }],
    ['done', null, { status: 'done' }],
    ['fatal', 'meeting_not_started', { status: 'failed', reason: 'meeting_not_found', error: 'The meeting had not started, so the bot could not join it.' }],
    ['fatal', 'zoom_sdk_credentials_missing', { status: 'failed', reason: 'fatal', error: 'The meeting bot stopped with an error (zoom_sdk_credentials_missing).' }],
    ['a_code_from_next_year', null, { status: 'pending', reason: 'unknown' }],
  ] as const)('reads bot.%s (%s) as %j', (code, subCode, state) => {
    expect(read(botEvent(BOT_ID, code, subCode, at))).toEqual({
      botId: BOT_ID, dedupeKey: 'msg_1', occurredAt: '2026-11-30T10:15:00.123Z',
      state: { botId: BOT_ID, ...state, providerStatus: subCode ? `${code}/${subCode}` : code },
    });
  });

  it('reads transcript.done and transcript.failed as "the transcript can be fetched now"', () => {
    for (const event of ['transcript.done', 'transcript.failed']) {
      const body = { event, data: { data: { code: event.split('.')[1], sub_code: null, updated_at: at }, transcript: { id: 't1', metadata: {} }, recording: { id: 'r1', metadata: {} }, bot: { id: BOT_ID, metadata: {} } } };
      expect(read(body)).toEqual({ botId: BOT_ID, transcriptReady: true, dedupeKey: 'msg_1', occurredAt: '2026-11-30T10:15:00.123Z' });
    }
  });

  it('reads the legacy bot.status_change body', () => {
    const body = { event: 'bot.status_change', data: { bot_id: BOT_ID, status: { code: 'fatal', sub_code: 'meeting_link_expired', message: 'The link expired.', created_at: at } } };
    expect(read(body, { 'svix-id': 'msg_legacy', 'svix-timestamp': '1795946100' })).toEqual({
      botId: BOT_ID, dedupeKey: 'msg_legacy', occurredAt: '2026-11-30T10:15:00.123Z',
      state: { botId: BOT_ID, status: 'failed', reason: 'meeting_not_found', error: 'The meeting link has expired.', providerStatus: 'fatal/meeting_link_expired' },
    });
  });

  it('gives every delivery of one message the same key, and different events different keys', () => {
    const first = read(botEvent(BOT_ID, 'done', null, at), { 'webhook-id': 'msg_9' });
    expect(read(botEvent(BOT_ID, 'done', null, at), { 'webhook-id': 'msg_9' })!.dedupeKey).toBe(first!.dedupeKey);
    const unnamed = read(botEvent(BOT_ID, 'done', null, at), {});
    expect(unnamed!.dedupeKey).toBe(`bot.done:${BOT_ID}:2026-11-30T10:15:00.123Z`);
    expect(read(botEvent(BOT_ID, 'call_ended', null, at), {})!.dedupeKey).not.toBe(unnamed!.dedupeKey);
  });

  it('answers null for events that say nothing about a bot\'s state or transcript', () => {
    expect(read({ event: 'recording.done', data: { bot: { id: BOT_ID } } })).toBeNull();
    expect(read({ event: 'participant_events.join', data: { bot: { id: BOT_ID } } })).toBeNull();
    expect(read({ event: 'calendar.update', data: { calendar_id: 'c1' } })).toBeNull();
    expect(read(botEvent(BOT_ID, 'breakout_room_entered', null, at))).toBeNull();
  });

  it('refuses a body it cannot read as a validation failure', async () => {
    expect(await failureOf(Promise.resolve().then(() => read('not json')))).toMatchObject({ name: 'BotError', kind: 'validation' });
    expect(await failureOf(Promise.resolve().then(() => read({ event: 'bot.done', data: { data: { code: 'done' } } })))).toMatchObject({
      kind: 'validation', message: 'The Recall.ai webhook could not be read: the bot.done event names no bot',
    });
  });
});
