// The `recall` bot against a local stand-in of Recall.ai's API: creating a bot, its status codes and sub-codes
// in Tickscribe's states (an unknown code included), cancelling before and after it joins, and the transcript.
import { describe, expect, it } from 'vitest';
import { RECALL_KEY, SEGMENTS, startRecallFake } from './recall-fake.ts';
import { boundBot, failureOf, mapped, MEETING, standIn } from './support.ts';

const recall = standIn(startRecallFake, (fake) => boundBot('recall', fake.api.url, { apiKey: RECALL_KEY }));

const sent = async (...changes: (string | [string, string])[]) => {
  const { botId } = await recall.bot.create({ meetingUrl: MEETING, botName: 'Tickscribe Notetaker' });
  recall.fake.advance(botId, ...changes);
  return botId;
};

describe('recall bot: create and status', () => {
  it('creates a bot with the meeting, the name, the metadata and a transcript provider, with the API key as a Token', async () => {
    const state = await recall.bot.create({ meetingUrl: MEETING, botName: 'Tickscribe Notetaker', metadata: { tickscribeBot: '42' } });
    expect(state).toEqual({ botId: expect.any(String), status: 'pending' });
    const request = recall.fake.api.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/bot/', headers: { authorization: `Token ${RECALL_KEY}` } });
    expect(request.body).toEqual({
      meeting_url: MEETING, bot_name: 'Tickscribe Notetaker', metadata: { tickscribeBot: '42' },
      recording_config: { transcript: { provider: { recallai_streaming: { mode: 'prioritize_accuracy' } } } },
    });
  });

  it('sends the configured transcript provider instead of the default', async () => {
    const captions = boundBot('recall', recall.fake.api.url, { apiKey: RECALL_KEY }, { transcriptProvider: { meeting_captions: {} } });
    await captions.create({ meetingUrl: MEETING, botName: 'Notes' });
    expect(recall.fake.api.requests.at(-1)!.body).toMatchObject({ recording_config: { transcript: { provider: { meeting_captions: {} } } } });
  });

  it.each([
    ['ready', { status: 'pending' }],
    ['joining_call', { status: 'pending' }],
    ['in_waiting_room', { status: 'pending' }],
    ['in_call_not_recording', { status: 'pending' }],
    ['recording_permission_allowed', { status: 'pending' }],
    ['recording_permission_denied', { status: 'pending', reason: 'recording_denied' }],
    ['in_call_recording', { status: 'recording' }],
    ['recording_done', { status: 'recording' }],
    ['call_ended', { status: 'done' }],
    [['call_ended', 'call_ended_by_host'], { status: 'done' }],
    [['call_ended', 'timeout_exceeded_everyone_left'], { status: 'done' }],
    [['call_ended', 'timeout_exceeded_waiting_room'], { status: 'failed', reason: 'waiting_room_timeout' }],
    [['call_ended', 'call_ended_by_platform_waiting_room_timeout'], { status: 'failed', reason: 'waiting_room_timeout' }],
    [['call_ended', 'bot_kicked_from_waiting_room'], { status: 'failed', reason: 'kicked' }],
    [['call_ended', 'timeout_exceeded_noone_joined'], { status: 'failed', reason: 'no_recording' }],
    [['call_ended', 'timeout_exceeded_recording_permission_denied'], { status: 'failed', reason: 'recording_denied' }],
    [['call_ended', 'timeout_exceeded_in_call_not_recording'], { status: 'failed', reason: 'recording_denied' }],
    [['call_ended', 'bot_received_leave_call'], { status: 'cancelled' }],
    [['call_ended', 'bot_kicked_from_call'], { status: 'done', reason: 'kicked' }],
    [['call_ended', 'a_sub_code_from_next_year'], { status: 'done' }],
    ['done', { status: 'done' }],
    ['analysis_done', { status: 'done' }],
    ['analysis_failed', { status: 'done' }],
    ['media_expired', { status: 'done' }],
    [['fatal', 'meeting_not_found'], { status: 'failed', reason: 'meeting_not_found' }],
    [['fatal', 'meeting_password_incorrect'], { status: 'failed', reason: 'meeting_not_found' }],
    [['fatal', 'zoom_meeting_not_accessible'], { status: 'failed', reason: 'meeting_not_found' }],
    [['fatal', 'google_meet_bot_blocked'], { status: 'failed', reason: 'kicked' }],
    [['fatal', 'bot_errored'], { status: 'failed', reason: 'fatal' }],
    ['fatal', { status: 'failed', reason: 'fatal' }],
    ['participant_in_waiting_room', { status: 'pending' }],
    ['a_code_from_next_year', { status: 'pending', reason: 'unknown' }],
  ] as [string | [string, string], object][])('maps %j to %j, keeping the code', async (change, expected) => {
    const state = await recall.bot.status(await sent(change));
    expect(mapped(state)).toEqual(expected);
    expect(state.providerStatus).toBe(typeof change === 'string' ? change : change.join('/'));
    if (state.status === 'failed') expect(state.error).toMatch(/^[A-Z].+\.$/);
  });

  it('reads the history as the lifecycle reads webhooks: never backwards, the first final state stays', async () => {
    const timedOut = await recall.bot.status(await sent('joining_call', 'in_waiting_room', ['call_ended', 'timeout_exceeded_waiting_room'], 'done'));
    expect(timedOut).toEqual({
      botId: expect.any(String), status: 'failed', reason: 'waiting_room_timeout', error: 'Nobody let the bot in from the waiting room in time.', providerStatus: 'done',
    });
    expect(mapped(await recall.bot.status(await sent('joining_call', 'in_call_recording', 'in_call_not_recording')))).toEqual({ status: 'recording' });
    const newer = await recall.bot.status(await sent('joining_call', 'in_call_recording', 'a_code_from_next_year'));
    expect(newer).toEqual({ botId: expect.any(String), status: 'recording', providerStatus: 'a_code_from_next_year' });
  });

  it('says a bot it does not know is not found', async () => {
    await expect(recall.bot.status('7f0f3a8e-0000-4000-8000-000000000000')).rejects.toMatchObject({ name: 'BotError', kind: 'not_found', status: 404 });
  });
});

describe('recall bot: cancel', () => {
  it('deletes a bot that has not been dispatched', async () => {
    const { botId } = await recall.bot.create({ meetingUrl: MEETING, botName: 'Notes' });
    expect(await recall.bot.cancel(botId)).toEqual({ botId, status: 'cancelled', providerStatus: 'deleted' });
    expect(recall.fake.bots.has(botId)).toBe(false);
  });

  it('makes a bot in the meeting leave the call (Delete Bot answers 405 once it is dispatched)', async () => {
    const botId = await sent('joining_call', 'in_call_recording');
    expect(await recall.bot.cancel(botId)).toEqual({ botId, status: 'cancelled', providerStatus: 'leave_call' });
    expect(recall.fake.api.requests.slice(-2).map((request) => `${request.method} ${request.path}`)).toEqual([
      `DELETE /api/v1/bot/${botId}/`, `POST /api/v1/bot/${botId}/leave_call/`,
    ]);
    expect(mapped(await recall.bot.status(botId))).toEqual({ status: 'cancelled' });
  });

  it('gives the final state of a bot that had already ended', async () => {
    const botId = await sent('joining_call', 'in_call_recording', 'call_ended', 'done');
    expect(await recall.bot.cancel(botId)).toEqual({ botId, status: 'done', providerStatus: 'done' });
  });
});

describe('recall bot: transcript', () => {
  it('downloads the transcript from its link, without the API key, speakers named as Recall names them', async () => {
    const botId = await sent('joining_call', 'in_call_recording', 'call_ended', 'done');
    recall.fake.record(botId, { segments: SEGMENTS });
    const transcript = await recall.bot.transcript(botId);
    expect(transcript).toEqual({
      title: 'Untitled meeting', source: 'recall',
      participants: [{ id: 'p1', name: 'Ada Lovelace' }, { id: 'p2', name: 'Grace Hopper' }],
      messages: [
        { id: 'm1', content: 'We ship Friday.', timestamp: 3.2, speaker: { id: 'p1' } },
        { id: 'm2', content: "I'll write the notes.", timestamp: 7, speaker: { id: 'p2' } },
      ],
    });
    const download = recall.fake.media.requests.at(-1)!;
    expect(download.path).toBe(`/transcripts/${botId}.json`);
    expect(download.headers.authorization).toBeUndefined();
  });

  it('names an unidentified speaker "Unknown speaker" and keeps a negative time at zero', async () => {
    const botId = await sent('in_call_recording', 'call_ended', 'done');
    recall.fake.record(botId, { segments: [{ participant: null, words: [{ text: 'Hello?', start_timestamp: { relative: -1.5 } }] }] });
    expect(await recall.bot.transcript(botId)).toMatchObject({ participants: [{ id: 'p1', name: 'Unknown speaker' }], messages: [{ content: 'Hello?', timestamp: 0 }] });
  });

  it.each([
    ['the meeting is still going on', ['in_call_recording'], undefined, 'not_ready', /still going on/],
    ['the recording is still being saved', ['in_call_recording', 'call_ended'], undefined, 'not_ready', /still saving/],
    ['the transcript is still being made', ['in_call_recording', 'call_ended', 'done'], { status: 'processing' }, 'not_ready', /still transcribing/],
    ['the bot never recorded', ['joining_call', 'call_ended', 'done'], undefined, 'no_recording', /^The bot made no recording\.$/],
    ['nobody let it in', ['in_waiting_room', ['call_ended', 'timeout_exceeded_waiting_room'], 'done'], undefined, 'no_recording', /waiting room/],
    ['no transcript was asked for', ['in_call_recording', 'call_ended', 'done'], null, 'no_recording', /no transcript/],
    ['the transcription failed', ['in_call_recording', 'call_ended', 'done'], { status: 'failed' }, 'no_recording', /could not transcribe.*provider_error/],
    ['nobody spoke', ['in_call_recording', 'call_ended', 'done'], { segments: [] }, 'no_recording', /nobody spoke/],
  ] as [string, (string | [string, string])[], object | null | undefined, string, RegExp][])('fails clearly when %s', async (_case, changes, transcript, kind, message) => {
    const botId = await sent(...changes);
    if (transcript !== undefined) recall.fake.record(botId, transcript as never);
    const error = await failureOf(recall.bot.transcript(botId));
    expect(error).toMatchObject({ name: 'BotError', kind, message: expect.stringMatching(message) });
    if (kind === 'not_ready') expect(Date.parse(error!.retryAt!)).toBeGreaterThan(Date.now());
  });

  it('retries a download that fails (its link may have expired) as transient', async () => {
    const botId = await sent('in_call_recording', 'call_ended', 'done');
    recall.fake.record(botId, { segments: SEGMENTS });
    recall.fake.media.script('GET /transcripts/', { status: 403, body: { message: 'Request has expired' } });
    expect(await failureOf(recall.bot.transcript(botId))).toMatchObject({ kind: 'transient', status: 403 });
    await expect(recall.bot.transcript(botId)).resolves.toMatchObject({ messages: [{ content: 'We ship Friday.' }, { content: "I'll write the notes." }] });
  });
});
