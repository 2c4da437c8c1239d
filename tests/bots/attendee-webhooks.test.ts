// Attendee's webhooks through the `attendee` bot: the X-Webhook-Signature HMAC over the canonical JSON of the
// body (numbers kept as Attendee wrote them), forged, stale and unsigned deliveries refused, and bot.state_change
// read into a state while other triggers are passed over.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ATTENDEE_KEY, ATTENDEE_SECRET, signedAttendeeDelivery, stateChange } from './attendee-fake.ts';
import { boundBot, failureOf } from './support.ts';

const BOT_ID = 'bot_weIAju4OXNZkDTpZ';
const bot = boundBot('attendee', 'http://127.0.0.1:9', { apiKey: ATTENDEE_KEY, webhookSecret: ATTENDEE_SECRET });
const recording = () => stateChange(BOT_ID, { new_state: 'joined_recording', old_state: 'joined_not_recording', event_type: 'recording_permission_granted' });

describe('attendee bot: verifying webhooks', () => {
  it('accepts a genuine delivery, whatever the spacing of its JSON', async () => {
    const delivery = signedAttendeeDelivery(recording());
    expect(await bot.verifyWebhook(delivery)).toEqual({ genuine: true });
    expect(await bot.verifyWebhook({ ...delivery, rawBody: new TextEncoder().encode(JSON.stringify(JSON.parse(delivery.rawBody as string))) })).toEqual({ genuine: true });
  });

  it('signs what Python signs: sorted keys, non-ASCII as is, numbers exactly as written', async () => {
    const createdAt = new Date().toISOString();
    // As requests sends json.dumps(payload): ", " and ": ", non-ASCII escaped, floats in Python's repr.
    const rawBody = `{"idempotency_key": "6f1c", "bot_id": "${BOT_ID}", "bot_metadata": {"title": "Caf\\u00e9 sync"}, "trigger": "bot.state_change", "data": {"new_state": "ended", "old_state": "post_processing", "created_at": "${createdAt}", "event_type": "post_processing_completed", "event_sub_type": null, "event_metadata": {"bot_duration_seconds": 5.0, "ratio": 1e-05}}}`;
    const canonical = `{"bot_id":"${BOT_ID}","bot_metadata":{"title":"Café sync"},"data":{"created_at":"${createdAt}","event_metadata":{"bot_duration_seconds":5.0,"ratio":1e-05},"event_sub_type":null,"event_type":"post_processing_completed","new_state":"ended","old_state":"post_processing"},"idempotency_key":"6f1c","trigger":"bot.state_change"}`;
    const signature = createHmac('sha256', Buffer.from(ATTENDEE_SECRET, 'base64')).update(canonical, 'utf8').digest('base64');
    expect(await bot.verifyWebhook({ rawBody: Buffer.from(rawBody), headers: { 'x-webhook-signature': signature } })).toEqual({ genuine: true });
    const reprinted = rawBody.replace('5.0', '5');
    expect(await bot.verifyWebhook({ rawBody: reprinted, headers: { 'x-webhook-signature': signature } })).toMatchObject({ genuine: false });
  });

  it('refuses a forged body, and one signed with another secret', async () => {
    const genuine = signedAttendeeDelivery(recording());
    const forged = { ...genuine, rawBody: (genuine.rawBody as string).replace('joined_recording', 'ended') };
    expect(await bot.verifyWebhook(forged)).toEqual({ genuine: false, problem: 'the signature does not match the body' });
    const other = signedAttendeeDelivery(recording(), Buffer.from('another project, another secret!').toString('base64'));
    expect(await bot.verifyWebhook(other)).toEqual({ genuine: false, problem: 'the signature does not match the body' });
  });

  it('refuses a replay of an event over an hour old, though its signature holds', async () => {
    const old = stateChange(BOT_ID, { new_state: 'ended', old_state: 'post_processing', event_type: 'post_processing_completed', created_at: new Date(Date.now() - 61 * 60_000).toISOString() });
    expect(await bot.verifyWebhook(signedAttendeeDelivery(old))).toEqual({ genuine: false, problem: 'the event is 61 minutes old: a replayed delivery' });
    const recent = { ...old, data: { ...old.data, created_at: new Date(Date.now() - 50 * 60_000).toISOString() } };
    expect(await bot.verifyWebhook(signedAttendeeDelivery(recent))).toEqual({ genuine: true });
  });

  it('refuses an unsigned delivery, a body that is not JSON, and every delivery when no secret is configured', async () => {
    const { rawBody, headers } = signedAttendeeDelivery(recording());
    expect(await bot.verifyWebhook({ rawBody, headers: { 'content-type': 'application/json' } })).toEqual({ genuine: false, problem: 'the delivery carries no X-Webhook-Signature header' });
    expect(await bot.verifyWebhook({ rawBody: 'not json', headers })).toEqual({ genuine: false, problem: 'the body is not JSON, so it cannot carry a valid signature' });
    const unconfigured = boundBot('attendee', 'http://127.0.0.1:9', { apiKey: ATTENDEE_KEY });
    expect(await unconfigured.verifyWebhook({ rawBody, headers })).toMatchObject({ genuine: false, problem: expect.stringMatching(/^no webhook secret is configured/) });
  });
});

describe('attendee bot: reading webhooks', () => {
  const at = '2026-11-30T10:15:00.123456Z';
  const read = (body: unknown) => bot.parseWebhook({ body, headers: {} });
  const change = (data: Parameters<typeof stateChange>[1]) => ({ ...stateChange(BOT_ID, { created_at: at, ...data }), idempotency_key: 'idem-1' });

  it.each([
    [{ new_state: 'joining', old_state: 'ready', event_type: 'join_requested' }, { status: 'pending' }],
    [{ new_state: 'waiting_room', old_state: 'joining', event_type: 'put_in_waiting_room' }, { status: 'pending' }],
    [{ new_state: 'joined_not_recording', old_state: 'waiting_room', event_type: 'joined_meeting' }, { status: 'pending' }],
    [{ new_state: 'joined_recording', old_state: 'joined_not_recording', event_type: 'recording_permission_granted' }, { status: 'recording' }],
    [{ new_state: 'joined_recording_permission_denied', old_state: 'joined_not_recording', event_type: 'recording_permission_denied', event_sub_type: 'request_timed_out' },
      { status: 'pending', reason: 'recording_denied' }],
    [{ new_state: 'fatal_error', old_state: 'waiting_room', event_type: 'could_not_join_meeting', event_sub_type: 'waiting_room_timeout_exceeded' },
      { status: 'failed', reason: 'waiting_room_timeout', error: 'Nobody let the bot in from the waiting room in time.' }],
    [{ new_state: 'post_processing', old_state: 'waiting_room', event_type: 'meeting_ended', event_metadata: { bot_removed_by: { name: 'Host', uuid: 'u', user_uuid: null } } },
      { status: 'failed', reason: 'kicked', error: 'The bot was refused entry to the meeting.' }],
    [{ new_state: 'post_processing', old_state: 'joined_recording', event_type: 'meeting_ended', event_metadata: { bot_removed_by: { id: 'par_1', name: 'Host', is_host: true } } },
      { status: 'done', reason: 'kicked' }],
    [{ new_state: 'post_processing', old_state: 'joined_recording', event_type: 'meeting_ended' }, { status: 'done' }],
    [{ new_state: 'leaving', old_state: 'joined_recording', event_type: 'leave_requested', event_sub_type: 'user_requested' }, { status: 'cancelled' }],
    [{ new_state: 'fatal_error', old_state: 'joined_recording', event_type: 'fatal_error', event_sub_type: 'process_terminated' },
      { status: 'failed', reason: 'fatal', error: 'The meeting bot stopped with an error (process_terminated).' }],
    [{ new_state: 'a_state_from_next_year', old_state: 'joined_recording', event_type: 'something_new' }, { status: 'pending', reason: 'unknown' }],
  ] as [Parameters<typeof stateChange>[1], object][])('reads %j as %j', (data, state) => {
    expect(read(change(data))).toEqual({
      botId: BOT_ID, dedupeKey: 'idem-1', occurredAt: '2026-11-30T10:15:00.123Z',
      state: { botId: BOT_ID, ...state, providerStatus: data.event_sub_type ? `${data.new_state}/${data.event_sub_type}` : data.new_state },
    });
  });

  it('says the transcript is ready when post-processing completes', () => {
    expect(read(change({ new_state: 'ended', old_state: 'post_processing', event_type: 'post_processing_completed' }))).toEqual({
      botId: BOT_ID, dedupeKey: 'idem-1', occurredAt: '2026-11-30T10:15:00.123Z', transcriptReady: true,
      state: { botId: BOT_ID, status: 'done', providerStatus: 'ended' },
    });
  });

  it('keys each event by its idempotency key, the same on every retry of the delivery', () => {
    const event = stateChange(BOT_ID, { new_state: 'joined_recording', old_state: 'joined_not_recording', event_type: 'recording_permission_granted', created_at: at });
    expect(read(event)!.dedupeKey).toBe(event.idempotency_key);
    expect(read(JSON.parse(JSON.stringify(event)))!.dedupeKey).toBe(event.idempotency_key);
    expect(read({ ...event, idempotency_key: undefined })!.dedupeKey).toBe(`${BOT_ID}:joined_recording:2026-11-30T10:15:00.123Z`);
  });

  it('answers null for the other triggers', () => {
    for (const trigger of ['transcript.update', 'chat_messages.update', 'participant_events.join_leave', 'bot_logs.update', 'calendar.events_update', 'a.trigger.from.next.year']) {
      expect(read({ idempotency_key: 'k', bot_id: BOT_ID, trigger, data: {} })).toBeNull();
    }
  });

  it('refuses a state change it cannot read as a validation failure', async () => {
    expect(await failureOf(Promise.resolve().then(() => read({ trigger: 'bot.state_change', bot_id: BOT_ID, data: { new_state: 'ended' } })))).toMatchObject({
      name: 'BotError', kind: 'validation', message: 'The Attendee webhook could not be read: the bot.state_change names no bot, new state or time',
    });
    expect(await failureOf(Promise.resolve().then(() => read(['not', 'an', 'object'])))).toMatchObject({ kind: 'validation' });
  });
});
