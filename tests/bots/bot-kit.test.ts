// The bot contract kit: both built-in bots pass it against their stand-ins, and it finds what a careless bot
// gets wrong (webhooks it never refuses, failures it does not name, settings it does not take).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBotContract, checkBotContract, fetchHttp, type BotKitOptions } from '../../core/plugins/testkit.ts';
import { attendeeBot } from '../../plugins/bots/attendee/index.ts';
import { recallBot } from '../../plugins/bots/recall/index.ts';
import type { BotPlugin } from '../../plugins/sdk/index.ts';
import { ATTENDEE_KEY, ATTENDEE_SECRET, signedAttendeeDelivery, startAttendeeFake, stateChange, utterance, type AttendeeFake } from './attendee-fake.ts';
import { RECALL_KEY, RECALL_SECRET, SEGMENTS, botEvent, signedDelivery, startRecallFake, type RecallFake } from './recall-fake.ts';

let recall: RecallFake;
let attendee: AttendeeFake;

beforeAll(async () => {
  recall = await startRecallFake();
  attendee = await startAttendeeFake();
});
afterAll(async () => {
  await recall.close();
  await attendee.close();
});

const HOUR_AGO = () => new Date(Date.now() - 2 * 3_600_000);

const recallKit = (): BotKitOptions => ({
  settings: { config: { baseUrl: recall.api.url }, credentials: { apiKey: RECALL_KEY, webhookSecret: RECALL_SECRET } },
  http: fetchHttp,
  endMeeting(botId) {
    recall.advance(botId, 'joining_call', 'in_call_recording', 'call_ended', 'done');
    recall.record(botId, { segments: SEGMENTS });
  },
  signedWebhook: (botId) => signedDelivery(botEvent(botId, 'in_call_recording')),
  staleWebhook: (botId) => signedDelivery(botEvent(botId, 'in_call_recording'), { at: HOUR_AGO() }),
});

const recordingChange = (botId: string, createdAt = new Date()) =>
  stateChange(botId, { new_state: 'joined_recording', old_state: 'joined_not_recording', event_type: 'recording_permission_granted', created_at: createdAt.toISOString() });

const attendeeKit = (): BotKitOptions => ({
  settings: { config: { baseUrl: attendee.api.url }, credentials: { apiKey: ATTENDEE_KEY, webhookSecret: ATTENDEE_SECRET } },
  http: fetchHttp,
  endMeeting(botId) {
    for (const [type, state] of [['joined_meeting', 'joined_not_recording'], ['recording_permission_granted', 'joined_recording'], ['meeting_ended', 'post_processing'], ['post_processing_completed', 'ended']]) {
      attendee.happen(botId, type!, state!);
    }
    attendee.say(botId, [utterance('Ada Lovelace', 'u-1', 1200, 'We ship Friday.')]);
  },
  signedWebhook: (botId) => signedAttendeeDelivery(recordingChange(botId)),
  staleWebhook: (botId) => signedAttendeeDelivery(recordingChange(botId, HOUR_AGO())),
});

describe('bot contract kit', () => {
  it('passes the recall bot against its stand-in', async () => {
    await assertBotContract(recallBot, recallKit());
  });

  it('passes the attendee bot against its stand-in', async () => {
    await assertBotContract(attendeeBot, attendeeKit());
  });

  it('finds a bot that takes every webhook for genuine', async () => {
    const trusting: BotPlugin = { ...recallBot, manifest: { ...recallBot.manifest, id: 'trusting' }, verifyWebhook: () => true };
    expect(await checkBotContract(trusting, recallKit())).toEqual([
      'verifyWebhook() accepted a delivery whose body was changed after signing',
      'verifyWebhook() accepted a delivery without its signature headers',
      'verifyWebhook() accepted a stale delivery (a replay)',
      'verifyWebhook() accepted a delivery with no webhook secret configured',
    ]);
  });

  it('finds a bot whose failures say nothing, and settings the product cannot pass it', async () => {
    const vague: BotPlugin = {
      ...attendeeBot,
      manifest: { ...attendeeBot.manifest, id: 'vague', credentialsSchema: { type: 'object', properties: { token: { type: 'string' } } } },
      create: async (request, context) => {
        const answer = await context.http({ method: 'POST', url: `${(context.settings.config as { baseUrl: string }).baseUrl}/api/v1/bots`, body: request });
        if (answer.status >= 300) throw new Error(`HTTP ${answer.status}`);
        return { botId: 'b1', status: 'pending' };
      },
    };
    const problems = await checkBotContract(vague, { ...attendeeKit(), settings: { config: { baseUrl: attendee.api.url }, credentials: { token: 'x' } } });
    expect(problems).toEqual(expect.arrayContaining([
      'the credentialsSchema must declare apiKey and webhookSecret (MEETING_BOT_* settings are passed under those names)',
      "create() answered by 401 threw kind 'transient' (The vague plugin's create() failed: HTTP 401); expected 'auth'",
      "create() answered by 429 with Retry-After: 30 threw kind 'transient' (The vague plugin's create() failed: HTTP 429); expected 'rate_limited'",
      'create() answered by 429 with Retry-After: 30 gave retryAt (none); expected about 30 seconds from now',
      expect.stringMatching(/^against the stand-in: /),
    ]));
  });

  it('refuses to start on settings the plugin does not accept', async () => {
    expect(await checkBotContract(recallBot, { ...recallKit(), settings: { config: { baseUrl: recall.api.url }, credentials: {} } })).toEqual([
      "the settings given to the kit were refused: The recall plugin's settings are invalid: credentials.apiKey is required.",
    ]);
  });
});
