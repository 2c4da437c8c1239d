// The `attendee` bot against a local stand-in of an Attendee server: creating a bot, its states and event
// sub-types in Tickscribe's states (an unknown state included), cancelling before and after it joins, the transcript.
import { describe, expect, it } from 'vitest';
import { ATTENDEE_KEY, startAttendeeFake, utterance } from './attendee-fake.ts';
import { boundBot, failureOf, mapped, MEETING, standIn } from './support.ts';

const attendee = standIn(startAttendeeFake, (fake) => boundBot('attendee', fake.api.url, { apiKey: ATTENDEE_KEY }));

type Step = [type: string, state: string, subType?: string];
const JOINED: Step[] = [['joined_meeting', 'joined_not_recording'], ['recording_permission_granted', 'joined_recording']];

const sent = async (...steps: Step[]) => {
  const { botId } = await attendee.bot.create({ meetingUrl: MEETING, botName: 'Tickscribe Notetaker' });
  for (const [type, state, subType] of steps) attendee.fake.happen(botId, type, state, subType ?? null);
  return botId;
};

describe('attendee bot: create and status', () => {
  it('creates a bot with the meeting, the name and the metadata, with the API key as a Token', async () => {
    const state = await attendee.bot.create({ meetingUrl: MEETING, botName: 'Tickscribe Notetaker', metadata: { tickscribeBot: '42' } });
    expect(state).toEqual({ botId: expect.stringMatching(/^bot_/), status: 'pending', providerStatus: 'joining' });
    expect(attendee.fake.api.requests.at(-1)).toMatchObject({
      method: 'POST', path: '/api/v1/bots', headers: { authorization: `Token ${ATTENDEE_KEY}` },
      body: { meeting_url: MEETING, bot_name: 'Tickscribe Notetaker', metadata: { tickscribeBot: '42' } },
    });
  });

  it('sends the configured transcription settings', async () => {
    const captions = boundBot('attendee', attendee.fake.api.url, { apiKey: ATTENDEE_KEY }, { transcriptionSettings: { meeting_closed_captions: {} } });
    await captions.create({ meetingUrl: MEETING, botName: 'Notes' });
    expect(attendee.fake.api.requests.at(-1)!.body).toMatchObject({ transcription_settings: { meeting_closed_captions: {} } });
  });

  it.each([
    ['joining', [], { status: 'pending' }, 'joining'],
    ['staged', [['staged', 'staged']], { status: 'pending' }, 'staged'],
    ['waiting_room', [['put_in_waiting_room', 'waiting_room']], { status: 'pending' }, 'waiting_room'],
    ['joined_not_recording', [JOINED[0]!], { status: 'pending' }, 'joined_not_recording'],
    ['joined_recording', JOINED, { status: 'recording' }, 'joined_recording'],
    ['joined_recording_paused', [...JOINED, ['recording_paused', 'joined_recording_paused']], { status: 'recording' }, 'joined_recording_paused'],
    ['joining_breakout_room', [...JOINED, ['began_joining_breakout_room', 'joining_breakout_room']], { status: 'pending' }, 'joining_breakout_room'],
    ['joined_recording_permission_denied', [JOINED[0]!, ['recording_permission_denied', 'joined_recording_permission_denied', 'host_denied_permission']],
      { status: 'pending', reason: 'recording_denied' }, 'joined_recording_permission_denied/host_denied_permission'],
    ['a waiting-room timeout', [['put_in_waiting_room', 'waiting_room'], ['could_not_join_meeting', 'fatal_error', 'waiting_room_timeout_exceeded']],
      { status: 'failed', reason: 'waiting_room_timeout' }, 'fatal_error/waiting_room_timeout_exceeded'],
    ['a denied request to join', [['could_not_join_meeting', 'fatal_error', 'request_to_join_denied']], { status: 'failed', reason: 'kicked' }, 'fatal_error/request_to_join_denied'],
    ['an unknown meeting', [['could_not_join_meeting', 'fatal_error', 'meeting_not_found']], { status: 'failed', reason: 'meeting_not_found' }, 'fatal_error/meeting_not_found'],
    ['a meeting not started', [['could_not_join_meeting', 'fatal_error', 'meeting_not_started_waiting_for_host']], { status: 'failed', reason: 'meeting_not_found' }, 'fatal_error/meeting_not_started_waiting_for_host'],
    ['a wrong password', [['could_not_join_meeting', 'fatal_error', 'unable_to_connect_to_meeting']], { status: 'failed', reason: 'meeting_not_found' }, 'fatal_error/unable_to_connect_to_meeting'],
    ['a sign-in wall', [['could_not_join_meeting', 'fatal_error', 'login_required']], { status: 'failed', reason: 'meeting_not_found' }, 'fatal_error/login_required'],
    ['no credits', [['fatal_error', 'fatal_error', 'out_of_credits']], { status: 'failed', reason: 'fatal' }, 'fatal_error/out_of_credits'],
    ['a crash', [...JOINED, ['fatal_error', 'fatal_error', 'heartbeat_timeout']], { status: 'failed', reason: 'fatal' }, 'fatal_error/heartbeat_timeout'],
    ['the meeting ending', [...JOINED, ['meeting_ended', 'post_processing']], { status: 'done' }, 'post_processing'],
    ['post-processing done', [...JOINED, ['meeting_ended', 'post_processing'], ['post_processing_completed', 'ended']], { status: 'done' }, 'ended'],
    ['an automatic leave', [...JOINED, ['leave_requested', 'leaving', 'auto_leave_silence']], { status: 'done' }, 'leaving/auto_leave_silence'],
    ['a leave the API asked for', [...JOINED, ['leave_requested', 'leaving', 'user_requested']], { status: 'cancelled' }, 'leaving/user_requested'],
    ['a meeting that ended in the waiting room', [['put_in_waiting_room', 'waiting_room'], ['meeting_ended', 'post_processing']],
      { status: 'failed', reason: 'waiting_room_timeout' }, 'post_processing'],
    ['a meeting that ended before the bot got in', [['meeting_ended', 'post_processing']], { status: 'failed', reason: 'no_recording' }, 'post_processing'],
    ['no captions to transcribe', [JOINED[0]!, ['leave_requested', 'leaving', 'auto_leave_could_not_enable_closed_captions']],
      { status: 'failed', reason: 'no_recording' }, 'leaving/auto_leave_could_not_enable_closed_captions'],
    ['deleted data', [...JOINED, ['meeting_ended', 'post_processing'], ['post_processing_completed', 'ended'], ['data_deleted', 'data_deleted']],
      { status: 'failed', reason: 'no_recording' }, 'data_deleted'],
    ['a state from next year', [['teleported', 'a_state_from_next_year']], { status: 'pending', reason: 'unknown' }, 'a_state_from_next_year'],
  ] as [string, Step[], object, string][])('maps %s', async (_case, steps, expected, providerStatus) => {
    const state = await attendee.bot.status(await sent(...steps));
    expect(mapped(state)).toEqual(expected);
    expect(state.providerStatus).toBe(providerStatus);
    if (state.status === 'failed') expect(state.error).toMatch(/^[A-Z].+\.$/);
  });

  it('says a bot it does not know is not found, in Attendee\'s words', async () => {
    expect(await failureOf(attendee.bot.status('bot_unknown'))).toMatchObject({ kind: 'not_found', status: 404, message: 'Attendee does not know this bot. Attendee said: Bot not found' });
  });
});

describe('attendee bot: cancel', () => {
  it('deletes a scheduled bot', async () => {
    const botId = await sent();
    attendee.fake.bots.get(botId)!.state = 'scheduled';
    expect(await attendee.bot.cancel(botId)).toEqual({ botId, status: 'cancelled', providerStatus: 'deleted' });
    expect(attendee.fake.bots.has(botId)).toBe(false);
  });

  it('makes a joining or recording bot leave', async () => {
    for (const steps of [[], [['put_in_waiting_room', 'waiting_room']], JOINED] as Step[][]) {
      const botId = await sent(...steps);
      expect(await attendee.bot.cancel(botId)).toEqual({ botId, status: 'cancelled', providerStatus: 'leave_requested/user_requested' });
      expect(attendee.fake.api.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/bots/${botId}/leave` });
      expect(mapped(await attendee.bot.status(botId))).toEqual({ status: 'cancelled' });
    }
  });

  it('gives the final state of a bot that had already ended, and fails when it can neither leave nor has ended', async () => {
    const ended = await sent(...JOINED, ['meeting_ended', 'post_processing'], ['post_processing_completed', 'ended']);
    expect(await attendee.bot.cancel(ended)).toEqual({ botId: ended, status: 'done', providerStatus: 'ended' });
    const staged = await sent(['staged', 'staged']);
    expect(await failureOf(attendee.bot.cancel(staged))).toMatchObject({ kind: 'validation', status: 400 });
  });
});

describe('attendee bot: transcript', () => {
  const finished: Step[] = [...JOINED, ['meeting_ended', 'post_processing'], ['post_processing_completed', 'ended']];

  it('reads the utterances, speakers named as Attendee names them, times from the start of the recording', async () => {
    const botId = await sent(...finished);
    attendee.fake.say(botId, [utterance('Ada Lovelace', 'u-1', 3200, 'We ship Friday.'), utterance('Grace Hopper', 'u-2', 7000, "I'll write the notes."), utterance('Ada Lovelace', 'u-1', 9100, 'Thanks.')]);
    expect(await attendee.bot.transcript(botId)).toEqual({
      title: 'Untitled meeting', source: 'attendee',
      participants: [{ id: 'p1', name: 'Ada Lovelace' }, { id: 'p2', name: 'Grace Hopper' }],
      messages: [
        { id: 'm1', content: 'We ship Friday.', timestamp: 3.2, speaker: { id: 'p1' } },
        { id: 'm2', content: "I'll write the notes.", timestamp: 7, speaker: { id: 'p2' } },
        { id: 'm3', content: 'Thanks.', timestamp: 9.1, speaker: { id: 'p1' } },
      ],
    });
  });

  it('counts epoch-millisecond times from the first utterance', async () => {
    const botId = await sent(...finished);
    attendee.fake.say(botId, [utterance('Ada', 'u-1', 1_733_114_771_000, 'Hello.'), utterance('Grace', 'u-2', 1_733_114_775_500, 'Hi.')]);
    expect((await attendee.bot.transcript(botId)).messages.map((message) => message.timestamp)).toEqual([0, 4.5]);
  });

  it.each([
    ['the meeting is still going on', JOINED, undefined, 'not_ready', /still going on/],
    ['the recording is being processed', [...JOINED, ['meeting_ended', 'post_processing']], undefined, 'not_ready', /still processing/],
    ['the transcript is still being made', finished, 'in_progress', 'not_ready', /still transcribing/],
    ['the transcription failed', finished, 'failed', 'no_recording', /could not transcribe/],
    ['there is no recording', [['put_in_waiting_room', 'waiting_room'], ['could_not_join_meeting', 'fatal_error', 'waiting_room_timeout_exceeded']], undefined, 'no_recording', /waiting room/],
    ['nobody spoke', finished, 'complete', 'no_recording', /nobody spoke/],
  ] as [string, Step[], string | undefined, string, RegExp][])('fails clearly when %s', async (_case, steps, transcription, kind, message) => {
    const botId = await sent(...steps);
    if (transcription) attendee.fake.say(botId, [], transcription);
    const error = await failureOf(attendee.bot.transcript(botId));
    expect(error).toMatchObject({ name: 'BotError', kind, message: expect.stringMatching(message) });
    if (kind === 'not_ready') expect(Date.parse(error!.retryAt!)).toBeGreaterThan(Date.now());
  });
});
